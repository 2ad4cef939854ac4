import LunarLayout

/// The monospace metrics of a character-cell screen: one column is ``columnWidth`` points
/// (8), one row ``rowHeight`` points (16), and each leaf takes the cells the terminal draws it
/// in. The terminal renderer lays out with these, and the headless renderer too, so the frames
/// `snapshot frames` prints are the ones the terminal shows (docs/terminal.md, "Points and cells").
///
/// | leaf | cells |
/// |---|---|
/// | `Text` | its text (after `textTransform`) wrapped between words to the width offered, at most `numberOfLines` lines (the last cut with `…`): the longest line's columns × the lines |
/// | `Button` | `[ Title ]`: the title's columns + 4, one row |
/// | `TextField` | `[value   ]`: as wide as `maxLength` (at most 40; 24 without), or the placeholder, + 3, one row |
/// | `Image` | `[image: alt]`, one row (a renderer draws a box when the style makes it larger) |
/// | `Switch` | `[x]` or `[ ]`, one row |
/// | `ActivityIndicator` | one cell |
///
/// How many columns a character takes is the ``characterWidth`` function's call: the terminal
/// passes utf8proc's Unicode table (2 for East Asian wide characters and emoji); ``narrow``
/// counts one column per character, for renderers without that table.
public struct CellMetrics: Sendable {
    /// Points per column.
    public var columnWidth: Double = 8
    /// Points per row.
    public var rowHeight: Double = 16
    /// The columns one character (a grapheme cluster) takes: 0, 1 or 2.
    public var characterWidth: @Sendable (Character) -> Int

    /// The widest a text field's box gets unless its placeholder is wider.
    public static let longestFieldBox = 40
    /// A field's box width when it sets no `maxLength`.
    public static let defaultFieldBox = 24

    /// Metrics counting columns with `characterWidth`.
    public init(characterWidth: @escaping @Sendable (Character) -> Int) {
        self.characterWidth = characterWidth
    }

    /// One column per character, none for a control character (U+0000–U+001F, U+007F–U+009F).
    public static let narrow = CellMetrics { character in
        guard let value = character.unicodeScalars.first?.value else { return 0 }
        return value < 0x20 || (0x7F..<0xA0).contains(value) ? 0 : 1
    }

    /// These metrics for ``MountedTree/layout(width:height:direction:scale:metrics:)``: leaves
    /// measured in cells, a divider one cell thick, a border one cell wide at each side.
    public var layoutMetrics: LayoutMetrics {
        let cell = LayoutSize(width: columnWidth, height: rowHeight)
        return LayoutMetrics(hairline: cell, borderThickness: cell) { node, width, widthMode, height, heightMode in
            self.measure(node, width: width, widthMode: widthMode, height: height, heightMode: heightMode)
        }
    }

    // MARK: Text

    /// The columns `text` takes.
    public func columns(of text: some StringProtocol) -> Int {
        // ASCII text (most labels) needs no grapheme breaking: every printable byte is one
        // column and a control byte none, which is what the per-character rule gives.
        var printable = 0
        for byte in text.utf8 {
            if byte >= 0x7F {
                var width = 0
                for character in text { width += characterWidth(character) }
                return width
            }
            if byte >= 0x20 { printable += 1 }
        }
        return printable
    }

