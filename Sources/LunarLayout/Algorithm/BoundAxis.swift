// Sizes resolved from the style and held within min and max (Yoga's BoundAxis and ResolveValue).

extension LayoutNode {
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
}
