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
