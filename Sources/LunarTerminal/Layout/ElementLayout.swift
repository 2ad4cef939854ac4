import LunarUI

/// Lays a node tree out into cells: a `Column` or `List` stacks its children, a `Row`
/// places them side by side, and each leaf draws itself in a fixed shape (a button as
/// `[ Title ]`, a field as a bracketed box). Pure: the same tree and width give the same cells.
struct ElementLayout {
    /// The characters boxes and lines are drawn with.
    let glyphs: Glyphs
    /// The focused node, drawn highlighted, with the text cursor when it is a field.
    let focused: NodeID?

    /// The widest a text field's box gets unless its placeholder is wider.
    static let longestFieldBox = 40
    /// A field's box width when it sets no `maxLength`.
    static let defaultFieldBox = 24

    /// `node` and its subtree laid out in `width` columns.
    func block(for node: MountedNode, width: Int) -> ContentBlock {
        guard width > 0 else { return ContentBlock(width: 0) }
        var block: ContentBlock
        switch node.kind {
        case .column, .list, .view, .scrollView, .pressable:
            block = ContentBlock(width: width)
            for child in node.children { block.appendBelow(self.block(for: child, width: width)) }
        case .row:
            block = rowBlock(for: node, width: width)
        case .text:
            block = textBlock(node.string(.text), width: width, style: .normal)
        case .image:
            block = textBlock("[image: \(node.string(.alt))]", width: width, style: .hint)
        case .switch:
            block = textBlock(Self.switchText(node), width: width, style: .normal)
        case .activityIndicator:
            block = textBlock("…", width: width, style: .hint)
        case .button:
            block = buttonBlock(for: node, width: width)
        case .textField:
            block = fieldBlock(for: node, width: width)
        case .spacer:
            block = ContentBlock(CellGrid(width: width, height: 1))
        case .divider:
            var grid = CellGrid(width: width, height: 1)
            grid.write(String(repeating: glyphs.horizontal, count: width), row: 0, column: 0, style: .hint)
            block = ContentBlock(grid)
        }
        if node.id == focused {
            block.focusedRows = 0..<block.grid.height
            if node.kind != .button && node.kind != .textField {
                // A pressable row or text highlights as a whole, like a selected table cell.
                for row in 0..<block.grid.height {
                    block.grid.restyle(row: row, columns: 0..<width, to: .focused)
                }
            }
        }
        return block
    }

    /// A switch as `[x]` (on) or `[ ]` (off).
    static func switchText(_ node: MountedNode) -> String {
        node.props[.value]?.boolValue == true ? "[x]" : "[ ]"
    }

    /// The columns `node` takes when given as many as it likes; a row divides its width by these.
    func naturalWidth(of node: MountedNode) -> Int {
        switch node.kind {
        case .column, .list, .view, .scrollView, .pressable:
            return node.children.map(naturalWidth(of:)).max() ?? 0
        case .row:
            return node.children.map(naturalWidth(of:)).reduce(0, +) + max(0, node.children.count - 1)
        case .text:
            return node.string(.text).split(separator: "\n").map { displayWidth(of: $0) }.max() ?? 0
        case .image:
            return displayWidth(of: "[image: \(node.string(.alt))]")
        case .switch:
            return displayWidth(of: Self.switchText(node))
        case .activityIndicator:
            return 1
        case .button:
            return displayWidth(of: node.string(.title)) + 4
        case .textField:
            return fieldWidth(of: node)
        case .spacer:
            return 0
        case .divider:
            return 1
        }
    }

    // MARK: Containers

