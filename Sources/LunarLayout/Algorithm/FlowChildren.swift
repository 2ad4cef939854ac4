extension LayoutNode {
    /// The children laid out by this node: its children, with each `display: contents` child
    /// replaced by its own children (the contents node gets an empty frame at the origin).
    func flowChildren() -> [LayoutNode] {
        guard contentsChildren > 0 else { return children }
        var result: [LayoutNode] = []
        func add(_ nodes: [LayoutNode]) {
            for node in nodes {
                guard node.currentStyle.display == .contents else {
                    result.append(node)
                    continue
                }
                node.positionLeft = 0
                node.positionTop = 0
                node.measuredWidth = 0
                node.measuredHeight = 0
                node.isDirty = false
                node.laidOutSinceRounding = true  // its children are placed by this node
                add(node.children)
            }
        }
        add(children)
        return result
    }
}
