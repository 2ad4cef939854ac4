import Foundation
import LunarBundle
import LunarHeadlessHost
import LunarMockAPI
import LunarRuntime
import LunarTestSupport
import Testing

/// The showcase's components across a hot reload (issue 30; the spec driver cannot edit a file,
/// so this half of `spec/components_spec.lua` is here): a copy of Examples/Showcase against its
/// mock API on loopback, a card of the sample list opened, `components/card.lua` edited and
/// reloaded. The card is the same instance: still open, drawn and driven by the new code.
@Suite(.timeLimit(.minutes(2))) struct ShowcaseComponentTests {
    static let showcase = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Showcase")

    @Test func anOpenCardStaysOpenAcrossAHotReloadOfItsModuleAndRunsTheNewCode() async throws {
        let directory = try makeTemporaryDirectory("lunar-showcase-components")
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = directory.appendingPathComponent("Showcase")
        try FileManager.default.copyItem(at: Self.showcase, to: root)
        let bundle = try ScriptBundle(directory: root)
        try await MockAPIScope.run(for: bundle) { api in
            var options = RuntimeOptions(clock: .virtual)
            options.apiBaseURL = api
            options.storageDirectory = directory.appendingPathComponent("storage")
            let runtime = try LunarRuntime(bundle: bundle, options: options)
            _ = try await runtime.startHeadless()
            try await runtime.run(.open("/list"), .wait, .tap("item-2-details"))
            var snapshot = await runtime.snapshot()
            #expect(snapshot.contains(#"Text #item-2-text "Every screen has a route; the jump page opens them by URL.""#), "\(snapshot)")
            #expect(snapshot.contains(#"Button #item-2-details "Less" [expanded]"#), "\(snapshot)")

            // Saved: the More and Less buttons are worded anew.
            let card = root.appendingPathComponent("components/card.lua")
            let code = try String(contentsOf: card, encoding: .utf8)
            let edited = code.replacingOccurrences(of: #"title = open and "Less" or "More""#,
                                                   with: #"title = open and "Show less" or "Show more""#)
            #expect(edited != code, "the card's button titles are where this test edits them")
            try edited.write(to: card, atomically: true, encoding: .utf8)
            let report = await runtime.reload(changedFiles: ["components/card.lua"])
            #expect(report.failed.isEmpty, "\(report)")

            // The open card is still open, every card shows the new code, and no screen started over.
            snapshot = await runtime.snapshot()
            #expect(snapshot.hasPrefix("== Sample list =="), "\(snapshot)")
            #expect(snapshot.contains(#"Text #item-2-text "Every screen has a route; the jump page opens them by URL.""#), "\(snapshot)")
            #expect(snapshot.contains(#"Button #item-2-details "Show less" [expanded]"#), "\(snapshot)")
            #expect(snapshot.contains(#"Button #item-1-details "Show more""#), "\(snapshot)")
            #expect(!snapshot.contains(#""Less""#) && !snapshot.contains(#""More""#), "\(snapshot)")

            // The new handler runs on the kept instance: pressing it closes the card.
            try await runtime.run(.tap("item-2-details"))
            snapshot = await runtime.snapshot()
            #expect(!snapshot.contains("#item-2-text"), "\(snapshot)")
            #expect(snapshot.contains(#"Button #item-2-details "Show more""#), "\(snapshot)")
        }
    }
}
