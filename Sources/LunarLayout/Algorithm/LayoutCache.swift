// The results a node keeps between passes, and when one serves new constraints (Yoga's Cache).

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
        // Stricter: both sizes with the margins (Yoga compares the old one with them to the new
        // one without, and so serves a result clamped at a narrower size to a wider one).
        return !lastSize.isNaN && !size.isNaN && !lastComputed.isNaN && lastSize > size
            && (lastComputed <= inner || nearlyEqual(inner, lastComputed))
    default:
        return false
    }
}

extension LayoutNode {
    func layout(
        _ availableWidth: Double, _ availableHeight: Double, _ widthMode: MeasureMode, _ heightMode: MeasureMode,
        _ ownerWidth: Double, _ ownerHeight: Double, _ direction: LayoutDirection, performLayout: Bool, _ context: LayoutContext
    ) {
        if isDirty, pass != context.pass {
            previousLayout = measuredSinceLayout ? nil : layoutCache
            layoutCache = nil
            measureCache.removeAll(keepingCapacity: true)
            measureCacheNext = 0
            pass = context.pass
        }
        let dir = currentStyle.direction == .inherit ? direction : currentStyle.direction
        if context.shortcuts.contains(.cachedResults), let cached = cachedResult(availableWidth, availableHeight, widthMode, heightMode, ownerWidth, ownerHeight, dir, performLayout) {
            measuredWidth = cached.measuredWidth
            measuredHeight = cached.measuredHeight
            resolveBoxes(ownerWidth: ownerWidth, direction: dir)
            if performLayout { isDirty = false; changedItself = false }
            return
        }
        // A container measured at an exact size on one axis and sized by its content on the other
        // is laid out right away: the layout its parent then asks for, at the size it took, is
        // the same (see `laysOutWhileMeasured`), and is served from the cache.
        let layoutWhileMeasuring = !performLayout && context.shortcuts.contains(.layoutWhileMeasuring) && laysOutWhileMeasured(widthMode, heightMode)
        let performLayout = performLayout || layoutWhileMeasuring
        if performLayout {
            context.counters.statistics.layouts += 1
            laidOutSinceRounding = true
        } else {
            context.counters.statistics.measures += 1
        }
        if !performLayout { measuredSinceLayout = true }
        layoutImpl(availableWidth, availableHeight, widthMode, heightMode, ownerWidth, ownerHeight, dir, performLayout, context)
        let entry = LayoutCacheEntry(
            availableWidth: availableWidth, availableHeight: availableHeight, widthMode: widthMode, heightMode: heightMode,
            ownerWidth: ownerWidth, ownerHeight: ownerHeight, direction: dir,
            measuredWidth: measuredWidth, measuredHeight: measuredHeight
        )
        if performLayout {
            layoutCache = entry
            layoutCacheSizesContent = layoutWhileMeasuring
            isDirty = false
            changedItself = false
            measuredSinceLayout = false
            previousLayout = nil
        } else if measureCache.count < 16 {
            measureCache.append(entry)
        } else {
            measureCache[measureCacheNext] = entry
            measureCacheNext = (measureCacheNext + 1) % 16
        }
    }

