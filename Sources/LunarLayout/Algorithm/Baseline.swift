// First baselines, for items aligned `baseline` (Yoga's Baseline).

extension LayoutNode {
    /// The distance from the top of the node's border box to its first baseline: its baseline
    /// function's, else the first baseline-aligned child's (or the first child's), else the bottom edge.
    /// Not `positioned` (for a measurement, which neither places nor always sizes the children:
    /// one at an exact size on both axes, or served from a cache, leaves them as they were), a
    /// node without a baseline function has its bottom edge as baseline: sizes and positions left
    /// from an earlier layout, at other constraints or before a restyle, never change a measurement.
    func computedBaseline(positioned: Bool = true) -> Double {
        if let baseline { return baseline(measuredWidth, measuredHeight) }
        guard positioned else { return measuredHeight }
        var candidate: LayoutNode?
        for child in flowChildren() {
            if child.currentStyle.display == .none || child.currentStyle.position == .absolute { continue }
            if child.lineIndex > 0 { break }
            if alignment(of: child) == .baseline {
                candidate = child
                break
            }
            if candidate == nil { candidate = child }
        }
        guard let candidate else { return measuredHeight }
        return candidate.computedBaseline() + candidate.positionTop
    }
}
