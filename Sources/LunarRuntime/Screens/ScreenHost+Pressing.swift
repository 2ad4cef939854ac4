import LunarBridge
import LunarUI

/// A `Pressable`'s pressed state: its style as a function of `{ pressed = bool }`, restyled
/// when the renderer reports `pressIn` and `pressOut`, without a render.
extension ScreenHost {
    /// A press came in or went out on `node`: resolves its style for the new state and sends
    /// the one `update` that changes it.
    func pressChanged(_ node: NodeID, pressed: Bool, path: [Int], tree: LuaTableReference, on screen: ScreenInstance) {
        if pressed { screen.pressed.insert(node) } else { screen.pressed.remove(node) }
        do {
            guard let style = try pressStyle(at: path, in: tree, pressed: pressed, on: screen),
                  let mutation = screen.reconciler.updateProps(Props([(PropName.style, .style(style))]), of: node) else { return }
            renderer?.apply([mutation], to: screen.id)
            onContentChange?()
        } catch {
            onScriptError(error)
            renderer?.showToast("error: " + error.message)
        }
    }

    /// Gives the Pressables still held down their pressed style in a new render's `element`
    /// (read from the Lua tree `tree`), so a render while a finger is down keeps it.
    func keepPressedStyles(in element: inout Element, tree: LuaTableReference, on screen: ScreenInstance) {
        for node in screen.pressed {
            guard let path = screen.reconciler.path(of: node) else {
                screen.pressed.remove(node)
                continue
            }
            do {
                guard let style = try pressStyle(at: path, in: tree, pressed: true, on: screen) else { continue }
                element.setStyle(style, at: path[...])
            } catch {
                onScriptError(error)
            }
        }
    }

    /// The style of the Pressable at `path` for `pressed`; nil when its style is no function.
    private func pressStyle(at path: [Int], in tree: LuaTableReference, pressed: Bool,
                            on screen: ScreenInstance) throws(LuaScriptError) -> Style? {
        let luaPath = LuaValue.table(LuaTable(array: path.map { .integer($0 + 1) }))
        let result = try state.callHelper(helpers.function("pressStyle", in: state),
                                          [.reference(tree.reference), luaPath, .boolean(pressed)])
        guard let value = result.first, !value.isNil else { return nil }
        do throws(StyleError) {
            return try StyleTable.style(value, on: state.stack, path: "style")
        } catch {
            let place = path.isEmpty ? "the root element" : "element at " + path.map { String($0 + 1) }.joined(separator: ".")
            let message = "the \(pressed ? "pressed" : "unpressed") style of \(screen.module), \(place) (Pressable): \(error.message)"
            throw LuaScriptError(kind: .runtime, message: message, location: nil, traceback: nil, value: .string(message))
        }
    }
}

extension Element {
    /// Sets the style of the element at `path` below this one (empty: this one).
    mutating func setStyle(_ style: Style, at path: ArraySlice<Int>) {
        guard let first = path.first else {
            props[.style] = .style(style)
            return
        }
        guard children.indices.contains(first) else { return }
        children[first].setStyle(style, at: path.dropFirst())
    }
}