    /// A result from the caches that holds for these constraints: for a measured leaf any result
    /// its measure function would repeat (Yoga's compatible constraints), for a container the same
    /// constraints (a layout for a layout; a layout or a measurement for a measurement).
    func cachedResult(
        _ w: Double, _ h: Double, _ wm: MeasureMode, _ hm: MeasureMode, _ ow: Double, _ oh: Double,
        _ dir: LayoutDirection, _ performLayout: Bool
    ) -> LayoutCacheEntry? {
        if measure != nil {
            resolveBoxes(ownerWidth: ow, direction: dir)
            let marginRow = margin.horizontal, marginColumn = margin.vertical
            if let cached = layoutCache, cached.serves(w, h, wm, hm, ow, oh, dir, marginRow: marginRow, marginColumn: marginColumn, usesOwnerSize: usesOwnerSize) {
                return cached
            }
            return measureCache.first { $0.serves(w, h, wm, hm, ow, oh, dir, marginRow: marginRow, marginColumn: marginColumn, usesOwnerSize: usesOwnerSize) }
        }
        // A layout is served only while the children still hold it: a measurement that ran the
        // algorithm on this node since left them with their measured sizes and offsets.
        if let cached = layoutCache, !(performLayout && measuredSinceLayout) {
            if cached.matches(w, h, wm, hm, ow, oh, dir) { return cached }
            if layoutCacheSizesContent, cached.direction == dir, same(ow, cached.ownerWidth), same(oh, cached.ownerHeight) {
                // Laid out while measured with one size exact: the same exact size and, on the
                // other axis, exactly the size the content took.
                if cached.widthMode == .exactly, wm == .exactly, same(w, cached.availableWidth), cached.heightMode == .undefined,
                   tookContentSize(hm, h - margin.vertical, cached.measuredHeight) {
                    return cached
                }
                if cached.heightMode == .exactly, hm == .exactly, same(h, cached.availableHeight), cached.widthMode == .undefined,
                   tookContentSize(wm, w - margin.horizontal, cached.measuredWidth) {
                    return cached
                }
            }
        }
        guard !performLayout else { return nil }
        return measureCache.first { $0.matches(w, h, wm, hm, ow, oh, dir) }
    }

    /// Whether a size asked for on the axis the content sized is what the content took: exactly
    /// that size, or at most a size it fits in.
    @inline(__always) func tookContentSize(_ mode: MeasureMode, _ size: Double, _ content: Double) -> Bool {
        switch mode {
        case .exactly: nearlyEqual(size, content)
        case .atMost: size >= content || nearlyEqual(size, content)
        case .undefined: false
        }
    }

    /// Whether a measurement of this container at an exact size on one axis, its content sizing
    /// the other, is the layout it gets at the size it took: laying it out then changes nothing.
    /// That holds when nothing below it resolves anything against the size it then has on the
    /// content axis (undefined while measured, definite after) or derives a size from the other
    /// axis: no min or max size and no percentage gap of its own, a single line, and children
    /// that pass ``childrenIgnoreOwnerBounds()``.
    func laysOutWhileMeasured(_ widthMode: MeasureMode, _ heightMode: MeasureMode) -> Bool {
        guard measure == nil, !children.isEmpty, contentsChildren == 0, currentStyle.flexWrap == .noWrap, !alignsToBaselines,
              !currentStyle.hasMinMax, !currentStyle.gap.isPercent, !currentStyle.rowGap.isPercent, !currentStyle.columnGap.isPercent,
              (widthMode == .exactly && heightMode == .undefined) || (heightMode == .exactly && widthMode == .undefined)
        else { return false }
        return childrenIgnoreOwnerBounds()
    }

    /// Whether a row's line is sized by its items' baselines: a measurement takes each item's
    /// bottom edge for its baseline where a layout takes the real one (see `computedBaseline`),
    /// so laying such a row out while measuring it would size it differently.
    var alignsToBaselines: Bool {
        currentStyle.flexDirection.isRow && (currentStyle.alignItems == .baseline || baselineChildren > 0)
    }

    /// Whether this node's children, and theirs down to a node of fixed size or a measured leaf,
    /// are laid out the same whatever this node's size on either axis: no percentages (they
    /// resolve against an owner's size, undefined while measured and definite after), no
    /// wrapping, no `display: contents`, and an aspect ratio only on a node with a length of its
    /// own that is not stretched (else its size follows the other axis, which the bound changes).
    func childrenIgnoreOwnerBounds() -> Bool {
        for child in children {
            let style = child.currentStyle
            if style.display == .none { continue }
            guard !child.usesOwnerSize, style.flexWrap == .noWrap, child.contentsChildren == 0, !child.alignsToBaselines else { return false }
            let fixedWidth = style.width.isPoints, fixedHeight = style.height.isPoints
            if style.aspectRatio != nil, !(fixedWidth || fixedHeight) || alignment(of: child) == .stretch { return false }
            if child.measure != nil || (fixedWidth && fixedHeight) { continue }
            if !child.childrenIgnoreOwnerBounds() { return false }
        }
        return true
    }
}
