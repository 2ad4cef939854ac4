// The flexbox algorithm (CSS Flexible Box Layout with Yoga's defaults and conventions).
// Sizes passed down include the child's margins; `.nan` means undefined.

private extension FlexDirection {
    var isRow: Bool { self == .row || self == .rowReverse }
    var leadingEdge: Edge {
        switch self {
        case .row: .left
        case .rowReverse: .right
        case .column: .top
        case .columnReverse: .bottom
        }
    }
    var trailingEdge: Edge {
        switch self {
        case .row: .right
        case .rowReverse: .left
        case .column: .bottom
        case .columnReverse: .top
        }
    }
    /// Whether the axis runs from the right or bottom edge.
    var isReversed: Bool { self == .rowReverse || self == .columnReverse }

    func resolved(_ direction: LayoutDirection) -> FlexDirection {
        guard direction == .rtl else { return self }
        switch self {
        case .row: return .rowReverse
        case .rowReverse: return .row
        default: return self
        }
    }
}

@inline(__always) private func minDefined(_ a: Double, _ b: Double) -> Double {
    if a.isNaN { return b }
    if b.isNaN { return a }
    return min(a, b)
}

@inline(__always) private func maxDefined(_ a: Double, _ b: Double) -> Double {
    if a.isNaN { return b }
    if b.isNaN { return a }
    return max(a, b)
}

private struct FlexLine {
    var start: Int
    var end: Int
    var crossSize: Double
    var crossOffset = 0.0
    var maxAscent = 0.0
    /// What align-content adds between lines; stretched items take it too (as Yoga does).
    var stretchExtra = 0.0
}

extension LayoutNode {
    // MARK: Style helpers

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

    /// Width or height, except that equal min and max sizes fix it.
    @inline(__always) func resolvedDimension(row: Bool) -> LayoutValue {
        let maxValue = row ? currentStyle.maxWidth : currentStyle.maxHeight
        let minValue = row ? currentStyle.minWidth : currentStyle.minHeight
        if maxValue.isDefined, maxValue == minValue { return maxValue }
        return row ? currentStyle.width : currentStyle.height
    }

    @inline(__always) func definesDimension(row: Bool, ownerSize: Double) -> Bool {
        switch resolvedDimension(row: row) {
        case .points(let v): return v >= 0
        case .percent(let p): return p >= 0 && !ownerSize.isNaN
        case .auto, .undefined, .maxContent, .fitContent, .stretch: return false
        }
    }

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

