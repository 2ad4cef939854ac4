import LunarUI
import Testing

@testable import LunarTerminal
import LunarTestSupport

/// Text input as people type, in the terminal: a field refuses keys its `keyboardType` does
/// not take, a field made with `autoFocus` takes focus, and the runtime's focus request moves it.
@Suite struct TextInputKeyTests {
    let screen = ScreenID(1)

    static func field(_ placeholder: String, id: String, _ extra: Props = [:]) -> Element {
        var element = Element.textField(placeholder: placeholder, id: id)
        for entry in extra { element.props[entry.name] = entry.value }
        return element
    }

    @Test func aNumberFieldTakesDigitsOnly() {
        let harness = TerminalHarness()
        harness.render(.column([Self.field("Age", id: "age", [.keyboardType: "number"])]), on: screen)
        harness.renderer.push(screen, title: "Form")
        harness.type("4a2 .")
        let node = harness.node(at: [0], on: screen)!
        #expect(harness.delegate.events == [
            .element(screen: screen, node: node, event: .change, payload: .string("4")),
            .element(screen: screen, node: node, event: .change, payload: .string("42")),
        ])
    }

    @Test func aDecimalFieldTakesOneSeparatorAndAnEmailFieldNoSpaces() {
        let harness = TerminalHarness()
        harness.render(.column([
            Self.field("Price", id: "price", [.keyboardType: "decimal"]),
            Self.field("Email", id: "email", [.keyboardType: "email"]),
        ]), on: screen)
        harness.renderer.push(screen, title: "Form")
        harness.type("1.5.0x")
        harness.press(.tab)
        harness.type("a b@c")
        let price = harness.node(at: [0], on: screen)!, email = harness.node(at: [1], on: screen)!
        #expect(harness.delegate.events.last(where: { $0.node == price })?.payload == .string("1.50"))
        #expect(harness.delegate.events.last(where: { $0.node == email })?.payload == .string("ab@c"))
    }

    @Test func anAutoFocusFieldTakesFocusAndTheRuntimeMovesIt() {
        let harness = TerminalHarness()
        harness.render(.column([Self.field("Name", id: "name"), Self.field("Code", id: "code", [.autoFocus: true])]), on: screen)
        harness.renderer.push(screen, title: "Form")
        harness.type("7")
        let name = harness.node(at: [0], on: screen)!, code = harness.node(at: [1], on: screen)!
        #expect(harness.delegate.events == [.element(screen: screen, node: code, event: .change, payload: .string("7"))])
        harness.renderer.focus(name, on: screen)
        harness.type("x")
        #expect(harness.delegate.events.last == .element(screen: screen, node: name, event: .change, payload: .string("x")))
        // ui.blur(): nothing focused, so `q` quits rather than typing.
        harness.renderer.focus(nil, on: screen)
        harness.type("q")
        #expect(harness.quitCount == 1)
    }
}

extension RendererEvent {
    /// The node an element event is about.
    fileprivate var node: NodeID? {
        if case .element(_, let node, _, _) = self { return node }
        return nil
    }

    /// An element event's payload.
    fileprivate var payload: PropValue? {
        if case .element(_, _, _, let payload) = self { return payload }
        return nil
    }
}

/// The terminal edits anywhere in a field: the cursor moves by character, word and end, and
/// typing, Backspace and Delete act where it is; the painted cursor follows it.
@Suite struct FieldCursorTests {
    let screen = ScreenID(1)

    func value(_ harness: TerminalHarness) -> PropValue? {
        guard case .element(_, _, _, let payload)? = harness.delegate.events.last else { return nil }
        return payload
    }

    @Test func typingBackspaceAndDeleteActAtTheCursor() {
        let harness = TerminalHarness()
        harness.render(.column([.textField(placeholder: "Name", id: "name")]), on: screen)
        harness.renderer.push(screen, title: "Form")
        harness.type("helo")
        harness.press(.left)
        harness.type("l")
        #expect(value(harness) == .string("hello"))
        // The cursor sits under the "o": one column after "[hell".
        let cursor = harness.frame.cursor
        harness.press(.end)
        #expect(harness.frame.cursor.map { $0.column - 1 } == cursor?.column)
        harness.press(.home, .delete)
        #expect(value(harness) == .string("ello"))
        harness.press(.backspace)   // nothing before the cursor
        #expect(value(harness) == .string("ello"))
        harness.press(.right, .backspace)
        #expect(value(harness) == .string("llo"))
        harness.press(.end, .delete)   // nothing under the cursor at the end
        #expect(harness.delegate.events.count == 7)
    }

    @Test func wordMovesStopAtWordEdges() {
        let harness = TerminalHarness()
        harness.render(.column([.textField(placeholder: "Name", id: "name")]), on: screen)
        harness.renderer.push(screen, title: "Form")
        harness.type("one two  three")
        harness.press(.wordLeft)
        harness.type("<")
        #expect(value(harness) == .string("one two  <three"))
        harness.press(.wordLeft, .wordLeft)
        harness.type("[")
        #expect(value(harness) == .string("one [two  <three"))
        harness.press(.home, .wordRight)
        harness.type("]")
        #expect(value(harness) == .string("one] [two  <three"))
    }
}
