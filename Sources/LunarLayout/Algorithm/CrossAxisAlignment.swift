// Placing the lines and the items on the cross axis (Yoga's steps 7 and 8).

extension LayoutNode {
    /// Step 8: the lines' cross offsets and sizes by align-content (a single line fills the container).
    @inline(__always) func alignLines(
        _ lines: inout [FlexLine], _ container: FlexContainer, containerInnerCross: Double, totalLinesCross: Double
    ) {
        let isWrap = container.isWrap, pbCrossLeading = container.pbCrossLeading, crossGap = container.crossGap
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
    }

    /// Step 7: each item's cross offset in its line by align-items, align-self and auto margins;
    /// a stretched item is laid out again at its line's cross size.
    @inline(__always) func alignItems(_ items: [LayoutNode], in lines: [FlexLine], _ container: FlexContainer, _ context: LayoutContext) {
        let isMainRow = container.isMainRow, crossAxis = container.crossAxis
        let availableInnerWidth = container.availableInnerWidth, availableInnerHeight = container.availableInnerHeight
        let availableInnerMain = container.availableInnerMain, availableInnerCross = container.availableInnerCross
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
    }
}
