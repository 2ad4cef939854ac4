/// A cell on the terminal: zero-based row from the top and column from the left.
struct CellPosition: Hashable, Sendable {
    var row: Int
    var column: Int
}
