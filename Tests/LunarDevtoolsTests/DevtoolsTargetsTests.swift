import Foundation
import LunarBundle
@testable import LunarDevtools
import LunarHeadlessHost
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

/// A page that closes while its inspector is moving to another app (a tab opening or closing
/// at that moment) leaves no app hooked: the inspector actor lets other calls in at each await.
@Suite struct InspectorRaceTests {
    @Test func aPageClosedWhileMovingLeavesNoAppInspected() async throws {
        let bundle = try BundleDirectory(prefix: "lunar-devtools-race", files: [
            "manifest.json": BundleDirectory.manifest(routes: ["/home": "screens.home"]),
            "screens/home.lua": #"local ui = require("lunar.ui") return { render = function() return ui.Text { "home" } end }"#,
        ])
        defer { bundle.remove() }
        let runtimes = try await (DevtoolsTargetsTests().runtime(bundle), DevtoolsTargetsTests().runtime(bundle))
        for round in 0..<20 {
            let targets = DevtoolsTargets()
            let connection = await targets.connect(outbox: WebOutbox { _ in })
            let one = await targets.add(runtimes.0, label: "tab 1")
            // The second tab's arrival moves the inspector (two awaits) while the page closes.
            async let two = targets.add(runtimes.1, label: "tab 2")
            async let closed: Void = connection.close()
            let (second, _) = await (two, closed)
            #expect(await one.withInspection { $0.isInstalled } == false, "round \(round): tab 1 still hooked")
            #expect(await second.withInspection { $0.isInstalled } == false, "round \(round): tab 2 still hooked")
            await targets.remove(one)
            await targets.remove(second)
        }
    }
}
