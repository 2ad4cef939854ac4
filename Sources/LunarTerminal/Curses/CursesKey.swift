import CNcurses

/// A key as `get_wch` reports it: a character code, or a curses function-key code.
enum CursesKey: Hashable, Sendable {
    case character(UInt32)
    case function(Int32)

    /// The key the renderer acts on, or nil for one it ignores.
    var key: TerminalKey? {
        switch self {
        case .character(let code):
            return TerminalKey(characterCode: code)
        case .function(let code):
            switch code {
            case Int32(LUNAR_KEY_UP): return .up
            case Int32(LUNAR_KEY_DOWN): return .down
            case Int32(LUNAR_KEY_LEFT): return .left
            case Int32(LUNAR_KEY_RIGHT): return .right
            case Int32(LUNAR_KEY_PAGE_UP): return .pageUp
            case Int32(LUNAR_KEY_PAGE_DOWN): return .pageDown
            case Int32(LUNAR_KEY_BACK_TAB): return .backTab
            case Int32(LUNAR_KEY_BACKSPACE): return .backspace
            case Int32(LUNAR_KEY_DELETE): return .delete
            case Int32(LUNAR_KEY_HOME): return .home
            case Int32(LUNAR_KEY_END): return .end
            case Int32(LUNAR_KEY_ENTER): return .enter
            case Int32(LUNAR_KEY_RESIZE): return .resize
            default:
                // Ctrl-Left and Ctrl-Right have no fixed codes: curses names them when the
                // terminal's description has them.
                guard let name = keyname(code).map({ String(cString: $0) }) else { return nil }
                switch name {
                case "kLFT5": return .wordLeft
                case "kRIT5": return .wordRight
                default: return nil
                }
            }
        }
    }
}
