import Foundation
import LunarBundle
import LunarDevtools
import LunarRuntime
import LunarTestSupport
import LunarWeb
import Testing

/// Which app an inspector inspects when there are several (browser tabs): the newest by
/// default, the chosen one once chosen, the newest left when the inspected one goes.
@Suite struct DevtoolsTargetsTests {
    func runtime(_ bundle: BundleDirectory) async throws -> LunarRuntime {
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: RuntimeOptions(clock: .virtual))
        _ = try await runtime.startHeadless()
        return runtime
    }

    /// The `selected` of the last `targets` message, and the labels it listed.
    func lastTargets(_ log: SharedLog<String>) -> (selected: Int?, labels: [String]) {
        for text in log.all.reversed() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  object["t"] as? String == "targets" else { continue }
            let labels = (object["targets"] as? [[String: Any]])?.compactMap { $0["label"] as? String } ?? []
            return (object["selected"] as? Int, labels)
        }
        return (nil, [])
    }

    @Test func theNewestIsInspectedUntilOneIsChosen() async throws {
        let bundle = try BundleDirectory(prefix: "lunar-devtools-targets", files: [
            "manifest.json": BundleDirectory.manifest(routes: ["/home": "screens.home"]),
            "screens/home.lua": #"local ui = require("lunar.ui") return { render = function() return ui.Text { "home" } end }"#,
        ])
        defer { bundle.remove() }
        let targets = DevtoolsTargets()
        let log = SharedLog<String>()
        let connection = await targets.connect(outbox: WebOutbox { log.append($0) })
        #expect(lastTargets(log).selected == nil)
        #expect(await connection.receive(#"{"t":"tree"}"#) == "there is no app to inspect")

        let one = await targets.add(try await runtime(bundle), label: "tab 1")
        #expect(lastTargets(log).selected == one.id)
        let two = await targets.add(try await runtime(bundle), label: "tab 2")
        #expect(lastTargets(log) == (two.id, ["tab 1", "tab 2"]))

        #expect(await connection.receive(#"{"t":"select","target":\#(one.id)}"#) == nil)
        #expect(lastTargets(log).selected == one.id)
        let three = await targets.add(try await runtime(bundle), label: "tab 3")
        #expect(lastTargets(log).selected == one.id)  // chosen: a new tab does not take over
        #expect(await connection.receive(#"{"t":"select","target":99}"#) == "no app 99 to inspect (it may have closed)")

        await targets.remove(one)
        #expect(lastTargets(log) == (three.id, ["tab 2", "tab 3"]))
        await targets.remove(two)
        await targets.remove(three)
        #expect(lastTargets(log) == (nil, []))
        await connection.close()
    }
}
