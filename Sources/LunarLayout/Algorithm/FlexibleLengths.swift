// Sharing a line's free space among its items by their flex factors (Yoga's
// resolveFlexibleLength, step 5), and laying each item out at its flexed size.

extension LayoutNode {
    /// Step 5: grows or shrinks the line's items into its free space, in two passes (the first
    /// freezes the items that min or max stop), and lays each out at its flexed size.
    @inline(__always) func resolveFlexibleLengths(
        _ items: [LayoutNode], _ line: inout FlexLineRun, _ container: FlexContainer, basisBoundSize: Double,
        flexBasisOverflows: Bool, _ performLayout: Bool, _ context: LayoutContext
    ) {
        let isMainRow = container.isMainRow, crossAxis = container.crossAxis, isWrap = container.isWrap
        let crossMode = container.crossMode
        let availableInnerWidth = container.availableInnerWidth, availableInnerHeight = container.availableInnerHeight
        let availableInnerMain = container.availableInnerMain, availableInnerCross = container.availableInnerCross
        let startIndex = line.start, endIndex = line.end
        let originalRemaining = line.remaining, originalGrow = line.totalGrow
        var remaining = line.remaining, totalGrow = line.totalGrow, totalShrinkScaled = line.totalShrinkScaled
        // First pass: freeze the items whose flexed size violates min or max (none flex
        // when there is no free space to share).
        var delta = 0.0
        for index in startIndex..<endIndex where remaining != 0 {
            let child = items[index]
            if child.currentStyle.display == .none || child.currentStyle.position == .absolute { continue }
            let basis = child.boundWithinMinMax(row: isMainRow, child.computedFlexBasis, basisBoundSize)
            if remaining < 0 {
                let scaled = child.resolvedFlexShrink * basis
                if scaled != 0, totalShrinkScaled != 0 {
                    let base = basis + remaining / totalShrinkScaled * scaled
                    let bound = child.boundAxis(row: isMainRow, base, availableInnerMain)
                    if base != bound {
                        delta += bound - basis
                        totalShrinkScaled -= scaled
                    }
                }
            } else if remaining > 0 {
                let grow = child.resolvedFlexGrow
                if grow != 0, totalGrow != 0 {
                    let base = basis + remaining / totalGrow * grow
                    let bound = child.boundAxis(row: isMainRow, base, availableInnerMain)
                    if base != bound {
                        delta += bound - basis
                        totalGrow -= grow
                    }
                }
            }
        }
        remaining -= delta
        // Second pass: size and lay out each item. The free space left is the line's less what
        // this pass gives out (what the first took is given again here, not taken twice).
        delta = 0
        for index in startIndex..<endIndex {
            let child = items[index]
            if child.currentStyle.display == .none || child.currentStyle.position == .absolute { continue }
            let basis = child.boundWithinMinMax(row: isMainRow, child.computedFlexBasis, basisBoundSize)
            var updated = basis
            if remaining < 0 {
                let scaled = child.resolvedFlexShrink * basis
                if scaled != 0 {
                    let size = totalShrinkScaled == 0 ? basis - scaled : basis + remaining / totalShrinkScaled * scaled
                    updated = child.boundAxis(row: isMainRow, size, availableInnerMain)
                }
            } else if remaining > 0 {
                let grow = child.resolvedFlexGrow
                if grow != 0 {
                    // Every growing item froze: each keeps the size it froze at (Yoga's division by
                    // a zero total grows it into its maximum).
                    let size = totalGrow == 0 ? basis + originalRemaining / originalGrow * grow : basis + remaining / totalGrow * grow
                    updated = child.boundAxis(row: isMainRow, size, availableInnerMain)
                }
            }
            delta += updated - basis
            layoutFlexItem(
                child, mainSize: updated, isMainRow: isMainRow, crossAxis: crossAxis, isWrap: isWrap,
                flexBasisOverflows: flexBasisOverflows, crossMode: crossMode,
                availableInnerWidth, availableInnerHeight, availableInnerMain, availableInnerCross,
                performLayout, context)
        }
        line.remaining = originalRemaining - delta
        line.totalGrow = totalGrow
        line.totalShrinkScaled = totalShrinkScaled
    }

    /// Lays an item out at its flexed main size; one that will be stretched across is only
    /// measured here (step 7 lays it out at its line's cross size).
    func layoutFlexItem(
        _ child: LayoutNode, mainSize: Double, isMainRow: Bool, crossAxis: FlexDirection, isWrap: Bool,
        flexBasisOverflows: Bool, crossMode: MeasureMode,
        _ availableInnerWidth: Double, _ availableInnerHeight: Double, _ availableInnerMain: Double, _ availableInnerCross: Double,
        _ performLayout: Bool, _ context: LayoutContext
    ) {
        let marginMain = child.marginFor(row: isMainRow), marginCross = child.marginFor(row: !isMainRow)
        var childMainSize = mainSize + marginMain
        var childMainMode = MeasureMode.exactly
        var childCrossSize: Double
        var childCrossMode: MeasureMode
        let align = alignment(of: child)
        let autoCross = child.isMarginAuto(crossAxis.leadingEdge) || child.isMarginAuto(crossAxis.trailingEdge)
        let crossDefined = child.definesDimension(row: !isMainRow, ownerSize: availableInnerCross)
        if let ratio = child.currentStyle.aspectRatio, ratio > 0, !crossDefined {
            childCrossSize = (isMainRow ? mainSize / ratio : mainSize * ratio) + marginCross
            childCrossMode = .exactly
        } else if !availableInnerCross.isNaN, !crossDefined, crossMode == .exactly,
                  !(isWrap && (flexBasisOverflows || currentStyle.alignContent != .stretch)),
                  align == .stretch, !autoCross {
            childCrossSize = availableInnerCross
            childCrossMode = .exactly
        } else if !crossDefined {
            childCrossSize = availableInnerCross
            childCrossMode = childCrossSize.isNaN ? .undefined : .atMost
        } else {
            let value = child.resolvedDimension(row: !isMainRow)
            childCrossSize = child.resolveSize(value, row: !isMainRow, availableInnerCross) + marginCross
            let loosePercent = value.isPercent && crossMode != .exactly
            childCrossMode = childCrossSize.isNaN || loosePercent ? .undefined : .exactly
        }
        child.constrainMaxSize(row: isMainRow, availableInnerMain, &childMainMode, &childMainSize)
        child.constrainMaxSize(row: !isMainRow, availableInnerCross, &childCrossMode, &childCrossSize)
        let requiresStretch = !crossDefined && align == .stretch && !autoCross
        child.layout(
            isMainRow ? childMainSize : childCrossSize, isMainRow ? childCrossSize : childMainSize,
            isMainRow ? childMainMode : childCrossMode, isMainRow ? childCrossMode : childMainMode,
            availableInnerWidth, availableInnerHeight, child.layoutDirection,
            performLayout: performLayout && !requiresStretch, context)
    }
}
