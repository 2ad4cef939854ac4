import LunarLayout
import LunarUI

/// What the painter derives from one layout of a screen and keeps until the next: the rows
/// each subtree paints, so a frame visits only the nodes on the visible rows.
final class ContentExtent {
    /// The ``MountedTree/layoutVersion`` the spans were computed for.
    fileprivate var layoutVersion = -1
    fileprivate var rootIdentity: ObjectIdentifier?
    /// The content rows each subtree covers (clipped by clipping ancestors), by node.
    fileprivate var spans: [ObjectIdentifier: Range<Int>] = [:]
    /// How many rows the content takes.
    private(set) var rows = 0

    fileprivate func update(for root: MountedNode, version: Int, painter: ContentPainter) {
        guard version != layoutVersion || ObjectIdentifier(root) != rootIdentity else { return }
        spans.removeAll(keepingCapacity: true)
        rows = max(0, painter.rowSpan(of: root, parentTop: 0, into: &spans).upperBound)
        layoutVersion = version
        rootIdentity = ObjectIdentifier(root)
    }
}

/// Paints a laid-out node tree into cells: each node's box from its frame (8 points a column,
/// 16 a row; ``CellRect``), its background, border and colours from its style, and each leaf
/// in its terminal shape (`[ Title ]`, `[value   ]`, `[x]`). Only nodes on the visible rows
/// are visited. docs/terminal.md, "Points and cells".
struct ContentPainter {
    /// The characters boxes and lines are drawn with.
    let glyphs: Glyphs
    /// The focused node, drawn highlighted, with the text cursor when it is a field.
    let focused: NodeID?
    /// Where the text cursor is in the focused field, in characters from its start; nil: at its end.
    let caret: Int?
    /// Where `ui.scrollTo` put each `ScrollView`, in cells along its axis (clamped to its content
    /// when painted); focus inside one still scrolls it as far as needed to show the focus.
    let scrollOffsets: [NodeID: Int]
    /// Which frame of the spinner an `ActivityIndicator` shows (the renderer's timer turns it).
    let spinnerPhase: Int
    private let metrics = CellMetrics.terminal

    init(glyphs: Glyphs, focused: NodeID?, caret: Int? = nil, scrollOffsets: [NodeID: Int] = [:], spinnerPhase: Int = 0) {
        self.glyphs = glyphs
        self.focused = focused
        self.caret = caret
        self.scrollOffsets = scrollOffsets
        self.spinnerPhase = spinnerPhase
    }

    /// What painting the visible rows found out.
    struct Result {
        /// Where the text cursor goes (grid coordinates), when a focused field is visible.
        var cursor: CellPosition?
        /// The spinning `ActivityIndicator`s painted (grid coordinates), for the spinner timer,
        /// which redraws only these cells.
        var spinners: [SpinnerCell] = []
        /// How far each `ScrollView` painted was scrolled, in cells along its axis.
        var scrolled: [NodeID: Int] = [:]
    }

    /// Lays `tree` out in a viewport of `columns` × `rows` cells (incrementally: nothing is
    /// computed when nothing changed), then brings `extent` up to date.
    static func layOut(_ tree: MountedTree, columns: Int, rows: Int, extent: ContentExtent, glyphs: Glyphs) {
        tree.layout(
            width: Double(columns) * CellMetrics.terminal.columnWidth, height: Double(rows) * CellMetrics.terminal.rowHeight,
            metrics: CellMetrics.terminal.layoutMetrics)
        if let root = tree.root {
            extent.update(for: root, version: tree.layoutVersion, painter: ContentPainter(glyphs: glyphs, focused: nil))
        }
    }

    // MARK: Where things are

    /// The cells of `node` in content coordinates, with scroll views' shifts applied.
    func rect(of node: MountedNode) -> CellRect {
        let frame = node.absoluteFrame
        var rect = CellRect(left: frame.left, top: frame.top, width: frame.width, height: frame.height)
        for (_, shift) in scrollShifts(revealing: node) { rect = rect.offsetBy(rows: -shift.rows, columns: -shift.columns) }
        return rect
    }

