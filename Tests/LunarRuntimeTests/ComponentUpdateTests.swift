import Foundation
import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import LunarUI
import Testing

/// The scenario of the `ui.component_update` benchmark (Benchmarks/UI, issue 30), untimed: a
/// screen of 1,000 keyed cards (a Column with a Text and a Button); one card's button calls
/// `setState`, which renders that card only and sends one mutation (its Text's new text).
@Suite struct ComponentUpdateTests {
    static let cards = 1000

    @Test func oneSetStateOfAThousandCardsRendersOneAndSendsOneMutation() async throws {
        let bundle = try BundleDirectory(files: ComponentCards.files(count: Self.cards))
        defer { bundle.remove() }
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: RuntimeOptions(clock: .virtual))
        _ = try await runtime.startRecording()
        let opened = try await runtime.withHost { _, state in try state.global("cardRenders").intValue }
        #expect(opened == Self.cards)
        _ = await runtime.recordedBatches()
        await runtime.withHost { _, state in state.setGlobal("cardRenders", 0) }

        try await runtime.run(.tap("Tap 500"))

        let batches = await runtime.recordedBatches()
        let renders = try await runtime.withHost { _, state in try state.global("cardRenders").intValue }
        #expect(renders == 1)
        #expect(batches.count == 1)
        #expect(batches.first?.count == 1)
        if case .update(_, let update)? = batches.first?.first {
            #expect(update.props[PropName.text] == .string("Card 500: 1"))
        } else {
            Issue.record("expected one update, got \(batches)")
        }
        #expect(await runtime.snapshot().contains("Text \"Card 500: 1\""))
    }
}
