import LunarLayout

/// One node of a ``MountedTree``: what the mutations so far say it is, and where the
/// tree's latest layout put it (``frame``).
///
/// A renderer reads a node to draw it and may set its ``props`` to show what the user did
/// before the runtime hears of it (a text field's `value` as typed). Everything else
/// changes only through ``MountedTree/apply(_:)``.
///
/// Not thread-safe: confined to the runtime's executor, like its tree.
public final class MountedNode {
    /// The id the ``Reconciler`` gave the node.
    public let id: NodeID
    /// The node's kind, fixed for its life.
    public let kind: ElementKind
    /// The latest props: as created, with every update laid over them. Setting them keeps
    /// the layout in step: a new `style` restyles the node, and any change to a measured
    /// leaf (its text) has it measured again at the next layout.
    public var props: Props {
        didSet { propsDidChange(from: oldValue) }
    }
    /// The events the node handles.
    public internal(set) var events: Set<EventName>
    /// The children, in order.
    public internal(set) var children: [MountedNode] = []
    /// The node whose child this is; nil for the root and for a node not yet inserted.
    public internal(set) weak var parent: MountedNode?
    /// The node's box in the layout tree, kept in step with the node by its tree.
    package let layoutNode: LayoutNode
    /// A `ScrollView`'s content container: its children's boxes go in it, and it is laid out
    /// at its content's size along the scroll axis (React Native's `contentContainer`).
    package let contentLayoutNode: LayoutNode?
    private let environment: LayoutEnvironment

    init(id: NodeID, kind: ElementKind, props: Props, events: Set<EventName>, environment: LayoutEnvironment) {
        self.id = id
        self.kind = kind
        self.props = props
        self.events = events
        self.environment = environment
        layoutNode = LayoutNode()
        if kind == .scrollView {
            let content = LayoutNode()
            layoutNode.appendChild(content)
            contentLayoutNode = content
        } else {
            contentLayoutNode = nil
        }
        if kind.isMeasured {
            layoutNode.measure = { [unowned self] width, widthMode, height, heightMode in
                guard let measure = self.environment.measure else { return LayoutSize(width: 0, height: 0) }
                return measure(self, width, widthMode, height, heightMode)
            }
        }
        refreshLayoutStyle()
    }

    /// Whether the node refuses input (prop `disabled`).
    public var isDisabled: Bool { props[.disabled]?.boolValue ?? false }

    /// The node's ``Style`` (prop `style`); empty when it has none.
    public var style: Style { props[.style]?.styleValue ?? Style() }

    /// Visits this node and its descendants in document order.
    public func forEachInPreorder(_ body: (MountedNode) -> Void) {
        body(self)
        for child in children { child.forEachInPreorder(body) }
    }

    // MARK: Layout

    /// The node's box from the tree's latest layout, in points: `left` and `top` relative to
    /// the parent's border box (the root's to the viewport), rounded to the pixel grid.
    /// All zero before the first layout and for a node that is not displayed.
    public var frame: LayoutFrame {
        var frame = layoutNode.frame
        if let content = parent?.contentLayoutNode {
            frame.left += content.frame.left
            frame.top += content.frame.top
        }
        return frame
    }

    /// The layout node the children's boxes go in: the content container of a `ScrollView`,
    /// the node's own box otherwise.
    package var childLayoutNode: LayoutNode { contentLayoutNode ?? layoutNode }

    /// A `ScrollView`'s content size in points (its children's extent along the scroll axis
    /// with its padding); nil for other kinds. Scroll offsets range from 0 to this size less
    /// the frame's.
    public var contentSize: LayoutSize? {
        contentLayoutNode.map { LayoutSize(width: $0.frame.width, height: $0.frame.height) }
    }

    /// The node's box relative to the root's parent (the viewport's origin), in points:
    /// ``frame`` with every ancestor's offset added. Content coordinates: a `ScrollView`'s
    /// scroll position is not applied.
    public var absoluteFrame: LayoutFrame {
        var result = frame
        var ancestor = parent
        while let node = ancestor {
            let offset = node.frame
            result.left += offset.left
            result.top += offset.top
            ancestor = node.parent
        }
        return result
    }

