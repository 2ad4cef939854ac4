import LunarBase
import LunarUI

/// One line of the headless command language.
///
/// Arguments are separated by spaces; an argument with spaces is written in
/// double quotes (`\"` and `\\` escape inside quotes). Blank lines and lines
/// starting with `#` are ignored.
///
/// | command | effect |
/// |---|---|
/// | `open URL` | opens a URL through the router |
/// | `type FIELD TEXT` | types into a field (element id or placeholder) |
/// | `clear FIELD` | empties a field |
/// | `submit FIELD` | submits a field |
/// | `tap LABEL` | taps a button (title or id), a pressable text, or an alert button |
/// | `longpress LABEL` | holds down an element that handles `onLongPress` |
/// | `pressin LABEL` | touches down on a pressable element and keeps holding it (its pressed style shows) |
/// | `pressout LABEL` | lifts the touch `pressin` put down, without pressing |
/// | `toggle SWITCH` | flips a switch (id or accessibility label) |
/// | `scroll TARGET OFFSET` | scrolls a scroll view or list (id or accessibility label) to OFFSET points, or `end` |
/// | `back` | goes back (pop or dismiss) |
/// | `appearance light\|dark` | switches the device's look (`ui.appearance`; light at start) |
/// | `resize W H` | lays screens out in a window of W × H points (`ui.window`; 390 × 844 at start) |
/// | `wait` | waits until network, timers and callbacks are idle |
/// | `snapshot` | prints the screen |
/// | `snapshot frames` | prints the screen with each element's frame (docs/headless.md) |
public enum HeadlessCommand: Equatable, Sendable {
    case open(String)
    case type(field: String, text: String)
    case clear(field: String)
    case submit(field: String)
    case tap(String)
    case longPress(String)
    /// Touches down on a pressable element and holds it (`pressin`).
    case pressIn(String)
    /// Lifts the touch `pressin` put down (`pressout`).
    case pressOut(String)
    case toggle(String)
    /// Scrolls to an offset in points; nil: to the end of a list.
    case scroll(String, offset: Double?)
    case back
    /// Switches the device's look (`appearance light|dark`).
    case appearance(Appearance)
    /// Resizes the window to `width` × `height` points (`resize W H`).
    case resize(width: Double, height: Double)
    case wait
    case snapshot
    /// `snapshot frames`: the screen with each element's frame.
    case snapshotFrames

    /// Parses one line; nil for blank lines and comments.
    public static func parse(_ line: String) throws(MessageError) -> HeadlessCommand? {
        let words = try split(line)
        guard let verb = words.first else { return nil }
        let args = Array(words.dropFirst())
        func expect(_ n: Int, _ usage: String) throws(MessageError) {
            guard args.count == n else { throw MessageError("usage: \(usage)") }
        }
        switch verb {
        case "open": try expect(1, "open URL"); return .open(args[0])
        case "type": try expect(2, "type FIELD TEXT"); return .type(field: args[0], text: args[1])
        case "clear": try expect(1, "clear FIELD"); return .clear(field: args[0])
        case "submit": try expect(1, "submit FIELD"); return .submit(field: args[0])
        case "tap": try expect(1, "tap LABEL"); return .tap(args[0])
        case "longpress": try expect(1, "longpress LABEL"); return .longPress(args[0])
        case "pressin": try expect(1, "pressin LABEL"); return .pressIn(args[0])
        case "pressout": try expect(1, "pressout LABEL"); return .pressOut(args[0])
        case "toggle": try expect(1, "toggle SWITCH"); return .toggle(args[0])
        case "scroll":
            try expect(2, "scroll TARGET OFFSET (points, or end)")
            if args[1] == "end" { return .scroll(args[0], offset: nil) }
            guard let offset = Double(args[1]), offset.isFinite else {
                throw MessageError("scroll: '\(args[1])' is not an offset (a number of points, or end)")
            }
            return .scroll(args[0], offset: offset)
        case "back": try expect(0, "back"); return .back
        case "appearance":
            try expect(1, "appearance light|dark")
            guard let appearance = Appearance(rawValue: args[0]) else {
                throw MessageError("appearance: '\(args[0])' is not light or dark")
            }
            return .appearance(appearance)
        case "resize":
            try expect(2, "resize W H")
            guard let width = Double(args[0]), let height = Double(args[1]), width.isFinite, height.isFinite,
                  width > 0, height > 0, width <= 1e6, height <= 1e6 else {
                throw MessageError("resize: '\(args[0]) \(args[1])' is not a size (two numbers of points, above 0 and at most 1000000)")
            }
            return .resize(width: width, height: height)
        case "wait": try expect(0, "wait"); return .wait
        case "snapshot":
            if args == ["frames"] { return .snapshotFrames }
            try expect(0, "snapshot [frames]")
            return .snapshot
        default:
            throw MessageError("unknown command '\(verb)' (open, type, clear, submit, tap, longpress, pressin, pressout, toggle, scroll, back, appearance, resize, wait, snapshot)")
        }
    }

    static func split(_ line: String) throws(MessageError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quoted = false
        var iterator = line.makeIterator()
        while let c = iterator.next() {
            if quoted {
                if c == "\\" {
                    guard let next = iterator.next() else { throw MessageError("unfinished escape at end of line") }
                    current.append(next)
                } else if c == "\"" {
                    quoted = false
                } else {
                    current.append(c)
                }
            } else if c == "\"" {
                quoted = true
                inWord = true
            } else if c == " " || c == "\t" {
                if inWord { words.append(current); current = ""; inWord = false }
            } else if c == "#" && !inWord && words.isEmpty {
                return []
            } else {
                current.append(c)
                inWord = true
            }
        }
        if quoted { throw MessageError("unterminated quote") }
        if inWord { words.append(current) }
        return words
    }
}
