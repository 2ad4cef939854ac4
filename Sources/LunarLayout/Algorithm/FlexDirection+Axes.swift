// The axes a flex direction names, in physical edges.

extension FlexDirection {
    var isRow: Bool { self == .row || self == .rowReverse }
    var leadingEdge: Edge {
        switch self {
        case .row: .left
        case .rowReverse: .right
        case .column: .top
        case .columnReverse: .bottom
        }
    }
    var trailingEdge: Edge {
        switch self {
        case .row: .right
        case .rowReverse: .left
        case .column: .bottom
        case .columnReverse: .top
        }
    }
    /// Whether the axis runs from the right or bottom edge.
    var isReversed: Bool { self == .rowReverse || self == .columnReverse }

    func resolved(_ direction: LayoutDirection) -> FlexDirection {
        guard direction == .rtl else { return self }
        switch self {
        case .row: return .rowReverse
        case .rowReverse: return .row
        default: return self
        }
    }
}
