import Foundation
import LunarBase
import LunarBundle
import LunarServing

/// A bundle's mock API (`mock-api/`) served on loopback for as long as some work runs: what
/// `lunar run` and the spec runner do around an app that talks to it.
public enum MockAPIScope {
    /// Serves `bundle`'s mock API on 127.0.0.1 at a free port while `body` runs, handing it
    /// the API's base URL (`http://127.0.0.1:PORT/api`), and stops the server afterwards,
    /// whether `body` returned or threw. A bundle without `mock-api/` (or no bundle) gets nil
    /// and no server. Throws a `MessageError` when the server cannot start.
    public static func run<T>(for bundle: ScriptBundle?, _ body: (URL?) async throws -> T) async throws -> T {
        guard let bundle, bundle.mockAPI != nil else { return try await body(nil) }
        let server: RunningServer
        do {
            server = try await MockAPIServer(root: bundle.root.appendingPathComponent("mock-api")).start()
        } catch {
            throw MessageError("cannot serve the mock API: \(error)")
        }
        let outcome: Result<T, any Error>
        do { outcome = .success(try await body(server.mockAPIURL)) } catch { outcome = .failure(error) }
        await server.stop()
        return try outcome.get()
    }
}
