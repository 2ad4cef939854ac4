/// A rectangle of terminal cells, each a character and a style: what layout draws into and
/// the painter copies to the screen.
///
/// A wide character (2 columns) occupies its cell and a continuation cell after it.
/// Writing over half of a wide character blanks the other half, as a terminal would.
struct CellGrid: Equatable, Sendable {
    /// One terminal cell.
    struct Cell: Equatable, Sendable {
        /// The character shown; a space for an empty cell, ignored for a continuation.
        var character: Character
        /// How it is shown.
        var style: TextStyle
        /// Whether this cell is the right half of the wide character before it.
        var isContinuation: Bool
        /// The colours and emphasis a node's style gives it.
        var paint: CellPaint = .plain

        static let blank = Cell(character: " ", style: .normal, isContinuation: false)
    }

    /// Columns per row.
    let width: Int
    /// The rows, each exactly `width` cells.
    private(set) var rows: [[Cell]]

    /// A grid of `height` empty rows.
    init(width: Int, height: Int) {
        self.width = max(0, width)
        rows = Array(repeating: Array(repeating: .blank, count: max(0, width)), count: max(0, height))
    }

    /// How many rows there are.
    var height: Int { rows.count }

    /// Writes `text` on `row` from `column`, clipped at `limit` columns (and at the edge),
    /// and returns the columns it took. Control characters are not written. Each cell keeps the
    /// background colour it had unless `paint` brings one.
    @discardableResult
    mutating func write(
        _ text: some StringProtocol, row: Int, column: Int, style: TextStyle, paint: CellPaint = .plain, limit: Int = .max
    ) -> Int {
        guard rows.indices.contains(row), column >= 0 else { return 0 }
        let end = column + min(max(0, limit), width - column)
        var x = column
        for character in text {
            let characterWidth = displayWidth(of: character)
            guard characterWidth > 0 else { continue }
            guard x + characterWidth <= end else { break }
            var cellPaint = paint
            if cellPaint.background == nil { cellPaint.background = rows[row][x].paint.background }
            set(Cell(character: character, style: style, isContinuation: false, paint: cellPaint), row: row, column: x)
            if characterWidth == 2 {
                set(Cell(character: " ", style: style, isContinuation: true, paint: cellPaint), row: row, column: x + 1)
            }
            x += characterWidth
        }
        return x - column
    }

    /// Gives every cell of `row` in `columns` the style `style`, keeping its character.
    mutating func restyle(row: Int, columns: Range<Int>, to style: TextStyle) {
        guard rows.indices.contains(row) else { return }
        for x in columns.clamped(to: 0..<width) { rows[row][x].style = style }
    }

    /// Fills `row` in `columns` with blanks of `style` and `paint`.
    mutating func fill(row: Int, columns: Range<Int>, style: TextStyle, paint: CellPaint = .plain) {
        guard rows.indices.contains(row) else { return }
        for x in columns.clamped(to: 0..<width) {
            set(Cell(character: " ", style: style, isContinuation: false, paint: paint), row: row, column: x)
        }
    }

    /// Copies `other` with its top-left corner at (`row`, `column`), clipped to this grid.
    mutating func paste(_ other: CellGrid, row: Int, column: Int) {
        for (offset, sourceRow) in other.rows.enumerated() {
            let y = row + offset
            guard rows.indices.contains(y) else { continue }
            for (dx, cell) in sourceRow.enumerated() {
                set(cell, row: y, column: column + dx)
            }
        }
    }

    /// The cell at (`row`, `column`).
    subscript(row: Int, column: Int) -> Cell { rows[row][column] }

    /// The characters of `row`, trailing spaces removed.
    func text(ofRow row: Int) -> String {
        var text = ""
        for cell in rows[row] where !cell.isContinuation { text.append(cell.character) }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Every row as text, trailing spaces removed; what a person reading the screen sees.
    var lines: [String] { rows.indices.map { text(ofRow: $0) } }

    /// `row` as consecutive runs of one style and paint, without trailing unstyled blanks.
    func runs(ofRow row: Int) -> [(text: String, style: TextStyle, paint: CellPaint)] {
        var cells = rows[row][...]
        while let last = cells.last, last == .blank { cells.removeLast() }
        var runs: [(text: String, style: TextStyle, paint: CellPaint)] = []
        for cell in cells where !cell.isContinuation {
            if let last = runs.last, last.style == cell.style, last.paint == cell.paint {
                runs[runs.count - 1].text.append(cell.character)
            } else {
                runs.append((String(cell.character), cell.style, cell.paint))
            }
        }
        return runs
    }

    /// Sets one cell, blanking the halves of wide characters it breaks.
    private mutating func set(_ cell: Cell, row: Int, column: Int) {
        guard column >= 0, column < width else { return }
        let replacesLead = column + 1 < width && rows[row][column + 1].isContinuation
            && !rows[row][column].isContinuation
        if cell.isContinuation {
            // The lead before it was just written; only a wide character starting here breaks.
            if replacesLead { blank(row: row, column: column + 1) }
        } else {
            if rows[row][column].isContinuation, column > 0 { blank(row: row, column: column - 1) }
            if replacesLead { blank(row: row, column: column + 1) }
        }
        rows[row][column] = cell
    }

    private mutating func blank(row: Int, column: Int) {
        let old = rows[row][column]
        rows[row][column] = Cell(character: " ", style: old.style, isContinuation: false, paint: old.paint)
    }
}

extension CellGrid {
    /// The rows in `range` (clamped to the grid) as a grid of their own.
    func slice(rows range: Range<Int>) -> CellGrid {
        var result = CellGrid(width: width, height: 0)
        result.rows = Array(rows[range.clamped(to: rows.indices)])
        return result
    }
}
