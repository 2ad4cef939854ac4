// Absolutely positioned children, placed in their containing block (Yoga's AbsoluteLayout).

extension LayoutNode {
    /// Lays out an absolute child of this node in the padding box of `cb` (this node, or the
    /// nearest non-static ancestor, this node being at (offsetX, offsetY) in it). Insets are from
    /// `cb`; without insets the child takes its static position in this node.
    func layoutAbsoluteChild(
        _ child: LayoutNode, containingBlock cb: LayoutNode, offsetX: Double, offsetY: Double, _ context: LayoutContext
    ) {
        let mainAxis = currentStyle.flexDirection.resolved(layoutDirection)
        let crossAxis: FlexDirection = mainAxis.isRow ? .column : FlexDirection.row.resolved(layoutDirection)
        let isMainRow = mainAxis.isRow
        let containerWidth = cb.measuredWidth - cb.border.horizontal
        let containerHeight = cb.measuredHeight - cb.border.vertical
        let childDir = child.layoutDirection
        child.resolveBoxes(ownerWidth: containerWidth, direction: childDir)
        let marginRow = child.margin.horizontal, marginColumn = child.margin.vertical
        let left = child.currentStyle.inset.value(.left, childDir).resolve(containerWidth)
        let right = child.currentStyle.inset.value(.right, childDir).resolve(containerWidth)
        let top = child.currentStyle.inset.value(.top, childDir).resolve(containerHeight)
        let bottom = child.currentStyle.inset.value(.bottom, childDir).resolve(containerHeight)

        var width = Double.nan, height = Double.nan
        if child.definesDimension(row: true, ownerSize: containerWidth) {
            width = child.resolveSize(child.resolvedDimension(row: true), row: true, containerWidth) + marginRow
        } else if !left.isNaN, !right.isNaN {
            width = child.boundAxis(row: true, containerWidth - left - right - marginRow, containerWidth) + marginRow
        }
        if child.definesDimension(row: false, ownerSize: containerHeight) {
            height = child.resolveSize(child.resolvedDimension(row: false), row: false, containerHeight) + marginColumn
        } else if !top.isNaN, !bottom.isNaN {
            height = child.boundAxis(row: false, containerHeight - top - bottom - marginColumn, containerHeight) + marginColumn
        }
        if width.isNaN != height.isNaN, let ratio = child.currentStyle.aspectRatio, ratio > 0 {
            if width.isNaN {
                width = marginRow + (height - marginColumn) * ratio
            } else {
                height = marginColumn + (width - marginRow) / ratio
            }
        }
        if width.isNaN || height.isNaN {
            var widthMode = width.isNaN ? MeasureMode.undefined : .exactly
            let heightMode = height.isNaN ? MeasureMode.undefined : .exactly
            if !isMainRow, width.isNaN, containerWidth > 0 {
                width = containerWidth
                widthMode = .atMost
            }
            child.layout(width, height, widthMode, heightMode, containerWidth, containerHeight, childDir, performLayout: false, context)
            width = child.measuredWidth + marginRow
            height = child.measuredHeight + marginColumn
        }
        child.layout(width, height, .exactly, .exactly, containerWidth, containerHeight, childDir, performLayout: true, context)

        // Position: an inset wins; otherwise the static position justify-content and align-self give.
        func staticOffset(row: Bool) -> Double {
            let isMain = row == isMainRow
            let axis = isMain ? mainAxis : crossAxis
            let size = row ? measuredWidth : measuredHeight
            let inner = size - paddingAndBorder(row: row)
            let childOuter = (row ? child.measuredWidth : child.measuredHeight) + child.marginFor(row: row)
            let free = inner - childOuter
            var offset = 0.0
            if isMain {
                switch currentStyle.justifyContent {
                case .center, .spaceAround, .spaceEvenly: offset = free / 2
                case .flexEnd: offset = free
                case .flexStart, .spaceBetween: break
                }
            } else {
                var align = alignment(of: child)
                if currentStyle.flexWrap == .wrapReverse {
                    if align == .flexStart || align == .stretch || align == .baseline {
                        align = .flexEnd
                    } else if align == .flexEnd {
                        align = .flexStart
                    }
                }
                switch align {
                case .center: offset = free / 2
                case .flexEnd: offset = free
                default: break
                }
            }
            let fromLeading = paddingAndBorder(axis.leadingEdge) + child.margin[axis.leadingEdge] + offset
            let childSize = row ? child.measuredWidth : child.measuredHeight
            return axis.isReversed ? size - fromLeading - childSize : fromLeading
        }
        // Both insets with a fixed width: the start side wins (left in ltr, right in rtl).
        if !left.isNaN && (right.isNaN || cb.layoutDirection != .rtl) {
            child.positionLeft = cb.border.left + left + child.margin.left - offsetX
        } else if !right.isNaN {
            child.positionLeft = cb.measuredWidth - cb.border.right - right - child.margin.right - child.measuredWidth - offsetX
        } else {
            child.positionLeft = staticOffset(row: true)
        }
        if !top.isNaN {
            child.positionTop = cb.border.top + top + child.margin.top - offsetY
        } else if !bottom.isNaN {
            child.positionTop = cb.measuredHeight - cb.border.bottom - bottom - child.margin.bottom - child.measuredHeight - offsetY
        } else {
            child.positionTop = staticOffset(row: false)
        }
    }

    /// Lays out the absolute children of this static node (and of its static descendants) in
    /// `containingBlock`, this node being at (offsetX, offsetY) in it.
    func layoutAbsoluteDescendants(containingBlock: LayoutNode, offsetX: Double, offsetY: Double, _ context: LayoutContext) {
        laidOutSinceRounding = true  // its absolute children are placed by the containing block
        for child in flowChildren() where child.currentStyle.display != .none {
            switch child.currentStyle.position {
            case .absolute:
                layoutAbsoluteChild(child, containingBlock: containingBlock, offsetX: offsetX, offsetY: offsetY, context)
            case .static:
                child.layoutAbsoluteDescendants(
                    containingBlock: containingBlock, offsetX: offsetX + child.positionLeft, offsetY: offsetY + child.positionTop, context)
            case .relative:
                break
            }
        }
    }

    /// Step 11: lays out this node's absolute children in it, and the absolute children of its
    /// static children (and theirs) in it too.
    @inline(__always) func layoutAbsoluteChildren(_ items: [LayoutNode], _ context: LayoutContext) {
        for child in items where child.currentStyle.display != .none && child.currentStyle.position == .absolute {
            layoutAbsoluteChild(child, containingBlock: self, offsetX: 0, offsetY: 0, context)
        }
        for child in items where child.currentStyle.display != .none && child.currentStyle.position == .static {
            child.layoutAbsoluteDescendants(containingBlock: self, offsetX: child.positionLeft, offsetY: child.positionTop, context)
        }
    }
}
