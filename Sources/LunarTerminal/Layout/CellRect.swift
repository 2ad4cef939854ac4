import LunarLayout

/// A rectangle of terminal cells: rows and columns, each a half-open range.
///
/// Points map to cells at 8 points a column and 16 a row (``CellMetrics``). A frame's edges
/// are each rounded to the nearest cell edge, not its origin and size, so boxes that touch in
/// points touch in cells, and a box never grows or shrinks by where it starts.
struct CellRect: Equatable {
    var rows: Range<Int>
    var columns: Range<Int>

    /// The cells a box at `left`, `top` (absolute, points) of `width` × `height` points covers.
    init(left: Double, top: Double, width: Double, height: Double, columnWidth: Double = 8, rowHeight: Double = 16) {
        func edge(_ points: Double, _ unit: Double) -> Int {
            let cells = (points / unit).rounded()
            return cells.isFinite ? Int(max(-1e9, min(1e9, cells))) : 0
        }
        let firstColumn = edge(left, columnWidth)
        let firstRow = edge(top, rowHeight)
        columns = firstColumn..<max(firstColumn, edge(left + width, columnWidth))
        rows = firstRow..<max(firstRow, edge(top + height, rowHeight))
    }

    init(rows: Range<Int>, columns: Range<Int>) {
        self.rows = rows
        self.columns = columns
    }

    var isEmpty: Bool { rows.isEmpty || columns.isEmpty }

    /// The cells both rectangles cover.
    func intersection(_ other: CellRect) -> CellRect {
        CellRect(rows: rows.clamped(to: other.rows), columns: columns.clamped(to: other.columns))
    }

    /// The rectangle moved by `rows` down and `columns` right.
    func offsetBy(rows dy: Int, columns dx: Int) -> CellRect {
        CellRect(rows: (rows.lowerBound + dy)..<(rows.upperBound + dy), columns: (columns.lowerBound + dx)..<(columns.upperBound + dx))
    }

    /// The rectangle with `left`, `top`, `right` and `bottom` cells taken off its sides.
    func inset(left: Int, top: Int, right: Int, bottom: Int) -> CellRect {
        let newColumns = (columns.lowerBound + left)..<max(columns.lowerBound + left, columns.upperBound - right)
        let newRows = (rows.lowerBound + top)..<max(rows.lowerBound + top, rows.upperBound - bottom)
        return CellRect(rows: newRows, columns: newColumns)
    }
}
