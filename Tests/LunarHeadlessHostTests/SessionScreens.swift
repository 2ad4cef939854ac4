import Foundation
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport

/// Runs a headless session (`lunar run` without a terminal) of a one-screen bundle whose home
/// screen is `screen`, on the virtual clock, typing `lines`; returns each screen it printed
/// (the first, then one per line).
func sessionScreens(of screen: String, typing lines: [String]) async throws -> [String] {
    let bundle = try BundleDirectory(files: ["manifest.json": BundleDirectory.manifest(), "screens/home.lua": screen])
    defer { bundle.remove() }
    let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: RuntimeOptions(clock: .virtual))
    let output = Awaited("") { $0 }
    let session = HeadlessSession(runtime: runtime, output: { text in output.update { $0 += text } }, diagnostics: { _ in })
    try await session.run(AsyncStream { continuation in
        for line in lines { continuation.yield(.line(line)) }
        continuation.finish()
    })
    return output.read { $0 }.components(separatedBy: "\n> ")
}
