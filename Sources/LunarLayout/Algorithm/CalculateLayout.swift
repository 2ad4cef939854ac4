// The flexbox algorithm (CSS Flexible Box Layout with Yoga's defaults and conventions).
// Sizes passed down include the child's margins; `.nan` means undefined.

extension LayoutNode {
    func zeroLayout() {
        positionLeft = 0
        positionTop = 0
        measuredWidth = 0
        measuredHeight = 0
        computedFlexBasis = 0
        flexBasisInputs = nil
        layoutCache = nil
        previousLayout = nil
        changedItself = false
        measuredSinceLayout = false
        measureCache.removeAll(keepingCapacity: true)
        isDirty = false
        laidOutSinceRounding = true
        for child in children { child.zeroLayout() }
    }

    func layoutImpl(
        _ availableWidth: Double, _ availableHeight: Double, _ widthModeIn: MeasureMode, _ heightModeIn: MeasureMode,
        _ ownerWidth: Double, _ ownerHeight: Double, _ dir: LayoutDirection, _ performLayout: Bool, _ context: LayoutContext
    ) {
        resolveBoxes(ownerWidth: ownerWidth, direction: dir)
        let marginRow = margin.horizontal, marginColumn = margin.vertical
        let pbRow = paddingAndBorder(row: true), pbColumn = paddingAndBorder(row: false)

        if let measure {
            measureLeaf(measure, availableWidth, availableHeight, widthModeIn, heightModeIn, ownerWidth, ownerHeight, context)
            return
        }
        let items = flowChildren()
        if items.isEmpty {
            measuredWidth = boundAxis(
                row: true, widthModeIn == .exactly ? availableWidth - marginRow : pbRow, ownerWidth)
            measuredHeight = boundAxis(
                row: false, heightModeIn == .exactly ? availableHeight - marginColumn : pbColumn, ownerHeight)
            return
        }
        if !performLayout,
           (widthModeIn == .atMost && availableWidth <= 0) || (heightModeIn == .atMost && availableHeight <= 0)
            || (widthModeIn == .exactly && heightModeIn == .exactly) {
            let w = availableWidth.isNaN || (widthModeIn == .atMost && availableWidth < 0) ? 0 : availableWidth - marginRow
            let h = availableHeight.isNaN || (heightModeIn == .atMost && availableHeight < 0) ? 0 : availableHeight - marginColumn
            measuredWidth = boundAxis(row: true, w, ownerWidth)
            measuredHeight = boundAxis(row: false, h, ownerHeight)
            return
        }

        let mainAxis = currentStyle.flexDirection.resolved(dir)
        let crossAxis: FlexDirection = mainAxis.isRow ? .column : FlexDirection.row.resolved(dir)
        let isMainRow = mainAxis.isRow
        let isWrap = currentStyle.flexWrap != .noWrap
        let isBaselineLayout = isMainRow && (currentStyle.alignItems == .baseline || baselineChildren > 0
            || (contentsChildren > 0 && items.contains { $0.currentStyle.alignsSelfToBaseline }))
        let mainOwnerSize = isMainRow ? ownerWidth : ownerHeight
        let crossOwnerSize = isMainRow ? ownerHeight : ownerWidth
        let pbMain = isMainRow ? pbRow : pbColumn
        let pbCross = isMainRow ? pbColumn : pbRow
        let pbMainLeading = paddingAndBorder(mainAxis.leadingEdge)
        let pbMainTrailing = paddingAndBorder(mainAxis.trailingEdge)
        let pbCrossLeading = paddingAndBorder(crossAxis.leadingEdge)
        var mainMode = isMainRow ? widthModeIn : heightModeIn
        let crossMode = isMainRow ? heightModeIn : widthModeIn

        let minInnerWidth = resolveSize(currentStyle.minWidth, row: true, ownerWidth) - pbRow
        let maxInnerWidth = resolveSize(currentStyle.maxWidth, row: true, ownerWidth) - pbRow
        let minInnerHeight = resolveSize(currentStyle.minHeight, row: false, ownerHeight) - pbColumn
        let maxInnerHeight = resolveSize(currentStyle.maxHeight, row: false, ownerHeight) - pbColumn
        var availableInnerWidth = availableWidth - marginRow - pbRow
        if !availableInnerWidth.isNaN {
            availableInnerWidth = maxDefined(minDefined(availableInnerWidth, maxInnerWidth), minInnerWidth)
        }
        var availableInnerHeight = availableHeight - marginColumn - pbColumn
        if !availableInnerHeight.isNaN {
            availableInnerHeight = maxDefined(minDefined(availableInnerHeight, maxInnerHeight), minInnerHeight)
        }
        let availableInnerMain = isMainRow ? availableInnerWidth : availableInnerHeight
        let availableInnerCross = isMainRow ? availableInnerHeight : availableInnerWidth
        let minInnerMain = isMainRow ? minInnerWidth : minInnerHeight
        let maxInnerMain = isMainRow ? maxInnerWidth : maxInnerHeight

        let mainGapValue = isMainRow ? (currentStyle.columnGap.isDefined ? currentStyle.columnGap : currentStyle.gap)
            : (currentStyle.rowGap.isDefined ? currentStyle.rowGap : currentStyle.gap)
        let crossGapValue = isMainRow ? (currentStyle.rowGap.isDefined ? currentStyle.rowGap : currentStyle.gap)
            : (currentStyle.columnGap.isDefined ? currentStyle.columnGap : currentStyle.gap)
        let mainGap = max(0, { let v = mainGapValue.resolve(availableInnerMain); return v.isNaN ? 0 : v }())
        let crossGap = max(0, { let v = crossGapValue.resolve(availableInnerCross); return v.isNaN ? 0 : v }())

        if performLayout, shiftChangedChildren(
            items, availableWidth, availableHeight, widthModeIn, heightModeIn, ownerWidth, ownerHeight, dir,
            availableInnerWidth, availableInnerHeight, mainGap, pbMainLeading, pbMainTrailing, pbCrossLeading, context) {
            return
        }

        // A lone child that both grows and shrinks in a fixed main size takes whatever is left
        // whatever its content, so it is not measured for a basis.
        // Not under wrap: a wrapping line's free space depends on the bases of its items.
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

        // Flex basis of each child in the flow.
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
                if child.isDirty || !(child.flexBasisInputs?.matches(inputs) ?? false) {
                    computeFlexBasis(
                        child, isMainRow: isMainRow, availableInnerWidth, availableInnerHeight,
                        widthModeIn, heightModeIn, childDir, context)
                    child.flexBasisInputs = inputs
                }
            }
            totalOuterFlexBasis += child.computedFlexBasis + child.marginFor(row: isMainRow)
        }
        if items.count > 1 { totalOuterFlexBasis += mainGap * Double(items.count - 1) }
        let flexBasisOverflows = mainMode == .undefined ? false : totalOuterFlexBasis > availableInnerMain
        if isWrap && flexBasisOverflows && mainMode == .atMost { mainMode = .exactly }

        // Lines.
        var lines: [FlexLine] = []
        var maxLineMain = 0.0
        var totalLinesCross = 0.0
        let count = items.count
        var startIndex = 0
        // The root's own flex factors are ignored.
        let nodeGrow = self === context.root ? 0 : resolvedFlexGrow
        // The flex bases are clamped by the items' min and max, whose percentages Yoga resolves
        // here only when this node's owner has a size on the main axis: a root laid out with an
        // undefined size lets a percentage minimum act on the flexed size instead (Yoga's
        // percentage_flex_basis_main_min_width: 120 and 80, not 128 and 72).
        let basisBoundSize = mainOwnerSize.isNaN ? Double.nan : availableInnerMain
        while startIndex < count {
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
                child.lineIndex = lines.count
                endIndex += 1
            }
            if totalGrow > 0 && totalGrow < 1 { totalGrow = 1 }

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
            var remaining = 0.0
            if !sizeBasedOnContent, !availableMain.isNaN {
                remaining = availableMain - sizeConsumed
            } else if sizeConsumed < 0 {
                remaining = -sizeConsumed
            }
            let canSkipFlex = !performLayout && crossMode == .exactly
            if !canSkipFlex {
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
                // Second pass: size and lay out each item.
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
                            let size = totalGrow == 0 ? basis : basis + remaining / totalGrow * grow
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
                remaining -= delta
            }

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
                    mainPosition += child.marginFor(row: isMainRow) + child.computedFlexBasis
                    lineCross = availableInnerCross
                } else {
                    mainPosition += (isMainRow ? child.measuredWidth : child.measuredHeight) + child.marginFor(row: isMainRow)
                    let childCross = (isMainRow ? child.measuredHeight : child.measuredWidth) + child.marginFor(row: !isMainRow)
                    let baselineAligned = isMainRow && alignment(of: child) == .baseline
                    if isBaselineLayout || baselineAligned {
                        let ascent = child.computedBaseline() + child.margin.top
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
            maxLineMain = max(maxLineMain, mainPosition)
            if !lines.isEmpty { totalLinesCross += crossGap }
            totalLinesCross += isBaselineLayout && !canSkipFlex ? sizingAscent + sizingDescent : lineCross
            lines.append(FlexLine(start: startIndex, end: endIndex, crossSize: lineCross, maxAscent: maxAscent))
            startIndex = endIndex
        }

        // The node's size.
        measuredWidth = boundAxis(row: true, availableWidth - marginRow, ownerWidth)
        measuredHeight = boundAxis(row: false, availableHeight - marginColumn, ownerHeight)
        let mainValue: Double
        if mainMode == .undefined || (mainMode == .atMost && currentStyle.overflow != .scroll) {
            mainValue = boundAxis(row: isMainRow, maxLineMain, mainOwnerSize)
        } else if mainMode == .atMost {
            mainValue = max(min(availableInnerMain + pbMain, boundWithinMinMax(row: isMainRow, maxLineMain, mainOwnerSize)), pbMain)
        } else {
            mainValue = isMainRow ? measuredWidth : measuredHeight
        }
        let crossValue: Double
        if crossMode == .undefined || (crossMode == .atMost && currentStyle.overflow != .scroll) {
            crossValue = boundAxis(row: !isMainRow, totalLinesCross + pbCross, crossOwnerSize)
        } else if crossMode == .atMost {
            crossValue = max(min(availableInnerCross + pbCross, boundWithinMinMax(row: !isMainRow, totalLinesCross + pbCross, crossOwnerSize)), pbCross)
        } else {
            crossValue = isMainRow ? measuredHeight : measuredWidth
        }
        if isMainRow {
            measuredWidth = mainValue
            measuredHeight = crossValue
        } else {
            measuredHeight = mainValue
            measuredWidth = crossValue
        }
        guard performLayout else { return }

        // Cross axis: lines (align-content), then each item (align-items, align-self, stretch).
        let containerInnerCross = crossValue - pbCross
        if !isWrap, !lines.isEmpty {
            lines[0].crossOffset = pbCrossLeading
            lines[0].crossSize = containerInnerCross
        } else if !lines.isEmpty {
            let remaining = containerInnerCross - totalLinesCross
            let n = Double(lines.count)
            var lead = pbCrossLeading, extra = 0.0, betweenLines = crossGap
            switch currentStyle.alignContent {
            case .flexEnd: lead += remaining
            case .center: lead += remaining / 2
            case .stretch: if remaining > 0 { extra = remaining / n }
            case .spaceBetween: if remaining > 0, lines.count > 1 { betweenLines += remaining / (n - 1) }
            // Lines that overflow are put at the start by space-between, space-around and
            // space-evenly (their fallback is a safe alignment, as in Yoga's fixtures and browsers).
            case .spaceAround:
                if remaining > 0 {
                    lead += remaining / (2 * n)
                    betweenLines += remaining / n
                }
            case .spaceEvenly:
                if remaining > 0 {
                    lead += remaining / (n + 1)
                    betweenLines += remaining / (n + 1)
                }
            case .auto, .flexStart, .baseline: break
            }
            for index in lines.indices {
                lines[index].crossOffset = lead
                lines[index].crossSize += extra
                lines[index].stretchExtra = betweenLines - crossGap
                lead += lines[index].crossSize + betweenLines
            }
        }
        for line in lines {
            for index in line.start..<line.end {
                let child = items[index]
                if child.currentStyle.display == .none || child.currentStyle.position == .absolute { continue }
                let align = alignment(of: child)
                let leadEdge = crossAxis.leadingEdge, trailEdge = crossAxis.trailingEdge
                let autoLead = child.isMarginAuto(leadEdge), autoTrail = child.isMarginAuto(trailEdge)
                var offset = line.crossOffset + child.margin[leadEdge]
                if align == .stretch && !autoLead && !autoTrail {
                    if !child.definesDimension(row: !isMainRow, ownerSize: availableInnerCross) {
                        let childMain = isMainRow ? child.measuredWidth : child.measuredHeight
                        var childCross: Double
                        if let ratio = child.currentStyle.aspectRatio, ratio > 0 {
                            childCross = child.marginFor(row: !isMainRow) + (isMainRow ? childMain / ratio : childMain * ratio)
                        } else {
                            childCross = line.crossSize + line.stretchExtra
                        }
                        var childMainOuter = childMain + child.marginFor(row: isMainRow)
                        var mainModeChild = MeasureMode.exactly, crossModeChild = MeasureMode.exactly
                        child.constrainMaxSize(row: isMainRow, availableInnerMain, &mainModeChild, &childMainOuter)
                        child.constrainMaxSize(row: !isMainRow, availableInnerCross, &crossModeChild, &childCross)
                        let w = isMainRow ? childMainOuter : childCross
                        let h = isMainRow ? childCross : childMainOuter
                        child.layout(
                            w, h, isMainRow ? mainModeChild : crossModeChild, isMainRow ? crossModeChild : mainModeChild,
                            availableInnerWidth, availableInnerHeight, child.layoutDirection, performLayout: true, context)
                    }
                } else {
                    let childOuter = (isMainRow ? child.measuredHeight : child.measuredWidth) + child.marginFor(row: !isMainRow)
                    let free = line.crossSize - childOuter
                    if autoLead && autoTrail {
                        offset += max(0, free / 2)
                    } else if autoTrail {
                        // Stays at the start.
                    } else if autoLead {
                        offset += max(0, free)
                    } else {
                        switch align {
                        case .center: offset += free / 2
                        case .flexEnd: offset += free
                        case .baseline:
                            if isMainRow { offset += line.maxAscent - child.computedBaseline() - child.margin.top }
                        default: break
                        }
                    }
                }
                child.crossOffset = offset
            }
        }

        // Physical positions.
        let measuredMainFinal = isMainRow ? measuredWidth : measuredHeight
        let measuredCrossFinal = isMainRow ? measuredHeight : measuredWidth
        for child in items {
            if child.currentStyle.display == .none || child.currentStyle.position == .absolute { continue }
            let childMain = isMainRow ? child.measuredWidth : child.measuredHeight
            let childCross = isMainRow ? child.measuredHeight : child.measuredWidth
            var cross = child.crossOffset
            if currentStyle.flexWrap == .wrapReverse { cross = measuredCrossFinal - cross - childCross }
            let main = mainAxis.isReversed ? measuredMainFinal - child.mainOffset - childMain : child.mainOffset
            if crossAxis.isReversed { cross = measuredCrossFinal - cross - childCross }
            let dx = child.relativeOffset(row: true, containerSize: availableInnerWidth)
            let dy = child.relativeOffset(row: false, containerSize: availableInnerHeight)
            if isMainRow {
                child.positionLeft = main + dx
                child.positionTop = cross + dy
            } else {
                child.positionTop = main + dy
                child.positionLeft = cross + dx
            }
        }

        // Absolutely positioned children, and those of static descendants: a non-static node (or
        // the root) is their containing block; a static node leaves its own to its containing block.
        if currentStyle.position != .static || self === context.root {
            for child in items where child.currentStyle.display != .none && child.currentStyle.position == .absolute {
                layoutAbsoluteChild(child, containingBlock: self, offsetX: 0, offsetY: 0, context)
            }
            for child in items where child.currentStyle.display != .none && child.currentStyle.position == .static {
                child.layoutAbsoluteDescendants(containingBlock: self, offsetX: child.positionLeft, offsetY: child.positionTop, context)
            }
        }
    }

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
