/// The box-drawing and marker characters layout uses: Unicode where the terminal's locale
/// is UTF-8, ASCII otherwise.
struct Glyphs: Hashable, Sendable {
    /// A horizontal line (dividers, box edges).
    var horizontal: Character
    /// A vertical line (box edges, a divider inside a row).
    var vertical: Character
    var topLeft: Character
    var topRight: Character
    var bottomLeft: Character
    var bottomRight: Character
    /// Marks the focused element in the left margin, and the chosen alert button.
    var focusMarker: Character
    /// Starts the back hint in the title bar.
    var backArrow: Character
    /// Shows in the right margin when content continues above.
    var moreAbove: Character
    /// Shows in the right margin when content continues below.
    var moreBelow: Character
    /// Separates key hints on the bottom line.
    var separator: String
    /// The corners of a box with a `borderRadius`.
    var roundTopLeft: Character
    var roundTopRight: Character
    var roundBottomLeft: Character
    var roundBottomRight: Character
    /// A `dashed` border's lines.
    var dashedHorizontal: Character
    var dashedVertical: Character
    /// A `dotted` border's lines.
    var dottedHorizontal: Character
    var dottedVertical: Character
    /// An `ActivityIndicator`'s frames, turned by a timer while one shows.
    var spinnerFrames: [Character]

    /// The spinner frame for `phase` (any integer; it wraps).
    func spinner(phase: Int) -> Character {
        spinnerFrames[((phase % spinnerFrames.count) + spinnerFrames.count) % spinnerFrames.count]
    }

    /// Box drawing and arrows from Unicode.
    static let unicode = Glyphs(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        focusMarker: ">", backArrow: "←", moreAbove: "↑", moreBelow: "↓", separator: " · ",
        roundTopLeft: "╭", roundTopRight: "╮", roundBottomLeft: "╰", roundBottomRight: "╯",
        dashedHorizontal: "╌", dashedVertical: "╎", dottedHorizontal: "┈", dottedVertical: "┊", spinnerFrames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"])

    /// Plain ASCII, for terminals whose locale cannot show Unicode.
    static let ascii = Glyphs(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        focusMarker: ">", backArrow: "<", moreAbove: "^", moreBelow: "v", separator: " | ",
        roundTopLeft: "+", roundTopRight: "+", roundBottomLeft: "+", roundBottomRight: "+",
        dashedHorizontal: "-", dashedVertical: "|", dottedHorizontal: ".", dottedVertical: ":", spinnerFrames: ["-", "\\", "|", "/"])
}
