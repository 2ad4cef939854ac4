import Foundation
import LunarRuntime

/// An empty `lunar.storage` for one run (`lunar run --fresh-storage`): a new directory in the
/// temporary directory, removed when the run ends (or, when the command is stopped by a signal,
/// by ``StopCleanup``). The store the bundle saved elsewhere is neither read nor touched.
public enum FreshStorage {
    /// Runs `body` with `options` whose storage directory is a new, empty temporary one, and
    /// removes that directory afterwards.
    public static func run<T>(_ options: RuntimeOptions, _ body: (RuntimeOptions) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("lunar-fresh-storage-\(UUID().uuidString)", isDirectory: true)
        StopCleanup.shared.removeOnStop(directory)
        defer {
            try? FileManager.default.removeItem(at: directory)
            StopCleanup.shared.forget(directory)
        }
        var options = options
        options.storageDirectory = directory
        return try await body(options)
    }
}
