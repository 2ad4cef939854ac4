import LunarUI
import Testing

@testable import LunarTerminal
import LunarTestSupport

/// The terminal's element gaps closed: a `Switch` toggles, `l` long-presses, siblings paint in
/// `zIndex` order, lists and scroll views report `viewport` and `scroll`, a pressed style shows
/// for the frame of a press, and `ui.scrollTo` moves a scroll view.
@Suite struct ElementInputTests {
    let screen = ScreenID(1)

    @Test func enterAndSpaceFlipAFocusedSwitch() {
        let harness = TerminalHarness()
        harness.render(.column([.text("Dark mode"), .switch(value: false, id: "dark")]), on: screen)
        harness.renderer.push(screen, title: "Settings")
        harness.press(.tab)
        #expect(harness.lines.contains { $0.hasPrefix("> [ ]") })
        harness.press(.enter)
        let node = harness.node(at: [1], on: screen)!
        #expect(harness.delegate.events == [.element(screen: screen, node: node, event: .change, payload: .bool(true))])
        #expect(harness.lines.contains { $0.hasPrefix("> [x]") })
        harness.press(.character(" "))
        #expect(harness.delegate.events.last == .element(screen: screen, node: node, event: .change, payload: .bool(false)))
    }

    @Test func lLongPressesTheFocusedElementOrItsAncestor() {
        let harness = TerminalHarness(width: 60)
        harness.render(.column([
            .pressable(events: [.press, .longPress], [.text("Hold me")]),
            Element(.text, props: [.text: "Row"], events: [.press]),
        ]), on: screen)
        harness.renderer.push(screen, title: "Hold")
        harness.press(.tab)
        #expect(harness.lines.last == " Tab move · Enter press · l hold · q quit")
        harness.press(.character("l"))
        let pressable = harness.node(at: [0], on: screen)!
        #expect(harness.delegate.events == [.element(screen: screen, node: pressable, event: .longPress, payload: nil)])
        // The row handles no long press, and no ancestor does: nothing.
        harness.press(.tab, .character("l"))
        #expect(harness.delegate.events.count == 1)
    }

    @Test func aPressedStyleGetsPressInThenPressOutAndPress() {
        let harness = TerminalHarness()
        harness.render(.column([.pressable(events: [.press, .pressIn, .pressOut], [.text("Card")])]), on: screen)
        harness.renderer.push(screen, title: "Cards")
        harness.press(.tab, .enter)
        let node = harness.node(at: [0], on: screen)!
        #expect(harness.delegate.events == [EventName.pressIn, .pressOut, .press].map {
            RendererEvent.element(screen: screen, node: node, event: $0, payload: nil)
        })
    }

    @Test func siblingsPaintInZIndexOrder() {
        let harness = TerminalHarness(width: 20, height: 6)
        let over: KeyValuePairs<String, StyleInput> = ["position": .string("absolute"), "top": .number(0), "left": .number(0), "zIndex": .number(2)]
        let under: KeyValuePairs<String, StyleInput> = ["position": .string("absolute"), "top": .number(0), "left": .number(0)]
        harness.render(.view([.text("AAAA").styled(over), .text("BB").styled(under)]), on: screen)
        harness.renderer.push(screen, title: "Z")
        #expect(harness.lines[1].hasPrefix("  AAAA"), "\(harness.lines)")
        // Without zIndex the later sibling paints over the earlier one.
        harness.render(.view([.text("AAAA").styled(under), .text("BB").styled(under)]), on: screen)
        #expect(harness.lines[1].hasPrefix("  BBAA"), "\(harness.lines)")
    }

    @Test func aListReportsItsViewportAndTheScreensScrollPastItsTop() {
        let harness = TerminalHarness(width: 30, height: 12)
        let rows = (1...40).map { Element.text("Row \($0)", key: "\($0)") }
        let list = Element(.list, id: "items", props: [.itemCount: .int(100), .estimatedItemSize: .int(16), .firstIndex: .int(0)],
                           events: [.scroll, .viewport], children: rows)
        harness.render(.column([.text("Header"), list]), on: screen)
        harness.renderer.push(screen, title: "List")
        let node = harness.node(at: [1], on: screen)!
        harness.renderer.reportScrollPositions(harness.renderer.layOutFrame())
        // The content area is 10 rows of 16 points; the screen has not scrolled past the list's top.
        #expect(harness.delegate.events == [.element(screen: screen, node: node, event: .viewport, payload: .double(160))])
        harness.press(.pageDown)
        harness.renderer.reportScrollPositions(harness.renderer.layOutFrame())
        // A page is 9 rows; the list starts one row (16 points) down.
        #expect(harness.delegate.events.last == .element(screen: screen, node: node, event: .scroll, payload: .double(9 * 16 - 16)))
        // Nothing moved: nothing more is reported.
        let count = harness.delegate.events.count
        harness.renderer.reportScrollPositions(harness.renderer.layOutFrame())
        #expect(harness.delegate.events.count == count)
    }

    @Test func aWindowedListLeavesRoomForTheRowsAboveIt() {
        let harness = TerminalHarness(width: 30, height: 12)
        let list = Element(.list, props: [.itemCount: .int(100), .estimatedItemSize: .int(16), .firstIndex: .int(50)],
                           children: [.text("Row 51", key: "51")])
        harness.render(.column([list]), on: screen)
        harness.renderer.push(screen, title: "List")
        _ = harness.frame
        let row = harness.renderer.visibleRecord!.tree.root!.children[0].children[0]
        #expect(row.absoluteFrame.top == 50 * 16)
        #expect(row.frame.height == 16, "a row far below the viewport keeps its own height")
        // The window moves on: the padding follows the first mounted row.
        let moved = Element(.list, props: [.itemCount: .int(100), .estimatedItemSize: .int(16), .firstIndex: .int(60)],
                            children: [.text("Row 61", key: "61")])
        harness.render(.column([moved]), on: screen)
        _ = harness.frame
        let next = harness.renderer.visibleRecord!.tree.root!.children[0].children[0]
        #expect(next.absoluteFrame.top == 60 * 16)
        #expect(next.frame.height == 16)
    }

    @Test func scrollToMovesAScrollViewAndItReportsTheOffset() {
        let harness = TerminalHarness(width: 30, height: 12)
        let lines = (1...20).map { Element.text("Line \($0)", key: "\($0)") }
        let scroller = Element.scrollView(events: [.scroll, .viewport], lines).styled(["height": .number(64)])
        harness.render(.column([scroller]), on: screen)
        harness.renderer.push(screen, title: "Scroll")
        let node = harness.node(at: [0], on: screen)!
        harness.renderer.scroll(node, to: .offset(80), animated: true, on: screen)
        let frame = harness.renderer.layOutFrame()
        #expect(frame.lines[1].hasPrefix("  Line 6"), "\(frame.lines)")
        harness.renderer.reportScrollPositions(frame)
        #expect(harness.delegate.events == [
            .element(screen: screen, node: node, event: .viewport, payload: .double(64)),
            .element(screen: screen, node: node, event: .scroll, payload: .double(80)),
        ])
        // The end: 20 lines in a 4-line box.
        harness.renderer.scroll(node, to: .end, animated: false, on: screen)
        #expect(harness.renderer.layOutFrame().lines[1].hasPrefix("  Line 17"))
    }
}
