/// What one layout of a flex container derives from its style and constraints before it lays
/// its items out: the axes, the sizing modes, the inner sizes, padding and border along the
/// axes, and the gaps (Yoga's calculateLayoutImpl, steps 1 and 2).
struct FlexContainer {
    let mainAxis: FlexDirection
    let crossAxis: FlexDirection
    let isMainRow: Bool
    let isWrap: Bool
    /// A row whose items (some of them) align to their baselines: lines are sized by ascent and descent.
    let isBaselineLayout: Bool
    /// The modes the node was laid out with, per physical axis (the items' flex bases depend on them).
    let widthMode: MeasureMode
    let heightMode: MeasureMode
    /// Exact once the flex bases of a wrapping container overflow an at-most size.
    var mainMode: MeasureMode
    let crossMode: MeasureMode
    let mainOwnerSize: Double
    let crossOwnerSize: Double
    let pbMain: Double
    let pbCross: Double
    let pbMainLeading: Double
    let pbMainTrailing: Double
    let pbCrossLeading: Double
    /// The space for the items: the available size less margin, padding and border, within min and max.
    let availableInnerWidth: Double
    let availableInnerHeight: Double
    let availableInnerMain: Double
    let availableInnerCross: Double
    let minInnerMain: Double
    let maxInnerMain: Double
    let mainGap: Double
    let crossGap: Double
}

extension LayoutNode {
    /// Steps 1 and 2 of the algorithm: the axes and the available inner sizes.
    @inline(__always) func flexContainer(
        _ items: [LayoutNode], _ availableWidth: Double, _ availableHeight: Double, _ widthModeIn: MeasureMode,
        _ heightModeIn: MeasureMode, _ ownerWidth: Double, _ ownerHeight: Double, _ dir: LayoutDirection
    ) -> FlexContainer {
        let marginRow = margin.horizontal, marginColumn = margin.vertical
        let pbRow = paddingAndBorder(row: true), pbColumn = paddingAndBorder(row: false)
        let mainAxis = currentStyle.flexDirection.resolved(dir)
        let crossAxis: FlexDirection = mainAxis.isRow ? .column : FlexDirection.row.resolved(dir)
        let isMainRow = mainAxis.isRow
        let isBaselineLayout = isMainRow && (currentStyle.alignItems == .baseline || baselineChildren > 0
            || (contentsChildren > 0 && items.contains { $0.currentStyle.alignsSelfToBaseline }))

        let minInnerWidth = resolveSize(currentStyle.minWidth, row: true, ownerWidth) - pbRow
        let maxInnerWidth = resolveSize(currentStyle.maxWidth, row: true, ownerWidth) - pbRow
        let minInnerHeight = resolveSize(currentStyle.minHeight, row: false, ownerHeight) - pbColumn
        let maxInnerHeight = resolveSize(currentStyle.maxHeight, row: false, ownerHeight) - pbColumn
        // Within min and max; without a min, at least 0 (padding wider than the node leaves an
        // empty content box, as in Yoga's calculateAvailableInnerDimension and CSS).
        var availableInnerWidth = availableWidth - marginRow - pbRow
        if !availableInnerWidth.isNaN {
            availableInnerWidth = maxDefined(minDefined(availableInnerWidth, maxInnerWidth), minInnerWidth.isNaN ? 0 : minInnerWidth)
        }
        var availableInnerHeight = availableHeight - marginColumn - pbColumn
        if !availableInnerHeight.isNaN {
            availableInnerHeight = maxDefined(minDefined(availableInnerHeight, maxInnerHeight), minInnerHeight.isNaN ? 0 : minInnerHeight)
        }
        let availableInnerMain = isMainRow ? availableInnerWidth : availableInnerHeight
        let availableInnerCross = isMainRow ? availableInnerHeight : availableInnerWidth

        let mainGapValue = isMainRow ? (currentStyle.columnGap.isDefined ? currentStyle.columnGap : currentStyle.gap)
            : (currentStyle.rowGap.isDefined ? currentStyle.rowGap : currentStyle.gap)
        let crossGapValue = isMainRow ? (currentStyle.rowGap.isDefined ? currentStyle.rowGap : currentStyle.gap)
            : (currentStyle.columnGap.isDefined ? currentStyle.columnGap : currentStyle.gap)
        let mainGap = max(0, { let v = mainGapValue.resolve(availableInnerMain); return v.isNaN ? 0 : v }())
        let crossGap = max(0, { let v = crossGapValue.resolve(availableInnerCross); return v.isNaN ? 0 : v }())

        return FlexContainer(
            mainAxis: mainAxis, crossAxis: crossAxis, isMainRow: isMainRow, isWrap: currentStyle.flexWrap != .noWrap,
            isBaselineLayout: isBaselineLayout, widthMode: widthModeIn, heightMode: heightModeIn,
            mainMode: isMainRow ? widthModeIn : heightModeIn, crossMode: isMainRow ? heightModeIn : widthModeIn,
            mainOwnerSize: isMainRow ? ownerWidth : ownerHeight, crossOwnerSize: isMainRow ? ownerHeight : ownerWidth,
            pbMain: isMainRow ? pbRow : pbColumn, pbCross: isMainRow ? pbColumn : pbRow,
            pbMainLeading: paddingAndBorder(mainAxis.leadingEdge), pbMainTrailing: paddingAndBorder(mainAxis.trailingEdge),
            pbCrossLeading: paddingAndBorder(crossAxis.leadingEdge),
            availableInnerWidth: availableInnerWidth, availableInnerHeight: availableInnerHeight,
            availableInnerMain: availableInnerMain, availableInnerCross: availableInnerCross,
            minInnerMain: isMainRow ? minInnerWidth : minInnerHeight, maxInnerMain: isMainRow ? maxInnerWidth : maxInnerHeight,
            mainGap: mainGap, crossGap: crossGap)
    }
}
