import LunarUI

/// What a node's style adds to a cell beyond its ``TextStyle``: colours and emphasis. The
/// painter shows the colours where the terminal has them (and `NO_COLOR` does not say no),
/// bold and underline everywhere.
struct CellPaint: Hashable, Sendable {
    /// The text colour; nil for the style's.
    var foreground: Color?
    /// The fill colour; nil for the style's.
    var background: Color?
    var bold = false
    var underline = false

    /// Nothing beyond the style.
    static let plain = CellPaint()

    var isPlain: Bool { self == .plain }
}
