import Foundation
import LunarBridge
import LunarNetworkLua
import LunarSignalsLua
import LunarTestSupport

extension ScriptHarness {
    /// An engine with `lunar.net`, `lunar.decode` and `lunar.encode`, and `lunar.signal` (for
    /// `net.signal` and `:tie(lifetime)`), its HTTP cache in the harness's folder.
    static func network() async throws -> ScriptHarness {
        try await ScriptHarness { state, executor, folder in
            NetworkModule.install(on: state, executor: executor)
            DecodeModule.install(on: state)
            SignalModule.install(on: state, executor: executor)
            state[extension: ScriptNetwork.self]?.client.configuration.cacheDirectory = folder.appendingPathComponent("http-cache")
        }
    }
}
