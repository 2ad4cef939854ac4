import Synchronization

/// Numbers each layout pass, so a dirty node drops its cached results once per pass.
private let layoutPasses = Atomic<UInt64>(0)

/// A node of a layout tree: a style, children in order, an optional measure function for a
/// leaf, and after `calculateLayout` a frame.
public final class LayoutNode {
    /// Setting a different style marks the node (and its ancestors) dirty.
    public var style: LayoutStyle {
        get { currentStyle }
        set {
            guard newValue != currentStyle else { return }
            let display = currentStyle.display, oldAligns = currentStyle.alignsSelfToBaseline
            currentStyle = newValue
            usesOwnerSize = newValue.usesPercentages
            hasMinMax = newValue.hasMinMax
            hasInsets = newValue.inset != LayoutEdges()
            boxesResolved = false
            if let parent {
                if display != newValue.display {
                    parent.contentsChildren += (newValue.display == .contents ? 1 : 0) - (display == .contents ? 1 : 0)
                }
                parent.baselineChildren += (newValue.alignsSelfToBaseline ? 1 : 0) - (oldAligns ? 1 : 0)
            }
            markDirty()
        }
    }
    // The style, read in place by the algorithm (reading `style` would copy all of it).
    @exclusivity(unchecked) var currentStyle: LayoutStyle
    /// The children in layout order.
    @exclusivity(unchecked) public private(set) var children: [LayoutNode] = []
    // Unowned: a node's children never outlive it holding it (deinit clears them).
    /// The node this one is a child of; nil for a root.
    @exclusivity(unchecked) public private(set) unowned(unsafe) var parent: LayoutNode?
    /// Measures a leaf's content. Setting it marks the node dirty; call `markDirty()` when
    /// what it measures (the text) changes.
    @exclusivity(unchecked) public var measure: MeasureFunction? {
        didSet { markDirty() }
    }
    /// The node's first baseline when it is aligned `baseline` (a text leaf's first line). Without
    /// one, a node's baseline is its first baseline-aligned child's (else its first child's), else
    /// its bottom edge. Setting it marks the node dirty.
    @exclusivity(unchecked) public var baseline: BaselineFunction? {
        didSet { markDirty() }
    }
    /// The frame from the last `calculateLayout`, rounded to the pixel grid.
    @exclusivity(unchecked) public internal(set) var frame = LayoutFrame()
    /// The direction the node was laid out in (`ltr` or `rtl`).
    @exclusivity(unchecked) public internal(set) var layoutDirection: LayoutDirection = .ltr
    /// Whether the node must be laid out again (its style, measure or children changed, or a
    /// descendant's did).
    @exclusivity(unchecked) public internal(set) var isDirty = true
    /// What the last `calculateLayout` called on this node did (how many nodes it laid out and
    /// measured, how many measure calls): an unchanged subtree costs nothing.
    @exclusivity(unchecked) public private(set) var lastPassStatistics = LayoutPassStatistics()

