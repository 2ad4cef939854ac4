import Synchronization

/// How a measured size is constrained: exactly the given size, at most it, or not at all
/// (content-sized; the size is `.nan`).
public enum MeasureMode: Sendable, Hashable {
    case undefined, exactly, atMost
}

public struct LayoutSize: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A computed frame: `left` and `top` relative to the parent's border box, rounded to the pixel grid.
public struct LayoutFrame: Hashable, Sendable {
    public var left: Double = 0
    public var top: Double = 0
    public var width: Double = 0
    public var height: Double = 0
    public init(left: Double = 0, top: Double = 0, width: Double = 0, height: Double = 0) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }
}

/// Measures a leaf's content (text, an image) for the space offered: `width` under `widthMode`
/// (`.nan` when `.undefined`), `height` likewise, both without padding and border. Returns
/// the content size; the engine adds padding and border and applies min/max.
public typealias MeasureFunction = (_ width: Double, _ widthMode: MeasureMode, _ height: Double, _ heightMode: MeasureMode) -> LayoutSize

/// A leaf's first baseline (text: its first line's), from the top of its border box, for the size it
/// was laid out at. Used where the leaf is aligned `baseline`.
public typealias BaselineFunction = (_ width: Double, _ height: Double) -> Double

/// Numbers each layout pass, so a dirty node drops its cached results once per pass.
private let layoutPasses = Atomic<UInt64>(0)

/// The container's inputs to a child's flex basis: its inner size and modes, the child's
/// direction, the main axis, the child's alignment and whether the container scrolls.
struct FlexBasisInputs {
    var width: Double
    var height: Double
    var widthMode: MeasureMode
    var heightMode: MeasureMode
    var direction: LayoutDirection
    var isMainRow: Bool
    var align: LayoutAlign
    var scrolls: Bool

    func matches(_ other: FlexBasisInputs) -> Bool {
        same(width, other.width) && same(height, other.height) && widthMode == other.widthMode
            && heightMode == other.heightMode && direction == other.direction && isMainRow == other.isMainRow
            && align == other.align && scrolls == other.scrolls
    }
}

struct LayoutCacheEntry {
    var availableWidth: Double
    var availableHeight: Double
    var widthMode: MeasureMode
    var heightMode: MeasureMode
    var ownerWidth: Double
    var ownerHeight: Double
    var direction: LayoutDirection
    var measuredWidth: Double
    var measuredHeight: Double

    func matches(_ w: Double, _ h: Double, _ wm: MeasureMode, _ hm: MeasureMode, _ ow: Double, _ oh: Double, _ dir: LayoutDirection) -> Bool {
        wm == widthMode && hm == heightMode && dir == direction
            && same(w, availableWidth) && same(h, availableHeight) && same(ow, ownerWidth) && same(oh, ownerHeight)
    }

    /// Whether a measured leaf has the size under new constraints that it had under these, as Yoga
    /// decides it: the same constraint, an exact size equal to the result, an at-most size the
    /// unconstrained result fits in, or a stricter at-most size the result still fits in.
    /// Owner sizes count only for a leaf whose style has percentages.
    func serves(_ w: Double, _ h: Double, _ wm: MeasureMode, _ hm: MeasureMode, _ ow: Double, _ oh: Double, _ dir: LayoutDirection,
                marginRow: Double, marginColumn: Double, usesOwnerSize: Bool) -> Bool {
        guard dir == direction, !usesOwnerSize || (same(ow, ownerWidth) && same(oh, ownerHeight)),
              !(measuredWidth < 0), !(measuredHeight < 0) else { return false }
        return compatible(wm, w, widthMode, availableWidth, measuredWidth, marginRow)
            && compatible(hm, h, heightMode, availableHeight, measuredHeight, marginColumn)
    }
}

private func compatible(_ mode: MeasureMode, _ size: Double, _ lastMode: MeasureMode, _ lastSize: Double,
                        _ lastComputed: Double, _ margin: Double) -> Bool {
    if mode == lastMode && (same(size, lastSize) || nearlyEqual(size, lastSize)) { return true }
    let inner = size - margin
    switch (mode, lastMode) {
    case (.exactly, _):
        return nearlyEqual(inner, lastComputed)
    case (.atMost, .undefined):
        return inner >= lastComputed || nearlyEqual(inner, lastComputed)
    case (.atMost, .atMost):
        return !lastSize.isNaN && !size.isNaN && !lastComputed.isNaN && lastSize > inner
            && (lastComputed <= inner || nearlyEqual(inner, lastComputed))
    default:
        return false
    }
}

/// What one `calculateLayout` did: how many nodes it laid out and measured (not counting results
/// reused from the caches) and how many times it called measure functions.
public struct LayoutPassStatistics: Hashable, Sendable {
    /// Nodes laid out (sized and their children positioned).
    public var layouts = 0
    /// Nodes measured (sized only, for their parent's flex step).
    public var measures = 0
    /// Calls of measure functions.
    public var measureCallbacks = 0
    public init() {}
}

final class LayoutPassCounters {
    @exclusivity(unchecked) var statistics = LayoutPassStatistics()
}