    private func resolveEdges(_ edges: KeyPath<LayoutStyle, LayoutEdges>, _ ownerWidth: Double, _ direction: LayoutDirection) -> Box {
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

    @inline(__always) func boundWithinMinMax(row: Bool, _ value: Double, _ axisSize: Double) -> Double {
        guard hasMinMax else { return value }
        let minV = resolveSize(row ? currentStyle.minWidth : currentStyle.minHeight, row: row, axisSize)
        let maxV = resolveSize(row ? currentStyle.maxWidth : currentStyle.maxHeight, row: row, axisSize)
        var v = value
        if !maxV.isNaN, maxV >= 0, v > maxV { v = maxV }
        if !minV.isNaN, minV >= 0, v < minV { v = minV }
        return v
    }

    /// A size property resolved as a border-box size: with `boxSizing` content-box, padding and
    /// border are added to it.
    @inline(__always) func resolveSize(_ value: LayoutValue, row: Bool, _ ownerSize: Double) -> Double {
        let resolved = value.resolve(ownerSize)
        return resolved.isNaN || currentStyle.boxSizing == .borderBox ? resolved : resolved + paddingAndBorder(row: row)
    }

    /// Within min and max, and never less than padding plus border.
    @inline(__always) func boundAxis(row: Bool, _ value: Double, _ axisSize: Double) -> Double {
        maxDefined(boundWithinMinMax(row: row, value, axisSize), paddingAndBorder(row: row))
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

    // MARK: Entry with caching

    func layout(
        _ availableWidth: Double, _ availableHeight: Double, _ widthMode: MeasureMode, _ heightMode: MeasureMode,
        _ ownerWidth: Double, _ ownerHeight: Double, _ direction: LayoutDirection, performLayout: Bool, _ context: LayoutContext
    ) {
        if isDirty, pass != context.pass {
            previousLayout = measuredSinceLayout ? nil : layoutCache
            layoutCache = nil
            measureCache.removeAll(keepingCapacity: true)
            measureCacheNext = 0
            pass = context.pass
        }
        let dir = currentStyle.direction == .inherit ? direction : currentStyle.direction
        if let cached = cachedResult(availableWidth, availableHeight, widthMode, heightMode, ownerWidth, ownerHeight, dir, performLayout) {
            measuredWidth = cached.measuredWidth
            measuredHeight = cached.measuredHeight
            resolveBoxes(ownerWidth: ownerWidth, direction: dir)
            if performLayout { isDirty = false; changedItself = false }
            return
        }
        // A container measured at an exact size on one axis and sized by its content on the other
        // is laid out right away: the layout its parent then asks for, at the size it took, is
        // the same (see `laysOutWhileMeasured`), and is served from the cache.
        let layoutWhileMeasuring = !performLayout && laysOutWhileMeasured(widthMode, heightMode)
        let performLayout = performLayout || layoutWhileMeasuring
        if performLayout {
            context.counters.statistics.layouts += 1
            laidOutSinceRounding = true
        } else {
            context.counters.statistics.measures += 1
        }
        if !performLayout { measuredSinceLayout = true }
        layoutImpl(availableWidth, availableHeight, widthMode, heightMode, ownerWidth, ownerHeight, dir, performLayout, context)
        let entry = LayoutCacheEntry(
            availableWidth: availableWidth, availableHeight: availableHeight, widthMode: widthMode, heightMode: heightMode,
            ownerWidth: ownerWidth, ownerHeight: ownerHeight, direction: dir,
            measuredWidth: measuredWidth, measuredHeight: measuredHeight
        )
        if performLayout {
            layoutCache = entry
            layoutCacheSizesContent = layoutWhileMeasuring
            isDirty = false
            changedItself = false
            measuredSinceLayout = false
            previousLayout = nil
        } else if measureCache.count < 16 {
            measureCache.append(entry)
        } else {
            measureCache[measureCacheNext] = entry
            measureCacheNext = (measureCacheNext + 1) % 16
        }
    }

    /// A result from the caches that holds for these constraints: for a measured leaf any result
    /// its measure function would repeat (Yoga's compatible constraints), for a container the same
    /// constraints (a layout for a layout; a layout or a measurement for a measurement).
    private func cachedResult(
        _ w: Double, _ h: Double, _ wm: MeasureMode, _ hm: MeasureMode, _ ow: Double, _ oh: Double,
        _ dir: LayoutDirection, _ performLayout: Bool
    ) -> LayoutCacheEntry? {
        if measure != nil {
            resolveBoxes(ownerWidth: ow, direction: dir)
            let marginRow = margin.horizontal, marginColumn = margin.vertical
            if let cached = layoutCache, cached.serves(w, h, wm, hm, ow, oh, dir, marginRow: marginRow, marginColumn: marginColumn, usesOwnerSize: usesOwnerSize) {
                return cached
            }
            return measureCache.first { $0.serves(w, h, wm, hm, ow, oh, dir, marginRow: marginRow, marginColumn: marginColumn, usesOwnerSize: usesOwnerSize) }
        }
        if let cached = layoutCache {
            if cached.matches(w, h, wm, hm, ow, oh, dir) { return cached }
            if layoutCacheSizesContent, cached.direction == dir, same(ow, cached.ownerWidth), same(oh, cached.ownerHeight) {
                // Laid out while measured with one size exact: the same exact size and, on the
                // other axis, exactly the size the content took.
                if cached.widthMode == .exactly, wm == .exactly, same(w, cached.availableWidth), cached.heightMode == .undefined,
                   tookContentSize(hm, h - margin.vertical, cached.measuredHeight) {
                    return cached
                }
                if cached.heightMode == .exactly, hm == .exactly, same(h, cached.availableHeight), cached.widthMode == .undefined,
                   tookContentSize(wm, w - margin.horizontal, cached.measuredWidth) {
                    return cached
                }
            }
        }
        guard !performLayout else { return nil }
        return measureCache.first { $0.matches(w, h, wm, hm, ow, oh, dir) }
    }

    /// Whether a size asked for on the axis the content sized is what the content took: exactly
    /// that size, or at most a size it fits in.
    @inline(__always) private func tookContentSize(_ mode: MeasureMode, _ size: Double, _ content: Double) -> Bool {
        switch mode {
        case .exactly: nearlyEqual(size, content)
        case .atMost: size >= content || nearlyEqual(size, content)
        case .undefined: false
        }
    }

    /// Whether a measurement of this container at an exact size on one axis, its content sizing
    /// the other, is the layout it gets at the size it took: laying it out then changes nothing.
    /// That holds when nothing below it resolves anything against the size it then has on the
    /// content axis (undefined while measured, definite after) or derives a size from the other
    /// axis: no min or max size and no percentage gap of its own, a single line, and children
    /// that pass ``ignoresOwnerBounds(_:)``.
    private func laysOutWhileMeasured(_ widthMode: MeasureMode, _ heightMode: MeasureMode) -> Bool {
        guard measure == nil, !children.isEmpty, contentsChildren == 0, currentStyle.flexWrap == .noWrap,
              !currentStyle.hasMinMax, !currentStyle.gap.isPercent, !currentStyle.rowGap.isPercent, !currentStyle.columnGap.isPercent,
              (widthMode == .exactly && heightMode == .undefined) || (heightMode == .exactly && widthMode == .undefined)
        else { return false }
        return childrenIgnoreOwnerBounds()
    }

    /// Whether this node's children, and theirs down to a node of fixed size or a measured leaf,
    /// are laid out the same whatever this node's size on either axis: no percentages (they
    /// resolve against an owner's size, undefined while measured and definite after), no
    /// wrapping, no `display: contents`, and an aspect ratio only on a node with a length of its
    /// own that is not stretched (else its size follows the other axis, which the bound changes).
    private func childrenIgnoreOwnerBounds() -> Bool {
        for child in children {
            let style = child.currentStyle
            if style.display == .none { continue }
            guard !child.usesOwnerSize, style.flexWrap == .noWrap, child.contentsChildren == 0 else { return false }
            let fixedWidth = style.width.isPoints, fixedHeight = style.height.isPoints
            if style.aspectRatio != nil, !(fixedWidth || fixedHeight) || alignment(of: child) == .stretch { return false }
            if child.measure != nil || (fixedWidth && fixedHeight) { continue }
            if !child.childrenIgnoreOwnerBounds() { return false }
        }
        return true
    }

    // MARK: The algorithm

    private func layoutImpl(
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

    /// Lays a column of stretched rows out again after some of them changed, without walking the
    /// others through the flex algorithm: the column keeps the constraints of its last layout and
    /// its own style and children, is sized by its content, starts its items at the top and
    /// neither flexes nor wraps them, and every item is a relative, stretched box without a width,
    /// a min or max size, auto margins or an aspect ratio. Then an unchanged item keeps its size and cross position
    /// and only moves down or up by how much the items before it changed; a changed one is sized
    /// as the algorithm sizes it (basis, then stretched across). Returns false, changing nothing,
    /// when the column is not such a case.
    private func shiftChangedChildren(
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

    /// Lays out the absolute children of this static node (and of its static descendants) in
    /// `containingBlock`, this node being at (offsetX, offsetY) in it.
    private func layoutAbsoluteDescendants(containingBlock: LayoutNode, offsetX: Double, offsetY: Double, _ context: LayoutContext) {
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

    /// The alignment of a child on the cross axis (`alignSelf`, else the parent's `alignItems`).
    func alignment(of child: LayoutNode) -> LayoutAlign {
        let align = child.currentStyle.alignSelf == .auto ? currentStyle.alignItems : child.currentStyle.alignSelf
        if align == .baseline && !currentStyle.flexDirection.isRow { return .flexStart }
        return align
    }

    /// The distance from the top of the node's border box to its first baseline: its baseline
    /// function's, else the first baseline-aligned child's (or the first child's), else the bottom edge.
    func computedBaseline() -> Double {
        if let baseline { return baseline(measuredWidth, measuredHeight) }
        var candidate: LayoutNode?
        for child in flowChildren() {
            if child.currentStyle.display == .none || child.currentStyle.position == .absolute { continue }
            if child.lineIndex > 0 { break }
            if alignment(of: child) == .baseline {
                candidate = child
                break
            }
            if candidate == nil { candidate = child }
        }
        guard let candidate else { return measuredHeight }
        return candidate.computedBaseline() + candidate.positionTop
    }

    func constrainMaxSize(row: Bool, _ ownerAxisSize: Double, _ mode: inout MeasureMode, _ size: inout Double) {
        guard hasMinMax else { return }
        let maxSize = resolveSize(row ? currentStyle.maxWidth : currentStyle.maxHeight, row: row, ownerAxisSize) + marginFor(row: row)
        guard !maxSize.isNaN else { return }
        switch mode {
        case .exactly, .atMost:
            if size.isNaN || size > maxSize { size = maxSize }
            if mode == .atMost, size.isNaN { size = maxSize }
        case .undefined:
            mode = .atMost
            size = maxSize
        }
    }

    private func computeFlexBasis(
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

    private func layoutFlexItem(
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

    private func measureLeaf(
        _ measure: MeasureFunction, _ availableWidth: Double, _ availableHeight: Double,
        _ widthMode: MeasureMode, _ heightMode: MeasureMode, _ ownerWidth: Double, _ ownerHeight: Double, _ context: LayoutContext
    ) {
        let marginRow = margin.horizontal, marginColumn = margin.vertical
        let pbRow = paddingAndBorder(row: true), pbColumn = paddingAndBorder(row: false)
        if widthMode == .exactly && heightMode == .exactly {
            measuredWidth = boundAxis(row: true, availableWidth - marginRow, ownerWidth)
            measuredHeight = boundAxis(row: false, availableHeight - marginColumn, ownerHeight)
            return
        }
        let innerWidth = widthMode == .undefined ? Double.nan : max(0, availableWidth - marginRow - pbRow)
        let innerHeight = heightMode == .undefined ? Double.nan : max(0, availableHeight - marginColumn - pbColumn)
        if innerWidth == 0 || innerHeight == 0 {
            // No room on an axis: the content is not measured.
            measuredWidth = boundAxis(row: true, widthMode == .exactly ? availableWidth - marginRow : pbRow, ownerWidth)
            measuredHeight = boundAxis(row: false, heightMode == .exactly ? availableHeight - marginColumn : pbColumn, ownerHeight)
            return
        }
        context.counters.statistics.measureCallbacks += 1
        let size = measure(innerWidth, widthMode, innerHeight, heightMode)
        measuredWidth = boundAxis(
            row: true, widthMode == .exactly ? availableWidth - marginRow : size.width + pbRow, ownerWidth)
        measuredHeight = boundAxis(
            row: false, heightMode == .exactly ? availableHeight - marginColumn : size.height + pbColumn, ownerHeight)
    }

    /// Lays out an absolute child of this node in the padding box of `cb` (this node, or the
    /// nearest non-static ancestor, this node being at (offsetX, offsetY) in it). Insets are from
    /// `cb`; without insets the child takes its static position in this node.
    private func layoutAbsoluteChild(
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
}
