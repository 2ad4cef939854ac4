// Each flex item's flex basis: its main size before free space is shared (Yoga's computeFlexBasisForChild).

extension LayoutNode {
    @inline(__always) var resolvedFlexGrow: Double {
        if let grow = currentStyle.flexGrow { return grow }
        if let flex = currentStyle.flex, flex > 0 { return flex }
        return 0
    }

    @inline(__always) var resolvedFlexShrink: Double {
        if let shrink = currentStyle.flexShrink { return shrink }
        if let flex = currentStyle.flex, flex < 0 { return -flex }
        return 0
    }

    var resolvedFlexBasis: LayoutValue {
        switch currentStyle.flexBasis {
        // A keyword basis is kept even with a positive `flex` (Yoga keeps every basis but auto);
        // it resolves as auto does, from the content.
        case .points, .percent, .maxContent, .fitContent, .stretch: return currentStyle.flexBasis
        case .auto, .undefined:
            if let flex = currentStyle.flex, flex > 0 { return .points(0) }
            return .auto
        }
    }

    func computeFlexBasis(
        _ child: LayoutNode, isMainRow: Bool, _ width: Double, _ height: Double,
        _ widthMode: MeasureMode, _ heightMode: MeasureMode, _ childDir: LayoutDirection, _ context: LayoutContext
    ) {
        let mainSize = isMainRow ? width : height
        let basisValue = child.resolveSize(child.resolvedFlexBasis, row: isMainRow, mainSize)
        let rowDefined = child.definesDimension(row: true, ownerSize: width)
        let columnDefined = child.definesDimension(row: false, ownerSize: height)
        if !basisValue.isNaN {
            child.computedFlexBasis = max(basisValue, child.paddingAndBorder(row: isMainRow))
        } else if isMainRow && rowDefined {
            child.computedFlexBasis = max(child.resolveSize(child.resolvedDimension(row: true), row: true, width), child.paddingAndBorder(row: true))
        } else if !isMainRow && columnDefined {
            child.computedFlexBasis = max(child.resolveSize(child.resolvedDimension(row: false), row: false, height), child.paddingAndBorder(row: false))
        } else {
            var childWidth = Double.nan, childHeight = Double.nan
            var childWidthMode = MeasureMode.undefined, childHeightMode = MeasureMode.undefined
            let marginRow = child.margin.horizontal, marginColumn = child.margin.vertical
            if rowDefined {
                childWidth = child.resolveSize(child.resolvedDimension(row: true), row: true, width) + marginRow
                childWidthMode = .exactly
            }
            if columnDefined {
                childHeight = child.resolveSize(child.resolvedDimension(row: false), row: false, height) + marginColumn
                childHeightMode = .exactly
            }
            if (!isMainRow && currentStyle.overflow == .scroll) || currentStyle.overflow != .scroll {
                if childWidth.isNaN, !width.isNaN {
                    childWidth = width
                    childWidthMode = .atMost
                }
            }
            if (isMainRow && currentStyle.overflow == .scroll) || currentStyle.overflow != .scroll {
                if childHeight.isNaN, !height.isNaN {
                    childHeight = height
                    childHeightMode = .atMost
                }
            }
            if let ratio = child.currentStyle.aspectRatio, ratio > 0 {
                if !isMainRow && childWidthMode == .exactly {
                    childHeight = marginColumn + (childWidth - marginRow) / ratio
                    childHeightMode = .exactly
                } else if isMainRow && childHeightMode == .exactly {
                    childWidth = marginRow + (childHeight - marginColumn) * ratio
                    childWidthMode = .exactly
                }
            }
            let align = alignment(of: child)
            let autoCrossMargins = child.isMarginAuto(isMainRow ? .top : .left) || child.isMarginAuto(isMainRow ? .bottom : .right)
            if !isMainRow, !rowDefined, !width.isNaN, widthMode == .exactly, align == .stretch, childWidthMode != .exactly, !autoCrossMargins {
                childWidth = width
                childWidthMode = .exactly
                if let ratio = child.currentStyle.aspectRatio, ratio > 0 {
                    childHeight = marginColumn + (childWidth - marginRow) / ratio
                    childHeightMode = .exactly
                }
            }
            if isMainRow, !columnDefined, !height.isNaN, heightMode == .exactly, align == .stretch, childHeightMode != .exactly, !autoCrossMargins {
                childHeight = height
                childHeightMode = .exactly
                if let ratio = child.currentStyle.aspectRatio, ratio > 0 {
                    childWidth = marginRow + (childHeight - marginColumn) * ratio
                    childWidthMode = .exactly
                }
            }
            child.constrainMaxSize(row: true, width, &childWidthMode, &childWidth)
            child.constrainMaxSize(row: false, height, &childHeightMode, &childHeight)
            child.layout(childWidth, childHeight, childWidthMode, childHeightMode, width, height, childDir, performLayout: false, context)
            child.computedFlexBasis = max(isMainRow ? child.measuredWidth : child.measuredHeight, child.paddingAndBorder(row: isMainRow))
        }
    }

