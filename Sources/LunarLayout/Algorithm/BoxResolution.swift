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

    /// The relative offset along an axis: the leading inset, or minus the trailing one.
    func relativeOffset(row: Bool, containerSize: Double) -> Double {
        guard currentStyle.position == .relative, hasInsets else { return 0 }
        return insetOffset(row: row, containerSize: containerSize)
    }

    /// The leading inset along an axis, or minus the trailing one (the root's position, whatever its type).
    func insetOffset(row: Bool, containerSize: Double) -> Double {
        let lead = currentStyle.inset.value(row ? .left : .top, layoutDirection).resolve(containerSize)
        if !lead.isNaN { return lead }
        let trail = currentStyle.inset.value(row ? .right : .bottom, layoutDirection).resolve(containerSize)
        return trail.isNaN ? 0 : -trail
    }
}
