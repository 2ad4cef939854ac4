extension LayoutNode {
    /// Lays a column of stretched rows out again after some of them changed, without walking the
    /// others through the flex algorithm: the column keeps the constraints of its last layout and
    /// its own style and children, is sized by its content, starts its items at the top and
    /// neither flexes nor wraps them, and every item is a relative, stretched box without a width,
    /// a min or max size, auto margins or an aspect ratio. Then an unchanged item keeps its size and cross position
    /// and only moves down or up by how much the items before it changed; a changed one is sized
    /// as the algorithm sizes it (basis, then stretched across). Returns false, changing nothing,
    /// when the column is not such a case.
    func shiftChangedChildren(
        _ items: [LayoutNode], _ availableWidth: Double, _ availableHeight: Double,
        _ widthMode: MeasureMode, _ heightMode: MeasureMode, _ ownerWidth: Double, _ ownerHeight: Double,
        _ dir: LayoutDirection, _ innerWidth: Double, _ innerHeight: Double, _ gap: Double,
        _ pbTop: Double, _ pbBottom: Double, _ pbCrossLeading: Double, _ context: LayoutContext
    ) -> Bool {
        guard !changedItself, !measuredSinceLayout, let last = previousLayout,
              last.matches(availableWidth, availableHeight, widthMode, heightMode, ownerWidth, ownerHeight, dir),
              widthMode == .exactly, heightMode == .undefined,
              currentStyle.flexDirection == .column, currentStyle.flexWrap == .noWrap,
              currentStyle.justifyContent == .flexStart, !currentStyle.hasMinMax, contentsChildren == 0,
              baselineChildren == 0, currentStyle.alignItems != .baseline, !innerWidth.isNaN
        else { return false }
        for child in items {
            let style = child.currentStyle
            // A style changed since the last layout: its auto margins are read from it now.
            if child.isDirty { child.resolveBoxes(ownerWidth: innerWidth, direction: style.direction == .inherit ? dir : style.direction) }
            guard style.display == .flex, style.position == .relative, child.resolvedFlexGrow == 0,
                  child.resolvedFlexShrink == 0, style.aspectRatio == nil, alignment(of: child) == .stretch,
                  !child.definesDimension(row: true, ownerSize: innerWidth), child.autoMargins == 0, !child.hasMinMax
            else { return false }
        }
        let crossReversed = dir == .rtl
        measuredWidth = boundAxis(row: true, availableWidth - margin.horizontal, ownerWidth)
        var position = pbTop
        for (index, child) in items.enumerated() {
            if index > 0 { position += gap }
            if child.isDirty {
                let childDir = child.currentStyle.direction == .inherit ? dir : child.currentStyle.direction
                child.resolveBoxes(ownerWidth: innerWidth, direction: childDir)
                computeFlexBasis(child, isMainRow: false, innerWidth, innerHeight, widthMode, heightMode, childDir, context)
                child.flexBasisInputs = FlexBasisInputs(
                    width: innerWidth, height: innerHeight, widthMode: widthMode, heightMode: heightMode,
                    direction: childDir, isMainRow: false, align: .stretch, scrolls: currentStyle.overflow == .scroll)
                var height = child.computedFlexBasis + child.margin.vertical
                var width = innerWidth
                var heightMode = MeasureMode.exactly, widthMode = MeasureMode.exactly
                child.constrainMaxSize(row: false, innerHeight, &heightMode, &height)
                child.constrainMaxSize(row: true, innerWidth, &widthMode, &width)
                child.layout(width, height, widthMode, heightMode, innerWidth, innerHeight, child.layoutDirection, performLayout: true, context)
                var cross = pbCrossLeading + child.margin[crossReversed ? .right : .left]
                if crossReversed { cross = measuredWidth - cross - child.measuredWidth }
                child.positionLeft = cross + child.relativeOffset(row: true, containerSize: innerWidth)
            }
            position += child.margin.top
            child.positionTop = position + child.relativeOffset(row: false, containerSize: innerHeight)
            position += child.measuredHeight + child.margin.bottom
        }
        measuredHeight = boundAxis(row: false, position + pbBottom, ownerHeight)
        return true
    }
}