    // Unrounded results.
    @exclusivity(unchecked) var positionLeft = 0.0
    @exclusivity(unchecked) var positionTop = 0.0
    @exclusivity(unchecked) var measuredWidth = 0.0
    @exclusivity(unchecked) var measuredHeight = 0.0
    @exclusivity(unchecked) var computedFlexBasis = Double.nan
    /// What `computedFlexBasis` was computed for; while the node stays clean, the same inputs give
    /// the same basis (the container's relayout after one change need not look each child up).
    @exclusivity(unchecked) var flexBasisInputs: FlexBasisInputs?
    // Resolved boxes (left, top, right, bottom).
    @exclusivity(unchecked) var margin = Box()
    @exclusivity(unchecked) var padding = Box()
    @exclusivity(unchecked) var border = Box()
    // What the boxes were resolved for, and which margins are auto (a bit per `Edge`).
    @exclusivity(unchecked) var boxesResolved = false
    @exclusivity(unchecked) var boxesDirection = LayoutDirection.ltr
    @exclusivity(unchecked) var boxesOwnerWidth = Double.nan
    @exclusivity(unchecked) var autoMargins: UInt8 = 0
    // Scratch for the parent's pass.
    @exclusivity(unchecked) var mainOffset = 0.0
    @exclusivity(unchecked) var crossOffset = 0.0
    @exclusivity(unchecked) var lineIndex = 0
    // Caches.
    @exclusivity(unchecked) var layoutCache: LayoutCacheEntry?
    /// Whether `layoutCache` is a layout made while the node was measured with one size exact and
    /// the other undefined: it also serves a layout at the size that measurement produced.
    @exclusivity(unchecked) var layoutCacheSizesContent = false
    /// The last layout, kept when the node is dirtied: a column laid out again at the same
    /// constraints with only some children changed places the others from it.
    @exclusivity(unchecked) var previousLayout: LayoutCacheEntry?
    /// Whether the node itself changed (its style, children or measure) since its last layout,
    /// rather than only something under it.
    @exclusivity(unchecked) var changedItself = true
    /// Whether a measurement ran the algorithm on the node since its last layout (its children
    /// then hold measured sizes, not their laid-out ones).
    @exclusivity(unchecked) var measuredSinceLayout = false
    @exclusivity(unchecked) var measureCache: [LayoutCacheEntry] = []
    @exclusivity(unchecked) var measureCacheNext = 0
    @exclusivity(unchecked) var pass: UInt64 = 0
    // Rounding: whether the node's children may have moved since its frame was rounded, and the
    // inputs of that rounding (absolute origin, scale, unrounded box).
    @exclusivity(unchecked) var laidOutSinceRounding = true
    /// Whether the style has percentages, which resolve against the owner's size.
    @exclusivity(unchecked) var usesOwnerSize = false
    @exclusivity(unchecked) var hasMinMax = false
    @exclusivity(unchecked) var hasInsets = false
    /// How many children are `display: contents` (their children are laid out as this node's).
    @exclusivity(unchecked) var contentsChildren = 0
    /// How many children in the flow have `alignSelf` baseline (a row with one is a baseline layout).
    @exclusivity(unchecked) var baselineChildren = 0
    @exclusivity(unchecked) var roundedFrom: RoundingInputs?

    /// A dirty node with a style, children (each removed from any parent it has), and for a leaf
    /// a measure and a baseline function.
    public init(style: LayoutStyle = LayoutStyle(), children: [LayoutNode] = [], measure: MeasureFunction? = nil,
                baseline: BaselineFunction? = nil) {
        self.currentStyle = style
        self.usesOwnerSize = style.usesPercentages
        self.hasMinMax = style.hasMinMax
        self.hasInsets = style.inset != LayoutEdges()
        self.measure = measure
        self.baseline = baseline
        for child in children { appendChild(child) }
    }

    deinit {
        for child in children { child.parent = nil }
    }

    /// Adds a child after the others; a child that has a parent is removed from it first.
    public func appendChild(_ child: LayoutNode) {
        insertChild(child, at: children.count)
    }

    /// Inserts a child; a child that has a parent is removed from it first.
    public func insertChild(_ child: LayoutNode, at index: Int) {
        var ancestor: LayoutNode? = self
        while let node = ancestor {
            precondition(node !== child, "a node cannot be inserted into itself or its own subtree")
            ancestor = node.parent
        }
        child.removeFromParent()
        children.insert(child, at: index)
        child.parent = self
        if child.currentStyle.display == .contents { contentsChildren += 1 }
        if child.currentStyle.alignsSelfToBaseline { baselineChildren += 1 }
        child.dropCaches()
        markDirty()
    }

    /// Removes the child at `index`, which becomes a root; marks this node dirty.
    public func removeChild(at index: Int) {
        let child = children.remove(at: index)
        child.parent = nil
        if child.currentStyle.display == .contents { contentsChildren -= 1 }
        if child.currentStyle.alignsSelfToBaseline { baselineChildren -= 1 }
        child.dropCaches()
        markDirty()
    }

    /// Forgets the cached layouts: a node that moves may be laid out as a root, whose own flex
    /// factors are ignored, or stop being one.
    func dropCaches() {
        laidOutSinceRounding = true
        layoutCache = nil
        measureCache.removeAll()
        measureCacheNext = 0
    }

