/// A node's style: every flexbox property. The defaults are Yoga's (React Native's): a column,
/// no shrinking, `alignContent` flex-start, `alignItems` stretch, relative position, box sizes
/// include padding and border.
public struct LayoutStyle: Hashable, Sendable {
    /// The writing direction of the node and its subtree; default `inherit`.
    public var direction: LayoutDirection = .inherit
    /// The main axis; default `column` (CSS's is `row`).
    public var flexDirection: FlexDirection = .column
    /// How free space on the main axis is shared; default `flexStart`.
    public var justifyContent: JustifyContent = .flexStart
    /// The children's alignment on the cross axis; default `stretch`.
    public var alignItems: LayoutAlign = .stretch
    /// The node's own alignment in its parent's line; default `auto` (the parent's `alignItems`).
    public var alignSelf: LayoutAlign = .auto
    /// How a wrapping container's lines share its cross size; default `flexStart` (CSS's is `stretch`).
    public var alignContent: LayoutAlign = .flexStart
    /// Whether the children may wrap onto several lines; default `noWrap`.
    public var flexWrap: FlexWrap = .noWrap
    /// React Native's `flex` shorthand: positive means grow by it (with a basis of 0), negative
    /// means shrink by its magnitude; `flexGrow`, `flexShrink` and `flexBasis` override it.
    public var flex: Double?
    /// How much of a line's free space the node takes, relative to its siblings; unset means 0
    /// (unless `flex` is positive). A root's is ignored.
    public var flexGrow: Double?
    /// How much the node gives up when its line overflows, relative to its siblings and scaled by
    /// its flex basis; unset means 0 (Yoga's default; CSS's is 1), unless `flex` is negative.
    public var flexShrink: Double?
    /// The node's main size before free space is shared; default `auto` (its main size, else its content's).
    public var flexBasis: LayoutValue = .auto
    /// Default `auto` (from the content or the flex algorithm).
    public var width: LayoutValue = .auto
    /// Default `auto` (from the content or the flex algorithm).
    public var height: LayoutValue = .auto
    /// Default `undefined` (no minimum).
    public var minWidth: LayoutValue = .undefined
    /// Default `undefined` (no minimum).
    public var minHeight: LayoutValue = .undefined
    /// Default `undefined` (no maximum).
    public var maxWidth: LayoutValue = .undefined
    /// Default `undefined` (no maximum).
    public var maxHeight: LayoutValue = .undefined
    /// Space outside the border; an `auto` margin takes free space. Percentages are of the
    /// containing block's width. Default 0 on every edge.
    public var margin = LayoutEdges()
    /// Space inside the border. Percentages are of the containing block's width. Default 0 on every edge.
    public var padding = LayoutEdges()
    /// Border widths in points (a percentage counts as 0). Default 0 on every edge.
    public var border = LayoutEdges()
    /// How the insets place the node; default `relative`.
    public var position: PositionType = .relative
    /// `top`, `right`, `bottom`, `left`, `start`, `end` (and the other edge forms). Default unset.
    public var inset = LayoutEdges()
    /// The space between items and between lines, where `rowGap` or `columnGap` is not set; default none.
    public var gap: LayoutValue = .undefined
    /// The space between rows: between a column's items, between a row's wrapped lines; default `gap`.
    public var rowGap: LayoutValue = .undefined
    /// The space between columns: between a row's items, between a column's wrapped lines; default `gap`.
    public var columnGap: LayoutValue = .undefined
    /// Width divided by height; default unset.
    public var aspectRatio: Double?
    /// Whether and how the node takes part in the layout; default `flex`.
    public var display: Display = .flex
    /// What the node does with content larger than itself; default `visible`.
    public var overflow: Overflow = .visible
    /// What the sizes measure; default `borderBox`.
    public var boxSizing: BoxSizing = .borderBox

    /// Every property at its default.
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
