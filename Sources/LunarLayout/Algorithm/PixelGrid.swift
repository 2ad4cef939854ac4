// Rounding the unrounded layout to the pixel grid (Yoga's PixelGrid).

extension LayoutNode {
    /// Makes the next rounding visit every node under this one.
    func markLaidOutSinceRounding() {
        laidOutSinceRounding = true
        for child in children { child.markLaidOutSinceRounding() }
    }

    /// Rounds the unrounded results into `frame`, edges in absolute coordinates (as Yoga does),
    /// so adjacent siblings share an edge.
    func roundLayout(absoluteLeft: Double, absoluteTop: Double, scale: Double) {
        let left = positionLeft, top = positionTop
        // A subtree not laid out again that kept its size and moved by whole pixels (or not at all)
        // keeps its frames below this node: rounding moves every absolute edge in it by as much,
        // and frames are relative. Only this node's own offset may need rounding again.
        let inputs = RoundingInputs(absoluteLeft: absoluteLeft, absoluteTop: absoluteTop, scale: scale,
                                    left: left, top: top, width: measuredWidth, height: measuredHeight)
        if !laidOutSinceRounding, let last = roundedFrom, last.movedByWholePixels(to: inputs) {
            roundedFrom = inputs
            if left != last.left || top != last.top {
                let text = measure != nil
                frame.left = scale > 0 ? roundToGrid(left, scale, ceil: false, floor: text) : left
                frame.top = scale > 0 ? roundToGrid(top, scale, ceil: false, floor: text) : top
            }
            return
        }
        laidOutSinceRounding = false
        roundedFrom = inputs
        let nodeLeft = absoluteLeft + left, nodeTop = absoluteTop + top
        guard scale > 0 else {
            frame = LayoutFrame(left: left, top: top, width: measuredWidth, height: measuredHeight)
            for child in children { child.roundLayout(absoluteLeft: nodeLeft, absoluteTop: nodeTop, scale: scale) }
            return
        }
        let nodeRight = nodeLeft + measuredWidth, nodeBottom = nodeTop + measuredHeight
        let text = measure != nil
        let fractionalWidth = hasFraction(measuredWidth * scale)
        let fractionalHeight = hasFraction(measuredHeight * scale)
        frame.left = roundToGrid(left, scale, ceil: false, floor: text)
        frame.top = roundToGrid(top, scale, ceil: false, floor: text)
        frame.width = roundToGrid(nodeRight, scale, ceil: text && fractionalWidth, floor: text && !fractionalWidth)
            - roundToGrid(nodeLeft, scale, ceil: false, floor: text)
        frame.height = roundToGrid(nodeBottom, scale, ceil: text && fractionalHeight, floor: text && !fractionalHeight)
            - roundToGrid(nodeTop, scale, ceil: false, floor: text)
        for child in children {
            child.roundLayout(absoluteLeft: nodeLeft, absoluteTop: nodeTop, scale: scale)
        }
    }
}

struct RoundingInputs: Equatable {
    var absoluteLeft, absoluteTop, scale, left, top, width, height: Double

    /// The same unrounded size, its absolute origin at the same place or moved by whole pixels
    /// (any move when frames are not rounded).
    func movedByWholePixels(to other: RoundingInputs) -> Bool {
        guard scale == other.scale, width == other.width, height == other.height else { return false }
        let dx = ((other.absoluteLeft + other.left) - (absoluteLeft + left)) * scale
        let dy = ((other.absoluteTop + other.top) - (absoluteTop + top)) * scale
        if dx == 0 && dy == 0 { return true }
        return nearlyEqual(dx, dx.rounded()) && nearlyEqual(dy, dy.rounded())
    }
}

func hasFraction(_ value: Double) -> Bool {
    let fraction = value - value.rounded(.down)
    return !nearlyEqual(fraction, 0) && !nearlyEqual(fraction, 1)
}

func roundToGrid(_ value: Double, _ scale: Double, ceil: Bool, floor: Bool) -> Double {
    guard value.isFinite else { return value }
    var scaled = value * scale
    // A scale so large the product overflows (1e308) would give inf / inf = NaN: leave the value as laid out.
    guard scaled.isFinite else { return value }
    let fraction = scaled - scaled.rounded(.down)
    if nearlyEqual(fraction, 0) {
        scaled -= fraction
    } else if nearlyEqual(fraction, 1) {
        scaled = scaled - fraction + 1
    } else if ceil {
        scaled = scaled - fraction + 1
    } else if floor {
        scaled -= fraction
    } else {
        scaled = scaled - fraction + (fraction > 0.5 || nearlyEqual(fraction, 0.5) ? 1 : 0)
    }
    return scaled / scale
}