    /// How far each scroll view above `node` is scrolled to show it (innermost first), in cells.
    func scrollShifts(revealing node: MountedNode?) -> [(ObjectIdentifier, (rows: Int, columns: Int))] {
        guard let node else { return [] }
        let frame = node.absoluteFrame
        var target = CellRect(left: frame.left, top: frame.top, width: frame.width, height: frame.height)
        var shifts: [(ObjectIdentifier, (rows: Int, columns: Int))] = []
        var ancestor = node.parent
        while let scroller = ancestor {
            defer { ancestor = scroller.parent }
            guard scroller.kind == .scrollView else { continue }
            let box = scroller.absoluteFrame
            let viewport = contentRect(of: scroller, in: CellRect(left: box.left, top: box.top, width: box.width, height: box.height), left: box.left, top: box.top)
            // From where the scroll view stands, as little as shows the target (its start first).
            let stored = storedShift(of: scroller)
            let rows = max(stored.rows, target.rows.upperBound - viewport.rows.upperBound)
            let columns = max(stored.columns, target.columns.upperBound - viewport.columns.upperBound)
            let shift = (rows: max(0, min(rows, target.rows.lowerBound - viewport.rows.lowerBound)),
                         columns: max(0, min(columns, target.columns.lowerBound - viewport.columns.lowerBound)))
            if shift.rows != 0 || shift.columns != 0 || stored != (0, 0) { shifts.append((ObjectIdentifier(scroller), shift)) }
            target = target.offsetBy(rows: -shift.rows, columns: -shift.columns)
        }
        return shifts
    }

    /// Where `ui.scrollTo` put `scroller` (a `ScrollView`), in cells, clamped to its content.
    func storedShift(of scroller: MountedNode) -> (rows: Int, columns: Int) {
        guard let stored = scrollOffsets[scroller.id], let content = scroller.contentSize else { return (0, 0) }
        let frame = scroller.frame
        if scroller.props[.horizontal]?.boolValue == true {
            let most = Int(saturating: ((content.width - frame.width) / metrics.columnWidth).rounded(.up))
            return (0, max(0, min(stored, most)))
        }
        let most = Int(saturating: ((content.height - frame.height) / metrics.rowHeight).rounded(.up))
        return (max(0, min(stored, most)), 0)
    }

    /// The rows `node`'s subtree covers, recorded for each node in `spans`.
    fileprivate func rowSpan(of node: MountedNode, parentTop: Double, into spans: inout [ObjectIdentifier: Range<Int>]) -> Range<Int> {
        let frame = node.frame
        let top = parentTop + frame.top
        let own = CellRect(left: 0, top: top, width: 0, height: frame.height).rows
        var span = own
        let clips = clipsContent(node)
        for child in node.children {
            var childSpan = rowSpan(of: child, parentTop: top, into: &spans)
            if clips { childSpan = childSpan.clamped(to: own) }
            guard !childSpan.isEmpty else { continue }
            span = span.isEmpty ? childSpan : min(span.lowerBound, childSpan.lowerBound)..<max(span.upperBound, childSpan.upperBound)
        }
        spans[ObjectIdentifier(node)] = span
        return span
    }

    private func clipsContent(_ node: MountedNode) -> Bool {
        node.kind == .scrollView || node.style[.overflow]?.keyword == "hidden" || node.style[.overflow]?.keyword == "scroll"
    }

    // MARK: Painting

