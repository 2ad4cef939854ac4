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
        return !lastSize.isNaN && !size.isNaN && !lastComputed.isNaN && lastSize > inner
            && (lastComputed <= inner || nearlyEqual(inner, lastComputed))
    default:
        return false
    }
}
