// Collecting the items into lines and placing them along the main axis (Yoga's FlexLine and
// justifyMainAxis, steps 4 and 6).

/// One line of a flex container: its items (`start..<end` of the flow children) and its cross extent.
struct FlexLine {
    var start: Int
    var end: Int
    var crossSize: Double
    var crossOffset = 0.0
    var maxAscent = 0.0
    /// What align-content adds between lines; stretched items take it too (as Yoga does).
    var stretchExtra = 0.0
}

/// The line being laid out: its items, their flex factors and bases, its free space, and once
/// justified its extent on both axes.
struct FlexLineRun {
    var start: Int
    var end: Int
    var itemsOnLine = 0
    var sizeConsumed = 0.0
    var totalGrow = 0.0
    var totalShrinkScaled = 0.0
    /// The free space on the main axis, shared by flexing and then by justify-content.
    var remaining = 0.0
    /// Where the last item ends, trailing padding and border included.
    var mainEnd = 0.0
    var crossSize = 0.0
    var maxAscent = 0.0
    /// The cross extent the container is sized by: in a baseline layout every item's ascent and descent.
    var sizingCrossSize = 0.0
}

extension LayoutNode {
    /// Step 4: the items from `startIndex` that fit on one line (all of them without wrapping),
    /// their bases clamped by min and max, and their flex factors.
    @inline(__always) func collectFlexLine(
        _ items: [LayoutNode], from startIndex: Int, lineIndex: Int, _ container: FlexContainer, basisBoundSize: Double
    ) -> FlexLineRun {
        let isMainRow = container.isMainRow, isWrap = container.isWrap
        let mainGap = container.mainGap, availableInnerMain = container.availableInnerMain
        let count = items.count
        var itemsOnLine = 0
        var sizeConsumed = 0.0
        var totalGrow = 0.0
        var totalShrinkScaled = 0.0
        var endIndex = startIndex
        while endIndex < count {
            let child = items[endIndex]
            if child.currentStyle.display == .none || child.currentStyle.position == .absolute {
                endIndex += 1
                continue
            }
            let childMarginMain = child.marginFor(row: isMainRow)
            let gap = itemsOnLine > 0 ? mainGap : 0
            let basis = child.boundWithinMinMax(row: isMainRow, child.computedFlexBasis, basisBoundSize)
            if isWrap, itemsOnLine > 0, sizeConsumed + basis + childMarginMain + gap > availableInnerMain {
                break
            }
            sizeConsumed += basis + childMarginMain + gap
            itemsOnLine += 1
            let grow = child.resolvedFlexGrow, shrink = child.resolvedFlexShrink
            if grow != 0 || shrink != 0 {
                totalGrow += grow
                totalShrinkScaled += shrink * child.computedFlexBasis
            }
            child.lineIndex = lineIndex
            endIndex += 1
        }
        if totalGrow > 0 && totalGrow < 1 { totalGrow = 1 }
        return FlexLineRun(
            start: startIndex, end: endIndex, itemsOnLine: itemsOnLine, sizeConsumed: sizeConsumed,
            totalGrow: totalGrow, totalShrinkScaled: totalShrinkScaled)
    }

    /// The main size the line's items share and its free space (`line.remaining`). Returns the main size.
    @inline(__always) func resolveFreeSpace(_ line: inout FlexLineRun, _ container: FlexContainer, nodeGrow: Double) -> Double {
        let availableInnerMain = container.availableInnerMain, mainMode = container.mainMode
        let minInnerMain = container.minInnerMain, maxInnerMain = container.maxInnerMain
        let sizeConsumed = line.sizeConsumed, totalGrow = line.totalGrow
        var remaining = 0.0
        // A main size that is not exact and within min/max is the content's: no free space.
        var availableMain = availableInnerMain
        var sizeBasedOnContent = false
        if mainMode != .exactly {
            if !minInnerMain.isNaN, sizeConsumed < minInnerMain {
                availableMain = minInnerMain
            } else if !maxInnerMain.isNaN, sizeConsumed > maxInnerMain {
                availableMain = maxInnerMain
            } else {
                if totalGrow == 0 || nodeGrow == 0 { availableMain = sizeConsumed }
                sizeBasedOnContent = true
            }
        }
        if !sizeBasedOnContent, !availableMain.isNaN {
            remaining = availableMain - sizeConsumed
        } else if sizeConsumed < 0 {
            remaining = -sizeConsumed
        }
        line.remaining = remaining
        return availableMain
    }

