/// Which rows of a virtualized list are mounted, FlashList's way: the rows in view plus a
/// draw distance on either side, from the scroll offset and viewport a renderer reports and
/// an estimated row size.
///
/// A plain value with no state of its own; the runtime keeps one per list node and asks it
/// which rows to build on each render. Units are points along the list's axis.
public struct ListWindow: Hashable, Sendable {
    /// How many items the list has.
    public var itemCount: Int
    /// The size assumed for each row (positive).
    public var estimatedItemSize: Double
    /// The visible extent, or nil until the renderer reports one.
    public var viewport: Double?
    /// The content offset (0 at the top).
    public var offset: Double
    /// How far beyond the viewport rows are mounted, on each side; nil for a quarter of the
    /// viewport, which keeps the mounted rows within twice the visible ones.
    public var drawDistance: Double?
    /// The rows mounted before the renderer reports a viewport (React Native's `initialNumToRender`).
    public var initialCount: Int

    /// A window over `itemCount` rows of `estimatedItemSize` points, at offset 0, with no viewport yet.
    public init(itemCount: Int, estimatedItemSize: Double, viewport: Double? = nil, offset: Double = 0,
                drawDistance: Double? = nil, initialCount: Int = 10) {
        self.itemCount = max(0, itemCount)
        self.estimatedItemSize = estimatedItemSize > 0 && estimatedItemSize.isFinite ? estimatedItemSize : 1
        self.viewport = viewport
        self.offset = offset
        self.drawDistance = drawDistance
        self.initialCount = max(1, initialCount)
    }

    /// The whole content's extent.
    public var contentSize: Double { Double(itemCount) * estimatedItemSize }

    /// The rows mounted: those that meet the viewport widened by the draw distance on each side
    /// (the first `initialCount` rows while no viewport is known).
    public var mounted: Range<Int> {
        guard let viewport else { return 0..<min(itemCount, initialCount) }
        let extra = (drawDistance ?? viewport / 4).isNaN ? 0 : max(0, drawDistance ?? viewport / 4)
        return rows(from: clampedOffset - extra, to: clampedOffset + viewport + extra)
    }

    /// The rows that meet the viewport (empty while no viewport is known).
    public var visible: Range<Int> {
        guard let viewport else { return 0..<0 }
        return rows(from: clampedOffset, to: clampedOffset + viewport)
    }

    /// Whether the end of the content is within `threshold` viewports of the viewport's far edge
    /// (React Native's `onEndReachedThreshold`); false while no viewport is known.
    public func isNearEnd(threshold: Double) -> Bool {
        guard let viewport, itemCount > 0 else { return false }
        return contentSize - (clampedOffset + viewport) <= max(0, threshold) * viewport
    }

    /// The offset kept within the content (a renderer may report an overscroll).
    private var clampedOffset: Double {
        let maximum = max(0, contentSize - (viewport ?? 0))
        return offset.isNaN ? 0 : min(max(0, offset), maximum)
    }

    /// The rows meeting the half-open extent `start..<end`.
    private func rows(from start: Double, to end: Double) -> Range<Int> {
        guard itemCount > 0, end > start else { return 0..<0 }
        let first = row(start / estimatedItemSize, .down)
        let last = row(end / estimatedItemSize, .up)
        return first < last ? first..<last : 0..<0
    }

    /// A row boundary within `0...itemCount`: any extent (a renderer's overscroll of 1e300, a
    /// draw distance of 1e308, a tiny row size) gives a row index, never a trapping conversion.
    private func row(_ position: Double, _ rule: FloatingPointRoundingRule) -> Int {
        guard !position.isNaN else { return 0 }
        let rounded = position.rounded(rule)
        if rounded <= 0 { return 0 }
        if rounded >= Double(itemCount) { return itemCount }
        return Int(rounded)
    }
}