    /// A lone child that both grows and shrinks in a fixed main size takes whatever is left
    /// whatever its content, so it is not measured for a basis.
    /// Not under wrap: a wrapping line's free space depends on the bases of its items.
    @inline(__always) func findSingleFlexChild(_ items: [LayoutNode], _ container: FlexContainer) -> LayoutNode? {
        let mainMode = container.mainMode, isWrap = container.isWrap
        var singleFlexChild: LayoutNode?
        if mainMode == .exactly && !isWrap {
            var flexibleChildren = 0
            for child in items where child.currentStyle.display != .none && child.currentStyle.position != .absolute
                && (child.resolvedFlexGrow != 0 || child.resolvedFlexShrink != 0) {
                flexibleChildren += 1
                if child.resolvedFlexGrow > 0 && child.resolvedFlexShrink > 0 { singleFlexChild = child }
            }
            if flexibleChildren != 1 { singleFlexChild = nil }
        }
        return singleFlexChild
    }

    /// Step 3: the flex basis of each child in the flow (kept while the child and its inputs are
    /// unchanged). Returns their sum with margins and gaps.
    @inline(__always) func computeFlexBases(
        _ items: [LayoutNode], _ container: FlexContainer, singleFlexChild: LayoutNode?, _ dir: LayoutDirection, _ context: LayoutContext
    ) -> Double {
        let isMainRow = container.isMainRow, mainGap = container.mainGap
        let widthModeIn = container.widthMode, heightModeIn = container.heightMode
        let availableInnerWidth = container.availableInnerWidth, availableInnerHeight = container.availableInnerHeight
        var totalOuterFlexBasis = 0.0
        for child in items {
            let childDir = child.currentStyle.direction == .inherit ? dir : child.currentStyle.direction
            child.resolveBoxes(ownerWidth: availableInnerWidth, direction: childDir)
            if child.currentStyle.display == .none {
                child.zeroLayout()
                continue
            }
            if child.currentStyle.position == .absolute { continue }
            if child === singleFlexChild {
                child.computedFlexBasis = 0
                child.flexBasisInputs = nil
            } else {
                let inputs = FlexBasisInputs(
                    width: availableInnerWidth, height: availableInnerHeight, widthMode: widthModeIn, heightMode: heightModeIn,
                    direction: childDir, isMainRow: isMainRow, align: alignment(of: child), scrolls: currentStyle.overflow == .scroll)
                if child.isDirty || !context.shortcuts.contains(.keptFlexBases) || !(child.flexBasisInputs?.matches(inputs) ?? false) {
                    computeFlexBasis(
                        child, isMainRow: isMainRow, availableInnerWidth, availableInnerHeight,
                        widthModeIn, heightModeIn, childDir, context)
                    child.flexBasisInputs = inputs
                }
            }
            totalOuterFlexBasis += child.computedFlexBasis + child.marginFor(row: isMainRow)
        }
        if items.count > 1 { totalOuterFlexBasis += mainGap * Double(items.count - 1) }
        return totalOuterFlexBasis
    }
}