    /// The longest prefix of `text` that fits in `width` columns.
    public func prefix(of text: some StringProtocol, fittingIn width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let next = characterWidth(character)
            if used + next > width { break }
            used += next
            result.append(character)
        }
        return result
    }

    /// The longest suffix of `text` that fits in `width` columns.
    public func suffix(of text: some StringProtocol, fittingIn width: Int) -> String {
        var characters: [Character] = []
        var used = 0
        for character in text.reversed() {
            let next = characterWidth(character)
            if used + next > width { break }
            used += next
            characters.append(character)
        }
        return String(characters.reversed())
    }

    /// `text` broken into lines of at most `width` columns: at line breaks, then between
    /// words, and inside a word only when the word alone is too wide. Always at least one line.
    public func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [""] }
        let text = text.contains("\t") ? String(text.map { $0 == "\t" ? " " : $0 }) : text  // no tab stops
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                var word = Substring(word)
                var wordWidth = columns(of: word)
                let gap = line.isEmpty ? 0 : 1
                if lineWidth + gap + wordWidth <= width {
                    if gap == 1 { line.append(" ") }
                    line += word
                    lineWidth += gap + wordWidth
                    continue
                }
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                while wordWidth > width {
                    var head = prefix(of: word, fittingIn: width)
                    if head.isEmpty { head = String(word.prefix(1)) }  // a wide character in one column
                    guard head.count < word.count else { break }  // the last piece starts the line
                    lines.append(head)
                    word = word.dropFirst(head.count)
                    wordWidth = columns(of: word)
                }
                line = String(word)
                lineWidth = wordWidth
            }
            lines.append(line)
        }
        return lines
    }

    // MARK: Leaves

    /// What a `Text` shows: its text with its style's `textTransform` applied.
    public static func text(of node: MountedNode) -> String {
        let text = node.props[.text]?.stringValue ?? ""
        switch node.style[.textTransform]?.keyword {
        case "uppercase": return text.uppercased()
        case "lowercase": return text.lowercased()
        case "capitalize": return text.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        default: return text
        }
    }

    /// The lines a `Text` shows in `width` columns: its text (``text(of:)``) wrapped, at most
    /// `numberOfLines` of them when its style sets that, the last one then ending in `…`.
    public func lines(of node: MountedNode, width: Int) -> [String] {
        var lines = wrap(Self.text(of: node), width: width)
        if let limit = node.style[.numberOfLines]?.number.map(Int.init(saturating:)), limit > 0, lines.count > limit {
            lines.removeLast(lines.count - limit)
            let last = lines[lines.count - 1]
            lines[lines.count - 1] = prefix(of: last, fittingIn: max(0, min(width, columns(of: last) + 1) - 1)) + "…"
        }
        return lines
    }

    /// What a `Button` shows: `[ Title ]`.
    public static func buttonLabel(_ node: MountedNode) -> String {
        "[ \(node.props[.title]?.stringValue ?? "") ]"
    }

    /// What an `Image` shows on one row: `[image: alt]`.
    public static func imageLabel(_ node: MountedNode) -> String {
        "[image: \(node.props[.alt]?.stringValue ?? "")]"
    }

    /// What a `Switch` shows: `[x]` when on, `[ ]` when off.
    public static func switchLabel(_ node: MountedNode) -> String {
        node.props[.value]?.boolValue == true ? "[x]" : "[ ]"
    }

    /// A text field's box in columns, brackets included: `maxLength` (capped) or the
    /// placeholder, plus the cursor and the brackets.
    public func fieldColumns(_ node: MountedNode) -> Int {
        let length = node.props[.maxLength]?.intValue.map { min(max($0, 1), Self.longestFieldBox) }
            ?? Self.defaultFieldBox
        return max(length, columns(of: node.props[.placeholder]?.stringValue ?? ""), 8) + 3
    }

    /// The content size of a measured leaf in points, as the table above says.
    public func measure(
        _ node: MountedNode, width: Double, widthMode: MeasureMode, height: Double, heightMode: MeasureMode
    ) -> LayoutSize {
        let available = widthMode == .undefined || width.isNaN ? Int.max : max(0, Int(saturating: (width / columnWidth).rounded(.down)))
        var size: (columns: Int, rows: Int)
        switch node.kind {
        case .text:
            let lines = lines(of: node, width: available)
            size = (lines.map { columns(of: $0) }.max() ?? 0, lines.count)
        case .button:
            size = (columns(of: Self.buttonLabel(node)), 1)
        case .textField:
            size = (fieldColumns(node), 1)
        case .image:
            size = (columns(of: Self.imageLabel(node)), 1)
        case .switch:
            size = (3, 1)
        case .activityIndicator:
            size = (1, 1)
        case .column, .row, .list, .spacer, .divider, .view, .scrollView, .pressable:
            size = (0, 0)
        }
        var result = LayoutSize(width: Double(min(size.columns, available)) * columnWidth, height: Double(size.rows) * rowHeight)
        if widthMode == .exactly { result.width = width }
        if heightMode == .exactly { result.height = height }
        return result
    }
}
