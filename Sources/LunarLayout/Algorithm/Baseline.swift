// First baselines, for items aligned `baseline` (Yoga's Baseline).

extension LayoutNode {
    /// The distance from the top of the node's border box to its first baseline: its baseline
    /// function's, else the first baseline-aligned child's (or the first child's), else the bottom edge.
    func computedBaseline() -> Double {
        if let baseline { return baseline(measuredWidth, measuredHeight) }
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