    /// Paints the rows of `root`'s content from `firstRow` into `grid` (its row 0 is content
    /// row `firstRow`), using `extent` to skip what is not visible; scroll views above
    /// `focusedNode` scroll to show it.
    func paint(_ root: MountedNode, focusedNode: MountedNode?, extent: ContentExtent, firstRow: Int, into grid: inout CellGrid) -> Result {
        var canvas = Canvas(grid: grid, firstRow: firstRow)
        let shifts = Dictionary(scrollShifts(revealing: focusedNode), uniquingKeysWith: { first, _ in first })
        let visible = CellRect(rows: firstRow..<(firstRow + grid.height), columns: 0..<grid.width)
        var result = Result()
        paint(root, left: 0, top: 0, shift: (0, 0), clip: visible, extent: extent, shifts: shifts, canvas: &canvas, result: &result)
        grid = canvas.grid
        return result
    }

    private func paint(
        _ node: MountedNode, left parentLeft: Double, top parentTop: Double, shift: (rows: Int, columns: Int),
        clip: CellRect, extent: ContentExtent, shifts: [ObjectIdentifier: (rows: Int, columns: Int)],
        canvas: inout Canvas, result: inout Result
    ) {
        let frame = node.frame
        let left = parentLeft + frame.left
        let top = parentTop + frame.top
        let style = node.style
        if style[.display]?.keyword == "none" || style[.opacity]?.number == 0 { return }
        let rect = CellRect(left: left, top: top, width: frame.width, height: frame.height)
            .offsetBy(rows: -shift.rows, columns: -shift.columns)
        draw(node, style: style, rect: rect, left: left, top: top, clip: clip, canvas: &canvas, result: &result)

        var childClip = clip
        var childShift = shift
        if clipsContent(node) {
            childClip = clip.intersection(contentRect(of: node, in: rect, left: left, top: top, paddingToo: false))
        }
        if node.kind == .scrollView {
            let own = shifts[ObjectIdentifier(node)] ?? storedShift(of: node)
            childShift = (shift.rows + own.rows, shift.columns + own.columns)
            result.scrolled[node.id] = node.props[.horizontal]?.boolValue == true ? own.columns : own.rows
        }
        for child in Self.paintingOrder(node.children) {
            guard let span = extent.spans[ObjectIdentifier(child)], !span.isEmpty else { continue }
            let shown = (span.lowerBound - childShift.rows)..<(span.upperBound - childShift.rows)
            guard shown.overlaps(childClip.rows) else { continue }
            paint(child, left: left, top: top, shift: childShift, clip: childClip, extent: extent, shifts: shifts,
                  canvas: &canvas, result: &result)
        }
        if node.id == focused, node.kind != .button, node.kind != .textField, node.kind != .switch {
            // A pressable row or text highlights as a whole, like a selected table cell.
            canvas.restyle(rect.intersection(clip), to: .focused)
        }
    }

    /// Siblings in the order they are painted: by `zIndex`, ties (and no `zIndex`) in
    /// document order, so a higher one paints over a lower one.
    static func paintingOrder(_ children: [MountedNode]) -> [MountedNode] {
        guard children.contains(where: { $0.style[.zIndex] != nil }) else { return children }
        return children.enumerated().sorted { a, b in
            let za = a.element.style[.zIndex]?.number ?? 0, zb = b.element.style[.zIndex]?.number ?? 0
            return za != zb ? za < zb : a.offset < b.offset
        }.map(\.element)
    }

    /// `node`'s rectangle less its border (and padding, unless `paddingToo` is false).
    func contentRect(of node: MountedNode, in rect: CellRect, left: Double, top: Double, paddingToo: Bool = true) -> CellRect {
        let layoutStyle = node.layoutNode.style
        let frame = node.frame
        let rtl = node.layoutDirection == .rtl
        let reference = node.parent?.frame.width ?? frame.width
        var inset = Self.edges(layoutStyle.border, rtl: rtl, reference: reference)
        if paddingToo {
            let padding = Self.edges(layoutStyle.padding, rtl: rtl, reference: reference)
            inset = (inset.0 + padding.0, inset.1 + padding.1, inset.2 + padding.2, inset.3 + padding.3)
        }
        let content = CellRect(
            left: left + inset.0, top: top + inset.1,
            width: max(0, frame.width - inset.0 - inset.2), height: max(0, frame.height - inset.1 - inset.3))
        return content.offsetBy(rows: rect.rows.lowerBound - CellRect(left: left, top: top, width: 0, height: 0).rows.lowerBound,
                                columns: rect.columns.lowerBound - CellRect(left: left, top: top, width: 0, height: 0).columns.lowerBound)
    }

