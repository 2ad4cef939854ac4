import Foundation
import LunarStorageLua
import LunarTestSupport

extension ScriptHarness {
    /// An engine with `lunar.storage` alone, its store in `folder` (a fresh temporary one unless given).
    static func storage(folder: URL? = nil) async throws -> ScriptHarness {
        try await ScriptHarness(folder: folder) { state, _, folder in
            StorageModule.install(on: state, directory: folder)
        }
    }
}
