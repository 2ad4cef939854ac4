// The flexbox algorithm (CSS Flexible Box Layout with Yoga's defaults and conventions), its
// steps called in the order of Yoga's calculateLayoutImpl.
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

    /// Sizes the node for the constraints and, when `performLayout`, positions its children.
    // Never inlined: inlined into `shiftChangedChildren` it made that loop over every row slower.
    @inline(never) func layoutImpl(
        _ availableWidth: Double, _ availableHeight: Double, _ widthModeIn: MeasureMode, _ heightModeIn: MeasureMode,
        _ ownerWidth: Double, _ ownerHeight: Double, _ dir: LayoutDirection, _ performLayout: Bool, _ context: LayoutContext
    ) {
        resolveBoxes(ownerWidth: ownerWidth, direction: dir)
        if let measure {
            measureLeaf(measure, availableWidth, availableHeight, widthModeIn, heightModeIn, ownerWidth, ownerHeight, context)
            return
        }
        let items = flowChildren()
        if items.isEmpty {
            measureWithoutChildren(availableWidth, availableHeight, widthModeIn, heightModeIn, ownerWidth, ownerHeight)
            return
        }
        if !performLayout, measureAtFixedSize(availableWidth, availableHeight, widthModeIn, heightModeIn, ownerWidth, ownerHeight) {
            return
        }

        // Steps 1 and 2: axes and available inner sizes.
        var container = flexContainer(items, availableWidth, availableHeight, widthModeIn, heightModeIn, ownerWidth, ownerHeight, dir)
        if performLayout, context.shortcuts.contains(.shiftedRows), shiftChangedChildren(
            items, availableWidth, availableHeight, widthModeIn, heightModeIn, ownerWidth, ownerHeight, dir,
            container.availableInnerWidth, container.availableInnerHeight, container.mainGap,
            container.pbMainLeading, container.pbMainTrailing, container.pbCrossLeading, context) {
            return
        }

        // Step 3: the flex bases.
        let singleFlexChild = findSingleFlexChild(items, container)
        let totalOuterFlexBasis = computeFlexBases(items, container, singleFlexChild: singleFlexChild, dir, context)
        let flexBasisOverflows = container.mainMode == .undefined ? false : totalOuterFlexBasis > container.availableInnerMain
        if container.isWrap && flexBasisOverflows && container.mainMode == .atMost { container.mainMode = .exactly }

        // Steps 4 to 6, line by line: collect the items, flex them, justify them.
        var lines: [FlexLine] = []
        var maxLineMain = 0.0
        var totalLinesCross = 0.0
        var startIndex = 0
        // The root's own flex factors are ignored.
        let nodeGrow = self === context.root ? 0 : resolvedFlexGrow
        // The flex bases are clamped by the items' min and max, whose percentages Yoga resolves
        // here only when this node's owner has a size on the main axis: a root laid out with an
        // undefined size lets a percentage minimum act on the flexed size instead (Yoga's
        // percentage_flex_basis_main_min_width: 120 and 80, not 128 and 72).
        let basisBoundSize = container.mainOwnerSize.isNaN ? Double.nan : container.availableInnerMain
        while startIndex < items.count {
            var line = collectFlexLine(items, from: startIndex, lineIndex: lines.count, container, basisBoundSize: basisBoundSize)
            let availableMain = resolveFreeSpace(&line, container, nodeGrow: nodeGrow)
            let canSkipFlex = !performLayout && container.crossMode == .exactly
            if !canSkipFlex {
                resolveFlexibleLengths(
                    items, &line, container, basisBoundSize: basisBoundSize, flexBasisOverflows: flexBasisOverflows, performLayout, context)
            }
            justifyMainAxis(items, &line, container, availableMain: availableMain, canSkipFlex: canSkipFlex,
                            basisBoundSize: basisBoundSize, positioned: performLayout)
            maxLineMain = max(maxLineMain, line.mainEnd)
            if !lines.isEmpty { totalLinesCross += container.crossGap }
            totalLinesCross += container.isBaselineLayout && !canSkipFlex ? line.sizingCrossSize : line.crossSize
            lines.append(FlexLine(start: line.start, end: line.end, crossSize: line.crossSize, maxAscent: line.maxAscent))
            startIndex = line.end
        }

        // Step 9 (before alignment, which needs the cross size): the node's size.
        sizeToContent(container, maxLineMain: maxLineMain, totalLinesCross: totalLinesCross,
                      availableWidth, availableHeight, ownerWidth, ownerHeight)
        guard performLayout else { return }

        // Steps 8 and 7 (the lines first): the lines by align-content, then each item by
        // align-items, align-self and stretch.
        let crossSize = container.isMainRow ? measuredHeight : measuredWidth
        alignLines(&lines, container, containerInnerCross: crossSize - container.pbCross, totalLinesCross: totalLinesCross)
        alignItems(items, in: lines, container, context)

        // Step 10: physical positions.
        positionItems(items, container)

        // Step 11: absolutely positioned children, and those of static descendants: a non-static
        // node (or the root) is their containing block; a static node leaves its own to its
        // containing block.
        if currentStyle.position != .static || self === context.root {
            layoutAbsoluteChildren(items, context)
        }
    }

    /// A container without children in the flow: its padding and border, or the exact size asked for.
    @inline(__always) func measureWithoutChildren(
        _ availableWidth: Double, _ availableHeight: Double, _ widthModeIn: MeasureMode, _ heightModeIn: MeasureMode,
        _ ownerWidth: Double, _ ownerHeight: Double
    ) {
        let marginRow = margin.horizontal, marginColumn = margin.vertical
        let pbRow = paddingAndBorder(row: true), pbColumn = paddingAndBorder(row: false)
        measuredWidth = boundAxis(
            row: true, widthModeIn == .exactly ? availableWidth - marginRow : pbRow, ownerWidth)
        measuredHeight = boundAxis(
            row: false, heightModeIn == .exactly ? availableHeight - marginColumn : pbColumn, ownerHeight)
    }

    /// A measurement whose answer needs no children: both sizes exact, or no room on an axis.
    /// Returns false, changing nothing, otherwise.
    @inline(__always) func measureAtFixedSize(
        _ availableWidth: Double, _ availableHeight: Double, _ widthModeIn: MeasureMode, _ heightModeIn: MeasureMode,
        _ ownerWidth: Double, _ ownerHeight: Double
    ) -> Bool {
        guard (widthModeIn == .atMost && availableWidth <= 0) || (heightModeIn == .atMost && availableHeight <= 0)
            || (widthModeIn == .exactly && heightModeIn == .exactly) else { return false }
        let marginRow = margin.horizontal, marginColumn = margin.vertical
        let w = availableWidth.isNaN || (widthModeIn == .atMost && availableWidth < 0) ? 0 : availableWidth - marginRow
        let h = availableHeight.isNaN || (heightModeIn == .atMost && availableHeight < 0) ? 0 : availableHeight - marginColumn
        measuredWidth = boundAxis(row: true, w, ownerWidth)
        measuredHeight = boundAxis(row: false, h, ownerHeight)
        return true
    }

    /// Step 9: the node's size, from the constraints where they are exact and from its lines where not.
    @inline(__always) func sizeToContent(
        _ container: FlexContainer, maxLineMain: Double, totalLinesCross: Double,
        _ availableWidth: Double, _ availableHeight: Double, _ ownerWidth: Double, _ ownerHeight: Double
    ) {
        let isMainRow = container.isMainRow, mainMode = container.mainMode, crossMode = container.crossMode
        let mainOwnerSize = container.mainOwnerSize, crossOwnerSize = container.crossOwnerSize
        let pbMain = container.pbMain, pbCross = container.pbCross
        let availableInnerMain = container.availableInnerMain, availableInnerCross = container.availableInnerCross
        let marginRow = margin.horizontal, marginColumn = margin.vertical
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
    }

    /// Step 10: each item's position relative to the node, from its main and cross offsets, the
    /// axes' directions and its relative insets.
    @inline(__always) func positionItems(_ items: [LayoutNode], _ container: FlexContainer) {
        let isMainRow = container.isMainRow, mainAxis = container.mainAxis, crossAxis = container.crossAxis
        let availableInnerWidth = container.availableInnerWidth, availableInnerHeight = container.availableInnerHeight
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
    }
}
