// The style of a layout node: every flexbox property with Yoga's (React Native's) defaults.

/// A length: points, a percentage of the containing block, `auto`, an intrinsic size keyword
/// (`maxContent`, `fitContent`, `stretch`: for sizes, their min and max and `flexBasis`), or
/// undefined (not set).
public enum LayoutValue: Hashable, Sendable {
    case undefined
    case auto
    case points(Double)
    case percent(Double)
    /// CSS `max-content`: the size of the content laid out with no limit. As in Yoga, the size
    /// comes from the content the way `auto` does; as a min or max it sets no limit.
    case maxContent
    /// CSS `fit-content`: the content's size, at most the available space. As in Yoga, the size
    /// comes from the content the way `auto` does; as a min or max it sets no limit.
    case fitContent
    /// CSS `stretch` (`-webkit-fill-available`): the available space. As in Yoga, the size is
    /// resolved the way `auto` is (a stretched cross size fills its line); as a min or max it
    /// sets no limit.
    case stretch

    /// Whether the value is a length (points or a percentage): not undefined, auto or a keyword.
    public var isDefined: Bool {
        switch self {
        case .points, .percent: true
        case .undefined, .auto, .maxContent, .fitContent, .stretch: false
        }
    }

    /// Whether the value is one of the intrinsic size keywords.
    public var isIntrinsic: Bool {
        switch self {
        case .maxContent, .fitContent, .stretch: true
        case .undefined, .auto, .points, .percent: false
        }
    }
}

extension LayoutValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    public init(floatLiteral value: Double) { self = .points(value) }
}

/// Writing direction. `inherit` takes the parent's (the root's comes from `calculateLayout`).
public enum LayoutDirection: Sendable, Hashable {
    case inherit, ltr, rtl
}

public enum FlexDirection: Sendable, Hashable {
    case column, columnReverse, row, rowReverse
}

public enum JustifyContent: Sendable, Hashable {
    case flexStart, center, flexEnd, spaceBetween, spaceAround, spaceEvenly
}

/// `alignItems`, `alignSelf` (where `auto` means the parent's `alignItems`) and `alignContent`.
public enum LayoutAlign: Sendable, Hashable {
    case auto, flexStart, center, flexEnd, stretch, baseline, spaceBetween, spaceAround, spaceEvenly
}

public enum FlexWrap: Sendable, Hashable {
    case noWrap, wrap, wrapReverse
}

/// `relative` nodes are laid out in the flow, offset by their insets, and are the containing
/// block of their absolute children; `absolute` nodes are taken out of the flow and placed by
/// their insets; `static` nodes are laid out in the flow and ignore their insets.
public enum PositionType: Sendable, Hashable {
    case relative, absolute, `static`
}

/// `none` takes no space and empties the subtree's frames; `contents` lays the node's children
/// out as if they were its parent's, the node itself getting an empty frame.
public enum Display: Sendable, Hashable {
    case flex, none, contents
}

/// What `width`, `height`, their min and max and `flexBasis` measure: the border box (Yoga's and
/// React Native's default) or the content box (padding and border added on top).
public enum BoxSizing: Sendable, Hashable {
    case borderBox, contentBox
}

public enum Overflow: Sendable, Hashable {
    case visible, hidden, scroll
}

/// A value per edge in every form React Native accepts. The most specific set form wins:
/// for the left edge `start` (ltr) or `end` (rtl), then `left`, then `horizontal`, then `all`.
public struct LayoutEdges: Hashable, Sendable {
    public var left: LayoutValue = .undefined
    public var top: LayoutValue = .undefined
    public var right: LayoutValue = .undefined
    public var bottom: LayoutValue = .undefined
    public var start: LayoutValue = .undefined
    public var end: LayoutValue = .undefined
    public var horizontal: LayoutValue = .undefined
    public var vertical: LayoutValue = .undefined
    public var all: LayoutValue = .undefined

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

/// A node's style. The defaults are Yoga's: a column, no shrinking, `alignContent` flex-start,
/// `alignItems` stretch, relative position, box sizes include padding and border.
public struct LayoutStyle: Hashable, Sendable {
    public var direction: LayoutDirection = .inherit
    public var flexDirection: FlexDirection = .column
    public var justifyContent: JustifyContent = .flexStart
    public var alignItems: LayoutAlign = .stretch
    public var alignSelf: LayoutAlign = .auto
    public var alignContent: LayoutAlign = .flexStart
    public var flexWrap: FlexWrap = .noWrap
    /// React Native's `flex` shorthand: positive means grow by it (with a basis of 0), negative
    /// means shrink by its magnitude; `flexGrow`, `flexShrink` and `flexBasis` override it.
    public var flex: Double?
    public var flexGrow: Double?
    public var flexShrink: Double?
    public var flexBasis: LayoutValue = .auto
    public var width: LayoutValue = .auto
    public var height: LayoutValue = .auto
    public var minWidth: LayoutValue = .undefined
    public var minHeight: LayoutValue = .undefined
    public var maxWidth: LayoutValue = .undefined
    public var maxHeight: LayoutValue = .undefined
    public var margin = LayoutEdges()
    public var padding = LayoutEdges()
    /// Border widths in points (a percentage counts as 0).
    public var border = LayoutEdges()
    public var position: PositionType = .relative
    /// `top`, `right`, `bottom`, `left`, `start`, `end` (and the other edge forms).
    public var inset = LayoutEdges()
    public var gap: LayoutValue = .undefined
    public var rowGap: LayoutValue = .undefined
    public var columnGap: LayoutValue = .undefined
    /// Width divided by height.
    public var aspectRatio: Double?
    public var display: Display = .flex
    public var overflow: Overflow = .visible
    public var boxSizing: BoxSizing = .borderBox

    public init() {}

    /// Whether the node, in the flow, aligns itself to its line's baseline.
    var alignsSelfToBaseline: Bool { alignSelf == .baseline && position != .absolute }

    /// Whether a min or max size is set.
    var hasMinMax: Bool {
        minWidth != .undefined || minHeight != .undefined || maxWidth != .undefined || maxHeight != .undefined
    }

    /// Whether any length is a percentage (of the owner's size).
    var usesPercentages: Bool {
        let lengths: [LayoutValue] = [flexBasis, width, height, minWidth, minHeight, maxWidth, maxHeight, gap, rowGap, columnGap]
        return lengths.contains(where: \.isPercent) || margin.hasPercent || padding.hasPercent || inset.hasPercent
    }

    /// A style set up by a closure: `LayoutStyle { $0.width = 100; $0.flexDirection = .row }`.
    public init(_ configure: (inout LayoutStyle) -> Void) {
        configure(&self)
    }
}

/// A physical edge.
enum Edge: Int {
    case left = 0, top = 1, right = 2, bottom = 3
}