    /// The direction the node was laid out in (`.ltr` or `.rtl`).
    public var layoutDirection: LayoutDirection { layoutNode.layoutDirection }

    /// Whether the next layout computes this node again (it, or something beneath it, changed).
    public var needsLayout: Bool { layoutNode.isDirty }

    /// Whether the node lays its children out in a row (its resolved `flexDirection`).
    package var laysOutInRow: Bool {
        childLayoutNode.style.flexDirection == .row || childLayoutNode.style.flexDirection == .rowReverse
    }

    /// Recomputes the layout style from the kind's defaults, the parent's axis and `style`;
    /// the layout node marks itself dirty only when the result differs.
    func refreshLayoutStyle() {
        let metrics = environment.styleMetrics
        let base = kind.baseLayoutStyle(props: props, parentIsRow: parent?.laysOutInRow ?? false, metrics: metrics)
        var layoutStyle = style.layoutStyle(over: base)
        if let unit = metrics.borderThickness { layoutStyle.border = layoutStyle.border.snapped(to: unit) }
        if kind == .list { lengthenWindowedList(&layoutStyle) }
        let wasRow = laysOutInRow
        if let content = contentLayoutNode {
            // The children's arrangement goes to the content container; the box only holds it.
            content.style = Self.contentStyle(inside: layoutStyle)
            layoutStyle.alignItems = .stretch
            layoutStyle.justifyContent = .flexStart
            layoutStyle.flexWrap = .noWrap
        }
        layoutNode.style = layoutStyle
        if laysOutInRow != wasRow {
            for child in children where child.kind.followsParentAxis { child.refreshLayoutStyle() }
        }
    }

    /// A virtualized `List` that mounts only some of its rows, with no length of its own in its
    /// style, is at least `itemCount × estimatedItemSize` long (the protocol's "lay the content
    /// out as long as all its rows"), so what follows it stays after its rows wherever it is
    /// scrolled, and a renderer that scrolls the screen can scroll to rows not built yet.
    private func lengthenWindowedList(_ layoutStyle: inout LayoutStyle) {
        guard let count = props[.itemCount]?.intValue, count > children.count else { return }
        let size: Double = switch props[.estimatedItemSize] {
        case .int(let value)?: Double(value)
        case .double(let value)?: value
        default: 44
        }
        let horizontal = props[.horizontal]?.boolValue == true
        let own = horizontal ? (layoutStyle.width, layoutStyle.minWidth, layoutStyle.maxWidth)
                             : (layoutStyle.height, layoutStyle.minHeight, layoutStyle.maxHeight)
        guard own.0 == .auto, own.1 == .undefined, own.2 == .undefined,
              (layoutStyle.flex ?? 0) <= 0, (layoutStyle.flexGrow ?? 0) <= 0 else { return }
        let length = LayoutValue.points(Double(count) * size)
        if horizontal { layoutStyle.minWidth = length } else { layoutStyle.minHeight = length }
    }

    /// A scroll view's content container: along the scroll axis as long as its content (it
    /// never shrinks), across it stretched; it lays out the children as the style says.
    private static func contentStyle(inside outer: LayoutStyle) -> LayoutStyle {
        var content = LayoutStyle()
        content.flexDirection = outer.flexDirection
        content.flexShrink = 0
        content.justifyContent = outer.justifyContent
        content.alignItems = outer.alignItems
        content.alignContent = outer.alignContent
        content.flexWrap = outer.flexWrap
        content.gap = outer.gap
        content.rowGap = outer.rowGap
        content.columnGap = outer.columnGap
        return content
    }

    private func propsDidChange(from old: Props) {
        if props[.style] != old[.style] || props[.horizontal] != old[.horizontal]
            || (kind == .list && (props[.firstIndex] != old[.firstIndex] || props[.estimatedItemSize] != old[.estimatedItemSize]
                                  || props[.itemCount] != old[.itemCount])) {
            refreshLayoutStyle()
        }
        // What a measured leaf shows (text, title, value, style) is what it measures.
        if kind.isMeasured { layoutNode.markDirty() }
    }
}
