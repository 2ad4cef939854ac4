import Foundation
import LunarBundle
import LunarMockAPI
import LunarRuntime

/// Runs a bundle's Lua specs (`spec/**/*_spec.lua`) headless: what `lunar test` does, for any
/// Swift host or test.
///
/// Each spec file gets a fresh runtime of the bundle (a fresh Lua state, a fresh `lunar.storage`
/// directory, a virtual clock) and, when the bundle has a `mock-api/`, a mock API served on
/// loopback that the network layer's base URL points at; both are gone when the file is done.
/// Within the file each test starts from a fresh app in that runtime (the entry screen anew,
/// storage empty; ``LunarRuntime/startFresh(renderer:timeout:)``) unless its group shares one
/// (`describe(name, { sharedApp = true }, fn)`).
public struct SpecRunner: Sendable {
    /// The bundle whose specs run.
    public let bundle: ScriptBundle
    /// Run only tests whose full name (describe and it names, joined by spaces) or file contains it.
    public var filter: String?
    /// How long `app.wait()` may find the app busy before the test fails.
    public var waitTimeout: Double = 10
    /// Replace snapshots that differ instead of failing (`lunar test --update`); see `toMatchSnapshot()`.
    public var updateSnapshots = false
    /// Called with each fresh runtime before its spec file runs: where a host registers its own
    /// modules (`native.*`), as it would for the app.
    public var prepare: @Sendable (LunarRuntime) async -> Void = { _ in }

    public init(bundle: ScriptBundle, filter: String? = nil) {
        self.bundle = bundle
        self.filter = filter
    }

    /// The spec files, bundle-relative, sorted: `spec/**/*_spec.lua` inside the bundle.
    public var files: [String] {
        let root = bundle.root
        let specs = root.appendingPathComponent("spec", isDirectory: true)
        guard let walker = FileManager.default.enumerator(
            at: specs, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else { return [] }
        var found: [String] = []
        let prefix = root.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        for case let url as URL in walker where url.lastPathComponent.hasSuffix("_spec.lua") {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            if path.hasPrefix(prefix) { found.append(String(path.dropFirst(prefix.count))) }
        }
        return found.sorted()
    }

    /// Runs the spec files in order (`only` those, or every one of ``files``), handing each
    /// result to `each` as it finishes.
    public func run(only: [String]? = nil, each: (SpecFileResult) -> Void = { _ in }) async -> [SpecFileResult] {
        var results: [SpecFileResult] = []
        for file in only ?? files {
            let result = await run(file)
            each(result)
            results.append(result)
        }
        return results
    }

    /// Runs one spec file in a fresh runtime with its own storage and mock API. Never throws:
    /// every problem is in the result.
    public func run(_ file: String) async -> SpecFileResult {
        let storage = FileManager.default.temporaryDirectory
            .appendingPathComponent("lunar-test-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: storage) }
        do {
            return try await MockAPIScope.run(for: bundle) { [bundle] mockAPI in
                var options = RuntimeOptions(clock: .virtual, storageDirectory: storage)
                options.apiBaseURL = mockAPI
                return try await RuntimeScope.run({ try LunarRuntime(bundle: bundle, options: options) }) { runtime in
                    await prepare(runtime)
                    return await runtime.runSpecFile(
                        file, filter: filter, waitTimeout: waitTimeout, updateSnapshots: updateSnapshots)
                }
            }
        } catch {
            return SpecFileResult(file: file, loadError: "\(error)")
        }
    }
}