    /// The left, top, right and bottom values of `edges` in points (percentages of `reference`).
    static func edges(_ edges: LayoutEdges, rtl: Bool) -> (Double, Double, Double, Double) {
        Self.edges(edges, rtl: rtl, reference: 0)
    }

    static func edges(_ edges: LayoutEdges, rtl: Bool, reference: Double) -> (Double, Double, Double, Double) {
        func points(_ values: LayoutValue...) -> Double {
            for value in values {
                switch value {
                case .points(let points): return points
                case .percent(let percent): return percent * reference / 100
                case .auto, .undefined, .maxContent, .fitContent, .stretch: continue
                }
            }
            return 0
        }
        return (
            points(rtl ? edges.end : edges.start, edges.left, edges.horizontal, edges.all),
            points(edges.top, edges.vertical, edges.all),
            points(rtl ? edges.start : edges.end, edges.right, edges.horizontal, edges.all),
            points(edges.bottom, edges.vertical, edges.all)
        )
    }

    // MARK: One node

    private func paint(of style: Style) -> CellPaint {
        var paint = CellPaint()
        paint.foreground = style[.color]?.color.flatMap { $0.isTransparent ? nil : $0 }
        if let weight = style[.fontWeight]?.keyword {
            paint.bold = weight == "bold" || (Int(weight) ?? 400) >= 600
        }
        paint.underline = style[.textDecorationLine]?.keyword?.contains("underline") ?? false
        return paint
    }

    private func draw(
        _ node: MountedNode, style: Style, rect: CellRect, left: Double, top: Double, clip: CellRect,
        canvas: inout Canvas, result: inout Result
    ) {
        let visible = rect.intersection(clip)
        if node.kind != .divider, let background = style[.backgroundColor]?.color, !background.isTransparent, !visible.isEmpty {
            canvas.fill(visible, paint: CellPaint(background: background))
        }
        drawBorder(of: node, style: style, rect: rect, clip: clip, canvas: &canvas)
        guard node.kind.isMeasured || node.kind == .divider else { return }
        let content = contentRect(of: node, in: rect, left: left, top: top)
        let textPaint = paint(of: style)
        let isFocused = node.id == focused
        switch node.kind {
        case .text:
            let lines = metrics.lines(of: node, width: content.columns.count)
            let align = style[.textAlign]?.keyword ?? "auto"
            for (index, line) in lines.enumerated() where index < content.rows.count {
                let free = max(0, content.columns.count - metrics.columns(of: line))
                let indent = align == "center" ? free / 2 : align == "right" ? free : 0
                canvas.write(line, row: content.rows.lowerBound + index, column: content.columns.lowerBound + indent,
                             clip: clip.intersection(content), style: .normal, paint: textPaint)
            }
        case .button:
            let title = metrics.prefix(of: node.props[.title]?.stringValue ?? "", fittingIn: max(0, content.columns.count - 4))
            let role: TextStyle = isFocused ? .focused : node.isDisabled ? .hint : .button
            canvas.write("[ \(title) ]", row: content.rows.lowerBound, column: content.columns.lowerBound,
                         clip: clip.intersection(content), style: role, paint: textPaint)
        case .textField:
            drawField(node, in: content, clip: clip, paint: textPaint, canvas: &canvas, result: &result)
        case .image:
            drawImage(node, in: content, clip: clip, paint: textPaint, canvas: &canvas)
        case .switch:
            canvas.write(CellMetrics.switchLabel(node), row: content.rows.lowerBound, column: content.columns.lowerBound,
                         clip: clip.intersection(content), style: isFocused ? .focused : node.isDisabled ? .hint : .normal,
                         paint: textPaint)
        case .activityIndicator:
            guard node.props[.animating]?.boolValue != false else { break }   // a stopped indicator is hidden
            let row = content.rows.lowerBound, column = content.columns.lowerBound
            canvas.write(String(glyphs.spinner(phase: spinnerPhase)), row: row, column: column,
                         clip: clip.intersection(content), style: .hint, paint: textPaint)
            if clip.intersection(content).rows.contains(row), clip.intersection(content).columns.contains(column) {
                result.spinners.append(SpinnerCell(position: CellPosition(row: row - canvas.firstRow, column: column), paint: textPaint))
            }
        case .divider:
            var linePaint = CellPaint()
            linePaint.foreground = (style[.backgroundColor] ?? style[.color])?.color
            // Only the part inside the clip is drawn: a box may be far larger than the screen.
            if node.parent?.laysOutInRow ?? false {
                for row in rect.rows.clamped(to: clip.rows) {
                    canvas.write(String(glyphs.vertical), row: row, column: rect.columns.lowerBound, clip: clip, style: .hint, paint: linePaint)
                }
            } else if !rect.rows.isEmpty {
                let columns = rect.columns.clamped(to: clip.columns)
                canvas.write(String(repeating: glyphs.horizontal, count: columns.count), row: rect.rows.lowerBound,
                             column: columns.lowerBound, clip: clip, style: .hint, paint: linePaint)
            }
        case .column, .row, .list, .spacer, .view, .scrollView, .pressable:
            break
        }
    }

