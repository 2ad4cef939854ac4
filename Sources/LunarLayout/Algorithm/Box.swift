/// Four resolved edges.
struct Box {
    var left = 0.0, top = 0.0, right = 0.0, bottom = 0.0
    @inline(__always) subscript(edge: Edge) -> Double {
        switch edge {
        case .left: left
        case .top: top
        case .right: right
        case .bottom: bottom
        }
    }
    var horizontal: Double { left + right }
    var vertical: Double { top + bottom }
}
