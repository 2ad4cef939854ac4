/// A key press the renderer acts on, decoded from what curses reports.
enum TerminalKey: Hashable, Sendable {
    /// A character to type (printable, including space).
    case character(Character)
    case tab
    /// Shift-Tab.
    case backTab
    case up
    case down
    case left
    case right
    case pageUp
    case pageDown
    case home
    case end
    /// Alt-b or Ctrl-Left: in a field, to the start of the word before the cursor.
    case wordLeft
    /// Alt-f or Ctrl-Right: in a field, to the end of the word after the cursor.
    case wordRight
    case enter
    case backspace
    /// The Delete key: in a field, deletes the character under the cursor.
    case delete
    case escape
    /// Ctrl-C: in raw mode it arrives as a key, not as SIGINT.
    case interrupt
    /// The terminal changed size (curses' KEY_RESIZE).
    case resize

    /// The key for a character code `get_wch` returned as a plain character, or nil for a
    /// control character the renderer does not use.
    init?(characterCode code: UInt32) {
        switch code {
        case 3: self = .interrupt
        case 8, 127: self = .backspace
        case 9: self = .tab
        case 10, 13: self = .enter
        case 27: self = .escape
        case 0..<32: return nil
        default:
            guard let scalar = Unicode.Scalar(code), !(0x80..<0xA0).contains(code) else { return nil }
            self = .character(Character(scalar))
        }
    }
}