    /// A bracketed box: the value (one `*` per character when secure), or the placeholder
    /// while empty; of a long value, the part around the cursor, so the cursor stays in view
    /// (the end while the cursor is there).
    private func drawField(_ node: MountedNode, in content: CellRect, clip: CellRect, paint: CellPaint, canvas: inout Canvas, result: inout Result) {
        guard !content.rows.isEmpty else { return }
        let row = content.rows.lowerBound
        let column = content.columns.lowerBound
        let boxWidth = min(metrics.fieldColumns(node), content.columns.count)
        let inner = max(0, boxWidth - 2)
        let isFocused = node.id == focused
        let value = node.props[.value]?.stringValue ?? ""
        let isSecure = node.props[.secure]?.boolValue ?? false
        let shown = isSecure ? String(repeating: "*", count: value.count) : value
        let fieldClip = clip.intersection(content)
        let bracketStyle: TextStyle = isFocused ? .focused : node.isDisabled ? .hint : .normal
        canvas.write("[", row: row, column: column, clip: fieldClip, style: bracketStyle, paint: paint)
        canvas.fill(CellRect(rows: row..<(row + 1), columns: (column + 1)..<(column + 1 + inner)).intersection(fieldClip),
                    style: node.isDisabled ? .hint : .field, paint: CellPaint(background: paint.background))
        let cursorColumn: Int
        if value.isEmpty {
            let placeholder = metrics.prefix(of: node.props[.placeholder]?.stringValue ?? "", fittingIn: inner)
            canvas.write(placeholder, row: row, column: column + 1, clip: fieldClip, style: node.isDisabled ? .hint : .placeholder, paint: paint)
            cursorColumn = 1
        } else if isFocused, let caret, caret < shown.count {
            // The cursor inside the text: as much before it as fits, then what follows it.
            let before = shown.prefix(caret)
            let visibleBefore = metrics.columns(of: shown) < inner ? String(before) : metrics.suffix(of: before, fittingIn: max(0, inner - 1))
            let written = metrics.prefix(of: visibleBefore + shown.dropFirst(caret), fittingIn: inner)
            canvas.write(written, row: row, column: column + 1, clip: fieldClip, style: node.isDisabled ? .hint : .field, paint: paint)
            cursorColumn = 1 + metrics.columns(of: visibleBefore)
        } else {
            let visible = metrics.columns(of: shown) < inner ? shown : metrics.suffix(of: shown, fittingIn: max(0, inner - 1))
            let written = metrics.prefix(of: visible, fittingIn: inner)
            canvas.write(written, row: row, column: column + 1, clip: fieldClip, style: node.isDisabled ? .hint : .field, paint: paint)
            cursorColumn = 1 + metrics.columns(of: written)
        }
        if boxWidth >= 2 { canvas.write("]", row: row, column: column + boxWidth - 1, clip: fieldClip, style: bracketStyle, paint: paint) }
        if isFocused, !node.isDisabled, inner > 0 {
            let position = CellPosition(row: row - canvas.firstRow, column: column + min(cursorColumn, inner))
            if fieldClip.rows.contains(row), fieldClip.columns.contains(position.column) { result.cursor = position }
        }
    }

