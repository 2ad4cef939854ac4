import CUtf8proc
import LunarUI

/// How many terminal columns a character (a grapheme cluster) takes, as `wcwidth` would
/// count it with an up-to-date Unicode table: 2 for East Asian Wide and Fullwidth characters
/// and emoji, 0 for control characters and a combining mark standing alone, 1 otherwise.
///
/// The widths of single code points come from utf8proc (`utf8proc_charwidth`), a maintained
/// table generated from Unicode's EastAsianWidth.txt and emoji data, not from the C library's
/// `wcwidth`, which depends on the process locale (layout stays pure) and on how old the
/// system's locale data is. A cluster takes the width of its first code point, with the
/// cases a per-code-point table cannot see: a variation selector asks for emoji (FE0F, 2) or
/// text (FE0E, 1) presentation, and a pair of regional indicators is a flag (2). So a ZWJ
/// sequence (👩‍💻), a skin-tone sequence and a Hangul syllable in conjoining jamo are 2, and
/// a letter with combining accents is 1. docs/terminal.md, "Widths".
func displayWidth(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let value = first.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }  // C0, DEL and C1 controls
    if value < 0x7F, scalars.count == 1 { return 1 }  // plain ASCII, the common case
    if scalars.count > 1 {
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if scalars.contains(where: { $0.value == 0xFE0E }) { return 1 }
        if (0x1F1E6...0x1F1FF).contains(value) { return 2 }  // a flag: two regional indicators
    }
    return Int(max(0, utf8proc_charwidth(Int32(bitPattern: value))))
}

extension CellMetrics {
    /// The terminal's cells: 8 × 16 points, columns counted with utf8proc (``displayWidth(of:)``).
    static let terminal = CellMetrics(characterWidth: displayWidth(of:))
}

/// The columns `text` takes on a terminal.
func displayWidth(of text: some StringProtocol) -> Int {
    CellMetrics.terminal.columns(of: text)
}

/// The longest prefix of `text` that fits in `width` columns.
func prefix(of text: some StringProtocol, fittingIn width: Int) -> String {
    CellMetrics.terminal.prefix(of: text, fittingIn: width)
}

/// The longest suffix of `text` that fits in `width` columns.
func suffix(of text: some StringProtocol, fittingIn width: Int) -> String {
    CellMetrics.terminal.suffix(of: text, fittingIn: width)
}

/// `text` broken into lines of at most `width` columns (``CellMetrics/wrap(_:width:)``).
func wrap(_ text: String, width: Int) -> [String] {
    CellMetrics.terminal.wrap(text, width: width)
}