    /// Removes every child (each becomes a root); marks this node dirty if it had any.
    public func removeAllChildren() {
        guard !children.isEmpty else { return }
        for child in children {
            child.parent = nil
            child.dropCaches()
        }
        children.removeAll()
        contentsChildren = 0
        baselineChildren = 0
        markDirty()
    }

    /// Removes the node from its parent, if it has one.
    public func removeFromParent() {
        guard let parent, let index = parent.children.firstIndex(where: { $0 === self }) else { return }
        parent.removeChild(at: index)
    }

    /// Marks the node and its ancestors for layout; the next `calculateLayout` measures it again.
    public func markDirty() {
        changedItself = true
        var node: LayoutNode? = self
        while let current = node, !current.isDirty || current === self {
            current.isDirty = true
            node = current.parent
        }
    }

    /// Lays out the tree under this node. An undefined (nil) width or height sizes the node to its
    /// content. Frames are rounded to a grid of 1 / `pointScaleFactor` points; 0 leaves them unrounded.
    /// Meant for a root; a node with a parent laid out on its own is laid out again, from its
    /// flex basis on, by its parent's next layout.
    public func calculateLayout(width: Double? = nil, height: Double? = nil, direction: LayoutDirection = .ltr, pointScaleFactor: Double = 1) {
        calculateLayout(width: width, height: height, direction: direction, pointScaleFactor: pointScaleFactor, shortcuts: .all)
    }

    /// `calculateLayout` with only some `shortcuts`; with none, every node is laid out from
    /// scratch (no rounding skipped either). For tests that require the shortcuts to change nothing.
    package func calculateLayout(width: Double?, height: Double?, direction: LayoutDirection, pointScaleFactor: Double, shortcuts: LayoutShortcuts) {
        if let parent {
            flexBasisInputs = nil
            parent.markDirty()
        }
        let pass = layoutPasses.wrappingAdd(1, ordering: .relaxed).newValue
        let ownerWidth = width ?? .nan
        let ownerHeight = height ?? .nan
        let dir = currentStyle.direction == .inherit ? (direction == .inherit ? .ltr : direction) : currentStyle.direction
        resolveBoxes(ownerWidth: ownerWidth, direction: dir)
        var w = Double.nan, h = Double.nan
        var wm = MeasureMode.undefined, hm = MeasureMode.undefined
        if definesDimension(row: true, ownerSize: ownerWidth) {
            w = resolveSize(resolvedDimension(row: true), row: true, ownerWidth) + margin.horizontal
            wm = .exactly
        } else if case let maxW = resolveSize(currentStyle.maxWidth, row: true, ownerWidth), maxW >= 0 {
            w = maxW
            wm = .atMost
        } else {
            w = ownerWidth
            wm = w.isNaN ? .undefined : .exactly
        }
        if definesDimension(row: false, ownerSize: ownerHeight) {
            h = resolveSize(resolvedDimension(row: false), row: false, ownerHeight) + margin.vertical
            hm = .exactly
        } else if case let maxH = resolveSize(currentStyle.maxHeight, row: false, ownerHeight), maxH >= 0 {
            h = maxH
            hm = .atMost
        } else {
            h = ownerHeight
            hm = h.isNaN ? .undefined : .exactly
        }
        let context = LayoutContext(pass: pass, root: self, counters: LayoutPassCounters(), shortcuts: shortcuts)
        layout(w, h, wm, hm, ownerWidth, ownerHeight, dir, performLayout: true, context)
        if shortcuts.isEmpty { markLaidOutSinceRounding() }
        lastPassStatistics = context.counters.statistics
        positionLeft = margin.left + insetOffset(row: true, containerSize: ownerWidth)
        positionTop = margin.top + insetOffset(row: false, containerSize: ownerHeight)
        roundLayout(absoluteLeft: 0, absoluteTop: 0, scale: pointScaleFactor.isFinite && pointScaleFactor > 0 ? pointScaleFactor : 0)
    }
}
