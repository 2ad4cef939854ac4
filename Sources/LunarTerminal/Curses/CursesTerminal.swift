import CNcurses
import CTerminal
import Foundation
import LunarBase
import LunarUI

/// The terminal in curses mode: paints frames and reads keys. Exists between
/// ``init()`` (enter curses mode) and ``close()`` (leave it, restoring the terminal).
///
/// Every call must happen on the runtime's executor, as for the renderer that owns it.
final class CursesTerminal {
    private let screen: OpaquePointer
    private var isOpen = true
    /// Whether the UI uses colours: the terminal has them and `NO_COLOR` does not say no.
    /// Plain attributes (reverse, bold, dim, underline) are used otherwise.
    let hasColors: Bool
    /// Whether the locale is UTF-8, so box-drawing characters can be shown.
    let supportsUnicode: Bool
    private var attributes: [TextStyle: Int32] = [:]
    /// How a style's colours are shown: not at all, or in the terminal's palette.
    let palette: TerminalPalette
    /// The colour pairs made for styles' colours, by foreground and background colour number.
    private var pairs: [PairKey: Int32] = [:]
    private var nextPair: Int32 = 0
    private var pairLimit: Int32 = 0
    private var usesDefaultBackground = false

    /// How long curses waits after Esc for the rest of an escape sequence: short, so Esc
    /// feels immediate, yet long enough for a sequence arriving over ssh.
    static let escapeDelayMilliseconds: Int32 = 25