    /// Children side by side, one column apart, top-aligned. Each child gets its natural
    /// width while space lasts; spacers share what is left; a divider is a vertical line.
    private func rowBlock(for node: MountedNode, width: Int) -> ContentBlock {
        let children = node.children
        var widths = [Int](repeating: 0, count: children.count)
        var remaining = width - max(0, children.count - 1)
        for (index, child) in children.enumerated() where child.kind != .spacer {
            widths[index] = max(0, min(naturalWidth(of: child), remaining))
            remaining -= widths[index]
        }
        let spacers = children.indices.filter { children[$0].kind == .spacer }
        if !spacers.isEmpty, remaining > 0 {
            for (order, index) in spacers.enumerated() {
                widths[index] = remaining / spacers.count + (order < remaining % spacers.count ? 1 : 0)
            }
        }

        var blocks: [ContentBlock?] = children.indices.map { index in
            let child = children[index]
            guard child.kind != .divider, child.kind != .spacer, widths[index] > 0 else { return nil }
            return block(for: child, width: widths[index])
        }
        let height = max(1, blocks.map { $0?.grid.height ?? 0 }.max() ?? 0)
        for index in children.indices where children[index].kind == .divider && widths[index] > 0 {
            var grid = CellGrid(width: widths[index], height: height)
            for row in 0..<height { grid.write(String(glyphs.vertical), row: row, column: 0, style: .hint) }
            blocks[index] = ContentBlock(grid)
        }

        var result = ContentBlock(CellGrid(width: width, height: height))
        var x = 0
        for index in children.indices {
            if let child = blocks[index] {
                result.grid.paste(child.grid, row: 0, column: x)
                if child.focusedRows != nil {
                    result.focusedRows = child.focusedRows
                    result.cursor = child.cursor.map { CellPosition(row: $0.row, column: $0.column + x) }
                }
            }
            x += widths[index] + 1
        }
        return result
    }

    // MARK: Leaves

    private func textBlock(_ text: String, width: Int, style: TextStyle) -> ContentBlock {
        let lines = wrap(text, width: width)
        var grid = CellGrid(width: width, height: lines.count)
        for (row, line) in lines.enumerated() { grid.write(line, row: row, column: 0, style: style) }
        return ContentBlock(grid)
    }

    /// `[ Title ]`, dimmed when disabled, highlighted when focused.
    private func buttonBlock(for node: MountedNode, width: Int) -> ContentBlock {
        let title = prefix(of: node.string(.title), fittingIn: max(0, width - 4))
        let style: TextStyle = node.id == focused ? .focused : node.isDisabled ? .hint : .button
        var grid = CellGrid(width: width, height: 1)
        grid.write("[ \(title) ]", row: 0, column: 0, style: style)
        return ContentBlock(grid)
    }

    /// A bracketed box: the value (one `*` per character when secure), or the placeholder
    /// while empty; the end of a long value, so the cursor stays in view.
    private func fieldBlock(for node: MountedNode, width: Int) -> ContentBlock {
        let boxWidth = min(fieldWidth(of: node), width)
        let inner = max(0, boxWidth - 2)
        let isFocused = node.id == focused
        let value = node.string(.value)
        let isSecure = node.props[.secure]?.boolValue ?? false
        let shown = isSecure ? String(repeating: "*", count: value.count) : value

        var grid = CellGrid(width: width, height: 1)
        let bracketStyle: TextStyle = isFocused ? .focused : node.isDisabled ? .hint : .normal
        grid.write("[", row: 0, column: 0, style: bracketStyle)
        grid.fill(row: 0, columns: 1..<(1 + inner), style: node.isDisabled ? .hint : .field)
        let cursorColumn: Int
        if value.isEmpty {
            grid.write(node.string(.placeholder), row: 0, column: 1, style: node.isDisabled ? .hint : .placeholder, limit: inner)
            cursorColumn = 1
        } else {
            let visible = displayWidth(of: shown) < inner ? shown : suffix(of: shown, fittingIn: max(0, inner - 1))
            cursorColumn = 1 + grid.write(visible, row: 0, column: 1, style: node.isDisabled ? .hint : .field, limit: inner)
        }
        if boxWidth >= 2 { grid.write("]", row: 0, column: boxWidth - 1, style: bracketStyle) }

        var block = ContentBlock(grid)
        if isFocused, !node.isDisabled, inner > 0 {
            block.cursor = CellPosition(row: 0, column: min(cursorColumn, inner))
        }
        return block
    }

    /// The box is as wide as `maxLength` (capped), or the placeholder, plus the cursor and brackets.
    private func fieldWidth(of node: MountedNode) -> Int {
        let length = node.props[.maxLength]?.intValue.map { min(max($0, 1), Self.longestFieldBox) }
            ?? Self.defaultFieldBox
        return max(length, displayWidth(of: node.string(.placeholder)), 8) + 3
    }
}
