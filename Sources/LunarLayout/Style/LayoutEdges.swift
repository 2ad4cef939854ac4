/// A value per edge in every form React Native accepts. The most specific set form wins:
/// for the left edge `start` (ltr) or `end` (rtl), then `left`, then `horizontal`, then `all`.
/// Every form defaults to `undefined` (an edge left undefined counts as 0).
public struct LayoutEdges: Hashable, Sendable {
    /// The left edge.
    public var left: LayoutValue = .undefined
    /// The top edge.
    public var top: LayoutValue = .undefined
    /// The right edge.
    public var right: LayoutValue = .undefined
    /// The bottom edge.
    public var bottom: LayoutValue = .undefined
    /// The leading edge in the writing direction (left in `ltr`, right in `rtl`); wins over `left` and `right`.
    public var start: LayoutValue = .undefined
    /// The trailing edge in the writing direction (right in `ltr`, left in `rtl`); wins over `left` and `right`.
    public var end: LayoutValue = .undefined
    /// Left and right, where neither they nor `start`/`end` are set.
    public var horizontal: LayoutValue = .undefined
    /// Top and bottom, where neither is set.
    public var vertical: LayoutValue = .undefined
    /// Every edge no more specific form sets.
    public var all: LayoutValue = .undefined

    /// Every edge undefined.
    public init() {}

    /// Every edge set to `value`.
    public init(all value: LayoutValue) { self.all = value }

    var hasPercent: Bool {
        [left, top, right, bottom, start, end, horizontal, vertical, all].contains(where: \.isPercent)
    }

    /// The value that applies to a physical edge in a direction.
    func value(_ edge: Edge, _ direction: LayoutDirection) -> LayoutValue {
        switch edge {
        case .left:
            let logical = direction == .rtl ? end : start
            if logical != .undefined { return logical }
            if left != .undefined { return left }
            return horizontal != .undefined ? horizontal : all
        case .right:
            let logical = direction == .rtl ? start : end
            if logical != .undefined { return logical }
            if right != .undefined { return right }
            return horizontal != .undefined ? horizontal : all
        case .top:
            if top != .undefined { return top }
            return vertical != .undefined ? vertical : all
        case .bottom:
            if bottom != .undefined { return bottom }
            return vertical != .undefined ? vertical : all
        }
    }
}

/// A physical edge.
enum Edge: Int {
    case left = 0, top = 1, right = 2, bottom = 3
}