    /// Enters curses mode on standard input and output.
    ///
    /// - Throws: `MessageError` when either is not a terminal or curses cannot drive it.
    init() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw MessageError("the terminal UI needs standard input and output to be a terminal")
        }
        setlocale(LC_ALL, "")
        guard let screen = lunar_curses_newterm() else {
            let term = ProcessInfo.processInfo.environment["TERM"] ?? "(unset)"
            throw MessageError("curses cannot drive this terminal (TERM=\(term))")
        }
        self.screen = screen
        lunar_terminal_restore_on_crash()
        raw()  // Ctrl-C arrives as a key, so the renderer can quit cleanly
        noecho()
        nonl()
        let window = lunar_curses_stdscr()
        keypad(window, true)
        nodelay(window, true)
        set_escdelay(Self.escapeDelayMilliseconds)
        curs_set(0)
        supportsUnicode = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
        hasColors = has_colors() && Self.colorsAllowed()
        if hasColors, start_color() != ERR {
            usesDefaultBackground = use_default_colors() != ERR
            attributes = Self.colorAttributes(defaultBackground: usesDefaultBackground)
            palette = TerminalPalette(colors: Int(lunar_curses_colors()), extended: lunar_curses_has_extended_colors() != 0)
            nextPair = Int32(Self.semanticPairs) + 1
            // COLOR_PAIR keeps a pair number in 8 bits of an attribute.
            pairLimit = min(lunar_curses_color_pairs(), 256)
        } else {
            attributes = Self.plainAttributes()
            palette = .none
        }
    }

    deinit {
        close()
    }

    /// Leaves curses mode and gives the shell its terminal back. Safe to call twice.
    func close() {
        guard isOpen else { return }
        isOpen = false
        curs_set(1)
        endwin()
        delscreen(screen)
        lunar_terminal_release_crash_handlers()
    }

    /// The terminal's size in cells.
    var size: (width: Int, height: Int) {
        (Int(lunar_curses_columns()), Int(lunar_curses_lines()))
    }

    /// Tells curses the size the kernel reports when it differs from what curses believes;
    /// returns whether it did. Covers a resize whose KEY_RESIZE curses did not generate.
    func adoptWindowSize() -> Bool {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard lunar_curses_window_size(&rows, &columns) == 0, is_term_resized(rows, columns) else { return false }
        resizeterm(rows, columns)
        return true
    }

    /// Paints `frame` and puts the cursor where it says (hidden when nil). With
    /// `redrawingAll`, curses repaints every cell rather than what it thinks changed.
    func paint(_ frame: TerminalFrame, redrawingAll: Bool) {
        guard isOpen else { return }
        let window = lunar_curses_stdscr()
        if redrawingAll { clearok(window, true) }
        werase(window)
        let (width, height) = size
        for row in 0..<min(frame.grid.height, height) {
            wmove(window, Int32(row), 0)
            for run in frame.grid.runs(ofRow: row) {
                wattrset(window, attribute(for: run.style, paint: run.paint))
                waddnstr(window, run.text, -1)
            }
            wattrset(window, 0)
        }
        if let cursor = frame.cursor, cursor.row < height, cursor.column < width {
            wmove(window, Int32(cursor.row), Int32(cursor.column))
            curs_set(1)
        } else {
            curs_set(0)
        }
        wrefresh(window)
    }

    /// Writes `text` (one cell) at each of `positions`, in `style` with the matching paint, and
    /// refreshes only those cells; the cursor stays where the last frame put it. What the spinner
    /// timer draws between frames.
    func paint(_ text: String, at positions: [CellPosition], paints: [CellPaint], style: TextStyle) {
        guard isOpen, !positions.isEmpty else { return }
        let window = lunar_curses_stdscr()
        let cursorRow = getcury(window), cursorColumn = getcurx(window)
        let (width, height) = size
        for (position, paint) in zip(positions, paints) where position.row < height && position.column < width {
            wmove(window, Int32(position.row), Int32(position.column))
            wattrset(window, attribute(for: style, paint: paint))
            waddnstr(window, text, -1)
        }
        wattrset(window, 0)
        wmove(window, cursorRow, cursorColumn)
        wrefresh(window)
    }

    /// The next key waiting, or nil when there is none (curses is in no-delay mode).
    func readKey() -> CursesKey? {
        var code: wint_t = 0
        switch wget_wch(lunar_curses_stdscr(), &code) {
        case OK: return .character(UInt32(code))
        case Int32(LUNAR_KEY_CODE_YES): return .function(Int32(code))
        default: return nil
        }
    }

    // MARK: Attributes

    /// Whether colours may be used: not when `NO_COLOR` is set to anything but the empty
    /// string (https://no-color.org). Attributes that are not colours stay.
    static func colorsAllowed(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// The attribute a run is shown with: its style's, with the paint's colours where the
    /// palette has them and its bold and underline always. Focus, errors and overlays keep
    /// their own colours, so they stay recognisable over any style.
    private func attribute(for style: TextStyle, paint: CellPaint) -> Int32 {
        let base = attributes[style] ?? 0
        guard !paint.isPlain else { return base }
        var attribute = base
        if paint.bold { attribute |= lunar_curses_bold() }
        if paint.underline { attribute |= lunar_curses_underline() }
        guard palette != .none, Self.takesPaintColours(style), paint.foreground != nil || paint.background != nil else {
            return attribute
        }
        let foreground = paint.foreground.map { palette.number(for: $0) } ?? Self.defaultForeground(style)
        let background = paint.background.map { palette.number(for: $0) } ?? (usesDefaultBackground ? -1 : Int32(COLOR_BLACK))
        guard let pair = pair(foreground: foreground, background: background) else { return attribute }
        let colourBits = lunar_curses_color_pair(255)
        return (attribute & ~colourBits) | lunar_curses_color_pair(pair)
    }

    /// Whether a style's cells show the colours a node's style gives them.
    private static func takesPaintColours(_ style: TextStyle) -> Bool {
        switch style {
        case .normal, .hint, .button, .field, .placeholder: true
        case .titleBar, .focused, .error, .errorLine, .overlay, .toast, .destructive: false
        }
    }

    /// The foreground a style keeps under a background of a node's own.
    private static func defaultForeground(_ style: TextStyle) -> Int32 {
        style == .button ? Int32(COLOR_CYAN) : -1
    }

    private struct PairKey: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// The colour pair for two colour numbers, made on first use; nil when the terminal has
    /// no pairs left (the run then shows in its style's colours).
    private func pair(foreground: Int32, background: Int32) -> Int32? {
        let key = PairKey(foreground: foreground, background: background)
        if let pair = pairs[key] { return pair }
        guard nextPair < pairLimit, lunar_curses_init_pair(nextPair, foreground, background) != ERR else { return nil }
        pairs[key] = nextPair
        nextPair += 1
        return pairs[key]
    }

    /// The pairs the fixed styles use (1 to this).
    private static let semanticPairs = 8

    private static func colorAttributes(defaultBackground: Bool) -> [TextStyle: Int32] {
        let background = defaultBackground ? Int16(-1) : Int16(COLOR_BLACK)
        let pairs: [(TextStyle, Int16, Int16)] = [
            (.titleBar, Int16(COLOR_BLACK), Int16(COLOR_CYAN)),
            (.button, Int16(COLOR_CYAN), background),
            (.focused, Int16(COLOR_BLACK), Int16(COLOR_YELLOW)),
            (.error, Int16(COLOR_RED), background),
            (.errorLine, Int16(COLOR_WHITE), Int16(COLOR_RED)),
            (.overlay, Int16(COLOR_BLACK), Int16(COLOR_WHITE)),
            (.toast, Int16(COLOR_BLACK), Int16(COLOR_GREEN)),
            (.destructive, Int16(COLOR_RED), Int16(COLOR_WHITE)),
        ]
        var attributes = plainAttributes()
        for (index, (style, foreground, background)) in pairs.enumerated() {
            let pair = Int16(index + 1)
            init_pair(pair, foreground, background)
            let emphasis = style == .overlay || style == .toast ? 0 : lunar_curses_bold()
            attributes[style] = lunar_curses_color_pair(Int32(pair)) | emphasis
        }
        return attributes
    }

    /// Attributes alone, for terminals without colours: what reverse video, bold, dim and
    /// underline can say.
    private static func plainAttributes() -> [TextStyle: Int32] {
        let bold = lunar_curses_bold()
        let dim = lunar_curses_dim()
        let reverse = lunar_curses_reverse()
        let underline = lunar_curses_underline()
        return [
            .normal: 0,
            .titleBar: reverse | bold,
            .hint: dim,
            .button: bold,
            .field: underline,
            .placeholder: dim | underline,
            .focused: reverse | bold,
            .error: bold,
            .errorLine: reverse,
            .overlay: 0,
            .toast: reverse,
            .destructive: bold,
        ]
    }
}