    /// A box with the alt text in its middle when the image has room for one, else `[image: alt]`
    /// or, where that does not fit, the alt text cut to the image's width.
    private func drawImage(_ node: MountedNode, in content: CellRect, clip: CellRect, paint: CellPaint, canvas: inout Canvas) {
        let alt = node.props[.alt]?.stringValue ?? ""
        if content.rows.count >= 3, content.columns.count >= 4 {
            drawBox(content, corners: (glyphs.topLeft, glyphs.topRight, glyphs.bottomLeft, glyphs.bottomRight),
                    lines: (glyphs.horizontal, glyphs.vertical), edges: (true, true, true, true), clip: clip, style: .hint,
                    paint: paint, canvas: &canvas)
            let inner = content.inset(left: 1, top: 1, right: 1, bottom: 1)
            let text = metrics.prefix(of: alt, fittingIn: inner.columns.count)
            let row = inner.rows.lowerBound + (inner.rows.count - 1) / 2
            let column = inner.columns.lowerBound + (inner.columns.count - metrics.columns(of: text)) / 2
            canvas.write(text, row: row, column: column, clip: clip.intersection(inner), style: .hint, paint: paint)
        } else {
            // Too small for a box: `[image: alt]` where it fits (an unsized image is measured to
            // it), else the alt text itself, cut with an ellipsis, in the middle of the image.
            let label = CellMetrics.imageLabel(node)
            let width = content.columns.count
            guard metrics.columns(of: label) > width else {
                canvas.write(label, row: content.rows.lowerBound, column: content.columns.lowerBound,
                             clip: clip.intersection(content), style: .hint, paint: paint)
                return
            }
            let shown = alt.isEmpty ? "image" : alt
            let text = metrics.columns(of: shown) <= width ? shown : metrics.prefix(of: shown, fittingIn: max(0, width - 1)) + "…"
            let row = content.rows.lowerBound + (content.rows.count - 1) / 2
            let column = content.columns.lowerBound + (width - metrics.columns(of: text)) / 2
            canvas.write(text, row: row, column: column, clip: clip.intersection(content), style: .hint, paint: paint)
        }
    }

