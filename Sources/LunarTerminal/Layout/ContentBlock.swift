/// Laid-out content: its cells, and where the focused element and the text cursor landed,
/// so the screen can scroll them into view.
struct ContentBlock {
    /// The cells, as wide as the space given.
    var grid: CellGrid
    /// The rows the focused element occupies, when it is inside this block.
    var focusedRows: Range<Int>?
    /// Where the text cursor goes: the insertion point of the focused field.
    var cursor: CellPosition?

    /// No rows, `width` wide.
    init(width: Int) {
        grid = CellGrid(width: width, height: 0)
    }

    /// A block of `grid`, with no focus in it.
    init(_ grid: CellGrid) {
        self.grid = grid
    }

    /// Appends `other` below, carrying its focus and cursor along.
    mutating func appendBelow(_ other: ContentBlock) {
        let top = grid.height
        grid.append(other.grid)
        if let rows = other.focusedRows { focusedRows = (rows.lowerBound + top)..<(rows.upperBound + top) }
        if let cursor = other.cursor { self.cursor = CellPosition(row: cursor.row + top, column: cursor.column) }
    }
}
