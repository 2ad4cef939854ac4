// A leaf with a measure function, sized by its content (Yoga's measureNodeWithMeasureFunc).

extension LayoutNode {
    func measureLeaf(
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
        // No room on one axis still leaves the other to the content (a text at most 0 tall is as
        // wide as it is): measured, as Yoga measures it.
        context.counters.statistics.measureCallbacks += 1
        let size = measure(innerWidth, widthMode, innerHeight, heightMode)
        measuredWidth = boundAxis(
            row: true, widthMode == .exactly ? availableWidth - marginRow : size.width + pbRow, ownerWidth)
        measuredHeight = boundAxis(
            row: false, heightMode == .exactly ? availableHeight - marginColumn : size.height + pbColumn, ownerHeight)
    }
}