    /// Box drawing on the edges whose border width is positive: rounded corners with a
    /// `borderRadius`, dashed or dotted lines with that `borderStyle`, in the border colour.
    private func drawBorder(of node: MountedNode, style: Style, rect: CellRect, clip: CellRect, canvas: inout Canvas) {
        let widths = Self.edges(node.layoutNode.style.border, rtl: node.layoutDirection == .rtl)
        let edges = (widths.0 > 0, widths.1 > 0, widths.2 > 0, widths.3 > 0)
        guard edges.0 || edges.1 || edges.2 || edges.3, !rect.isEmpty else { return }
        let rounded = (style[.borderRadius]?.number ?? 0) > 0
        let corners = rounded
            ? (glyphs.roundTopLeft, glyphs.roundTopRight, glyphs.roundBottomLeft, glyphs.roundBottomRight)
            : (glyphs.topLeft, glyphs.topRight, glyphs.bottomLeft, glyphs.bottomRight)
        let lines: (Character, Character) = switch style[.borderStyle]?.keyword {
        case "dashed": (glyphs.dashedHorizontal, glyphs.dashedVertical)
        case "dotted": (glyphs.dottedHorizontal, glyphs.dottedVertical)
        default: (glyphs.horizontal, glyphs.vertical)
        }
        var paint = CellPaint()
        paint.foreground = (style[.borderColor] ?? style[.borderTopColor] ?? style[.borderLeftColor])?.color
        drawBox(rect, corners: corners, lines: lines, edges: edges, clip: clip, style: .normal, paint: paint, canvas: &canvas)
    }

    private func drawBox(
        _ rect: CellRect, corners: (Character, Character, Character, Character), lines: (horizontal: Character, vertical: Character),
        edges: (left: Bool, top: Bool, right: Bool, bottom: Bool), clip: CellRect, style: TextStyle, paint: CellPaint,
        canvas: inout Canvas
    ) {
        let top = rect.rows.lowerBound, bottom = rect.rows.upperBound - 1
        let first = rect.columns.lowerBound, last = rect.columns.upperBound - 1
        // Only the part inside the clip is drawn: a box may be far larger than the screen.
        for row in rect.rows.clamped(to: clip.rows) {
            if edges.left { canvas.write(String(lines.vertical), row: row, column: first, clip: clip, style: style, paint: paint) }
            if edges.right { canvas.write(String(lines.vertical), row: row, column: last, clip: clip, style: style, paint: paint) }
        }
        let columns = rect.columns.clamped(to: clip.columns)
        let across = String(repeating: lines.horizontal, count: columns.count)
        if edges.top { canvas.write(across, row: top, column: columns.lowerBound, clip: clip, style: style, paint: paint) }
        if edges.bottom { canvas.write(across, row: bottom, column: columns.lowerBound, clip: clip, style: style, paint: paint) }
        func corner(_ character: Character, _ row: Int, _ column: Int, _ shows: Bool) {
            if shows { canvas.write(String(character), row: row, column: column, clip: clip, style: style, paint: paint) }
        }
        corner(corners.0, top, first, edges.top && edges.left)
        corner(corners.1, top, last, edges.top && edges.right)
        corner(corners.2, bottom, first, edges.bottom && edges.left)
        corner(corners.3, bottom, last, edges.bottom && edges.right)
    }
}

/// A cell grid showing content rows from `firstRow`, written through clip rectangles in
/// content coordinates.
private struct Canvas {
    var grid: CellGrid
    let firstRow: Int

    mutating func fill(_ rect: CellRect, style: TextStyle = .normal, paint: CellPaint) {
        for row in rect.rows {
            grid.fill(row: row - firstRow, columns: rect.columns, style: style, paint: paint)
        }
    }

    mutating func restyle(_ rect: CellRect, to style: TextStyle) {
        for row in rect.rows { grid.restyle(row: row - firstRow, columns: rect.columns, to: style) }
    }

    /// Writes `text` from `column`, showing only what falls inside `clip`.
    mutating func write(_ text: String, row: Int, column: Int, clip: CellRect, style: TextStyle, paint: CellPaint) {
        guard clip.rows.contains(row), column < clip.columns.upperBound else { return }
        var text = Substring(text)
        var start = column
        while start < clip.columns.lowerBound, let first = text.first {
            start += max(1, CellMetrics.terminal.characterWidth(first))
            text = text.dropFirst()
        }
        grid.write(text, row: row - firstRow, column: start, style: style, paint: paint, limit: clip.columns.upperBound - start)
    }
}