@inline(__always) func same(_ a: Double, _ b: Double) -> Bool {
    a == b || (a.isNaN && b.isNaN)
}

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
    @exclusivity(unchecked) public private(set) var children: [LayoutNode] = []
    // Unowned: a node's children never outlive it holding it (deinit clears them).
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
    @exclusivity(unchecked) public private(set) var frame = LayoutFrame()
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
        let context = LayoutContext(pass: pass, root: self, counters: LayoutPassCounters())
        layout(w, h, wm, hm, ownerWidth, ownerHeight, dir, performLayout: true, context)
        lastPassStatistics = context.counters.statistics
        positionLeft = margin.left + insetOffset(row: true, containerSize: ownerWidth)
        positionTop = margin.top + insetOffset(row: false, containerSize: ownerHeight)
        roundLayout(absoluteLeft: 0, absoluteTop: 0, scale: pointScaleFactor.isFinite && pointScaleFactor > 0 ? pointScaleFactor : 0)
    }

    /// Rounds the unrounded results into `frame`, edges in absolute coordinates (as Yoga does),
    /// so adjacent siblings share an edge.
    func roundLayout(absoluteLeft: Double, absoluteTop: Double, scale: Double) {
        let left = positionLeft, top = positionTop
        // A subtree not laid out again that kept its size and moved by whole pixels (or not at all)
        // keeps its frames below this node: rounding moves every absolute edge in it by as much,
        // and frames are relative. Only this node's own offset may need rounding again.
        let inputs = RoundingInputs(absoluteLeft: absoluteLeft, absoluteTop: absoluteTop, scale: scale,
                                    left: left, top: top, width: measuredWidth, height: measuredHeight)
        if !laidOutSinceRounding, let last = roundedFrom, last.movedByWholePixels(to: inputs) {
            roundedFrom = inputs
            if left != last.left || top != last.top {
                let text = measure != nil
                frame.left = scale > 0 ? roundToGrid(left, scale, ceil: false, floor: text) : left
                frame.top = scale > 0 ? roundToGrid(top, scale, ceil: false, floor: text) : top
            }
            return
        }
        laidOutSinceRounding = false
        roundedFrom = inputs
        let nodeLeft = absoluteLeft + left, nodeTop = absoluteTop + top
        guard scale > 0 else {
            frame = LayoutFrame(left: left, top: top, width: measuredWidth, height: measuredHeight)
            for child in children { child.roundLayout(absoluteLeft: nodeLeft, absoluteTop: nodeTop, scale: scale) }
            return
        }
        let nodeRight = nodeLeft + measuredWidth, nodeBottom = nodeTop + measuredHeight
        let text = measure != nil
        let fractionalWidth = hasFraction(measuredWidth * scale)
        let fractionalHeight = hasFraction(measuredHeight * scale)
        frame.left = roundToGrid(left, scale, ceil: false, floor: text)
        frame.top = roundToGrid(top, scale, ceil: false, floor: text)
        frame.width = roundToGrid(nodeRight, scale, ceil: text && fractionalWidth, floor: text && !fractionalWidth)
            - roundToGrid(nodeLeft, scale, ceil: false, floor: text)
        frame.height = roundToGrid(nodeBottom, scale, ceil: text && fractionalHeight, floor: text && !fractionalHeight)
            - roundToGrid(nodeTop, scale, ceil: false, floor: text)
        for child in children {
            child.roundLayout(absoluteLeft: nodeLeft, absoluteTop: nodeTop, scale: scale)
        }
    }
}

struct RoundingInputs: Equatable {
    var absoluteLeft, absoluteTop, scale, left, top, width, height: Double

    /// The same unrounded size, its absolute origin at the same place or moved by whole pixels
    /// (any move when frames are not rounded).
    func movedByWholePixels(to other: RoundingInputs) -> Bool {
        guard scale == other.scale, width == other.width, height == other.height else { return false }
        let dx = ((other.absoluteLeft + other.left) - (absoluteLeft + left)) * scale
        let dy = ((other.absoluteTop + other.top) - (absoluteTop + top)) * scale
        if dx == 0 && dy == 0 { return true }
        return nearlyEqual(dx, dx.rounded()) && nearlyEqual(dy, dy.rounded())
    }
}

struct LayoutContext {
    var pass: UInt64
    unowned(unsafe) var root: LayoutNode
    let counters: LayoutPassCounters
}

private func hasFraction(_ value: Double) -> Bool {
    let fraction = value - value.rounded(.down)
    return !nearlyEqual(fraction, 0) && !nearlyEqual(fraction, 1)
}

@inline(__always) func nearlyEqual(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) < 0.0001
}

func roundToGrid(_ value: Double, _ scale: Double, ceil: Bool, floor: Bool) -> Double {
    guard value.isFinite else { return value }
    var scaled = value * scale
    // A scale so large the product overflows (1e308) would give inf / inf = NaN: leave the value as laid out.
    guard scaled.isFinite else { return value }
    let fraction = scaled - scaled.rounded(.down)
    if nearlyEqual(fraction, 0) {
        scaled -= fraction
    } else if nearlyEqual(fraction, 1) {
        scaled = scaled - fraction + 1
    } else if ceil {
        scaled = scaled - fraction + 1
    } else if floor {
        scaled -= fraction
    } else {
        scaled = scaled - fraction + (fraction > 0.5 || nearlyEqual(fraction, 0.5) ? 1 : 0)
    }
    return scaled / scale
}

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

extension LayoutValue {
    /// Points, or a percentage of `size`; `.nan` for auto, undefined, a keyword, or a percentage
    /// of an undefined size.
    @inline(__always) func resolve(_ size: Double) -> Double {
        switch self {
        case .points(let v): v
        case .percent(let p): size.isNaN ? .nan : p * size / 100
        case .auto, .undefined, .maxContent, .fitContent, .stretch: .nan
        }
    }

    var isPercent: Bool {
        if case .percent = self { return true }
        return false
    }

    var isPoints: Bool {
        if case .points = self { return true }
        return false
    }
}
