// Margin, padding, border and insets resolved to points for an owner size and direction.

extension LayoutNode {
    /// Resolves margin, padding and border for an owner width and direction (kept until the
    /// style, the owner width or the direction changes).
    func resolveBoxes(ownerWidth: Double, direction: LayoutDirection) {
        layoutDirection = direction
        if boxesResolved, direction == boxesDirection, same(ownerWidth, boxesOwnerWidth) { return }
        margin = resolveEdges(\.margin, ownerWidth, direction)
        padding = resolveEdges(\.padding, ownerWidth, direction)
        border = resolveEdges(\.border, .nan, direction)
        autoMargins = 0
        if currentStyle.margin.value(.left, direction) == .auto { autoMargins |= 1 << Edge.left.rawValue }
        if currentStyle.margin.value(.top, direction) == .auto { autoMargins |= 1 << Edge.top.rawValue }
        if currentStyle.margin.value(.right, direction) == .auto { autoMargins |= 1 << Edge.right.rawValue }
        if currentStyle.margin.value(.bottom, direction) == .auto { autoMargins |= 1 << Edge.bottom.rawValue }
        boxesResolved = true
        boxesDirection = direction
        boxesOwnerWidth = ownerWidth
    }

    func resolveEdges(_ edges: KeyPath<LayoutStyle, LayoutEdges>, _ ownerWidth: Double, _ direction: LayoutDirection) -> Box {
        @inline(__always) func value(_ edge: Edge) -> Double {
            let v = currentStyle[keyPath: edges].value(edge, direction).resolve(ownerWidth)
            return v.isNaN ? 0 : v
        }
        return Box(left: value(.left), top: value(.top), right: value(.right), bottom: value(.bottom))
    }

    /// Whether the margin on an edge is `auto` (for the direction the boxes were resolved in).
    @inline(__always) func isMarginAuto(_ edge: Edge) -> Bool {
        autoMargins & (1 << edge.rawValue) != 0
    }

    @inline(__always) func paddingAndBorder(row: Bool) -> Double {
        row ? padding.horizontal + border.horizontal : padding.vertical + border.vertical
    }

    @inline(__always) func paddingAndBorder(_ edge: Edge) -> Double {
        padding[edge] + border[edge]
    }

    @inline(__always) func marginFor(row: Bool) -> Double {
        row ? margin.horizontal : margin.vertical
    }

    /// The relative offset along an axis: the inline-start inset (the right one across a
    /// right-to-left row), or minus the inline-end one (Yoga's Node::relativePosition).
    func relativeOffset(row: Bool, containerSize: Double) -> Double {
        guard currentStyle.position == .relative, hasInsets else { return 0 }
        return insetOffset(row: row, containerSize: containerSize, startsRight: row && layoutDirection == .rtl)
    }

    /// The inset on the start side along an axis (the left or top one unless `startsRight`), or
    /// minus the one on the end side. A root takes it whatever its type, from the left in either
    /// direction, as Yoga lays a root out.
    func insetOffset(row: Bool, containerSize: Double, startsRight: Bool = false) -> Double {
        let lead = currentStyle.inset.value(row ? .left : .top, layoutDirection).resolve(containerSize)
        let trail = currentStyle.inset.value(row ? .right : .bottom, layoutDirection).resolve(containerSize)
        if startsRight { return !trail.isNaN ? -trail : lead.isNaN ? 0 : lead }
        return !lead.isNaN ? lead : trail.isNaN ? 0 : -trail
    }
}