    /// Step 6: the items' main offsets (auto margins, then justify-content), and the line's cross
    /// size (by ascent and descent where items align to their baselines).
    @inline(__always) func justifyMainAxis(
        _ items: [LayoutNode], _ line: inout FlexLineRun, _ container: FlexContainer, availableMain: Double, canSkipFlex: Bool,
        basisBoundSize: Double, positioned: Bool
    ) {
        let mainAxis = container.mainAxis, isMainRow = container.isMainRow, isBaselineLayout = container.isBaselineLayout
        let mainMode = container.mainMode, mainOwnerSize = container.mainOwnerSize, pbMain = container.pbMain
        let pbMainLeading = container.pbMainLeading, pbMainTrailing = container.pbMainTrailing
        let mainGap = container.mainGap, availableInnerCross = container.availableInnerCross
        let startIndex = line.start, endIndex = line.end, itemsOnLine = line.itemsOnLine
        var remaining = line.remaining
        // Main axis: auto margins and justify-content.
        if mainMode == .atMost && remaining > 0 {
            let minMain = resolveSize(isMainRow ? currentStyle.minWidth : currentStyle.minHeight, row: isMainRow, mainOwnerSize)
            if !minMain.isNaN {
                let occupied = availableMain - remaining
                remaining = max(0, minMain - pbMain - occupied)
            } else {
                remaining = 0
            }
        }
        var autoMargins = 0
        for index in startIndex..<endIndex {
            let child = items[index]
            if child.currentStyle.display == .none || child.currentStyle.position == .absolute { continue }
            if child.isMarginAuto(mainAxis.leadingEdge) { autoMargins += 1 }
            if child.isMarginAuto(mainAxis.trailingEdge) { autoMargins += 1 }
        }
        var leadingMain = 0.0
        var between = mainGap
        // Auto margins take the free space (none when it is negative) and justify-content is ignored.
        let autoShare = autoMargins > 0 && remaining > 0 ? remaining / Double(autoMargins) : 0
        if autoMargins == 0 {
            let n = Double(itemsOnLine)
            switch currentStyle.justifyContent {
            case .flexStart: break
            case .center: leadingMain = remaining / 2
            case .flexEnd: leadingMain = remaining
            case .spaceBetween:
                if itemsOnLine > 1, remaining > 0 { between += remaining / (n - 1) }
            // The space-* values lay an overflowing line out from the start, as Yoga does.
            case .spaceAround:
                if remaining > 0, itemsOnLine > 0 {
                    leadingMain = remaining / n / 2
                    between += remaining / n
                }
            case .spaceEvenly:
                if remaining > 0 {
                    leadingMain = remaining / (n + 1)
                    between += leadingMain
                }
            }
        }
        var mainPosition = pbMainLeading + leadingMain
        var lineCross = 0.0
        var first = true
        // The line's extent for sizing the container: in a baseline layout every item counts by
        // its ascent and descent. For aligning, baseline-aligned items count by theirs, others by size.
        var maxAscent = 0.0, maxDescent = 0.0
        var sizingAscent = 0.0, sizingDescent = 0.0
        for index in startIndex..<endIndex {
            let child = items[index]
            if child.currentStyle.display == .none || child.currentStyle.position == .absolute { continue }
            if !first { mainPosition += between }
            first = false
            if child.isMarginAuto(mainAxis.leadingEdge) { mainPosition += autoShare }
            child.mainOffset = mainPosition + child.margin[mainAxis.leadingEdge]
            if child.isMarginAuto(mainAxis.trailingEdge) { mainPosition += autoShare }
            if canSkipFlex {
                // Not flexed: the basis within min and max, as collectFlexLine counts it (Yoga's
                // boundAxisWithinMinAndMax here).
                mainPosition += child.marginFor(row: isMainRow) + child.boundWithinMinMax(row: isMainRow, child.computedFlexBasis, basisBoundSize)
                lineCross = availableInnerCross
            } else {
                mainPosition += (isMainRow ? child.measuredWidth : child.measuredHeight) + child.marginFor(row: isMainRow)
                let childCross = (isMainRow ? child.measuredHeight : child.measuredWidth) + child.marginFor(row: !isMainRow)
                let baselineAligned = isMainRow && alignment(of: child) == .baseline
                if isBaselineLayout || baselineAligned {
                    let ascent = child.computedBaseline(positioned: positioned) + child.margin.top
                    if isBaselineLayout {
                        sizingAscent = max(sizingAscent, ascent)
                        sizingDescent = max(sizingDescent, childCross - ascent)
                    }
                    if baselineAligned {
                        maxAscent = max(maxAscent, ascent)
                        maxDescent = max(maxDescent, childCross - ascent)
                        lineCross = max(lineCross, maxAscent + maxDescent)
                    } else {
                        lineCross = max(lineCross, childCross)
                    }
                } else {
                    lineCross = max(lineCross, childCross)
                }
            }
        }
        mainPosition += pbMainTrailing
        line.remaining = remaining
        line.mainEnd = mainPosition
        line.crossSize = lineCross
        line.maxAscent = maxAscent
        line.sizingCrossSize = sizingAscent + sizingDescent
    }
}
