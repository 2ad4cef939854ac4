import LunarLayout

extension ElementKind {
    /// Whether the element's default layout depends on its parent's axis (a `Divider`, a `Text`).
    var followsParentAxis: Bool { self == .divider || self == .text }

    /// Whether the renderer measures the element (its size comes from its content, through
    /// ``LayoutMetrics/measure``) rather than from its children.
    public var isMeasured: Bool {
        switch self {
        case .text, .button, .textField, .image, .switch, .activityIndicator: true
        case .column, .row, .list, .spacer, .divider, .view, .scrollView, .pressable: false
        }
    }

    /// The layout style an element of this kind has before its own `style` is laid over it
    /// (docs/renderer-protocol.md, "Frames"):
    ///
    /// - `Row`: `flexDirection = row`;
    /// - `Column`, `View`, `List`, `Pressable`: Yoga's defaults (a column);
    /// - `ScrollView`: `overflow = scroll` (its content is laid out unbounded along its axis),
    ///   a row when its `horizontal` prop is true;
    /// - `Spacer`: `flexGrow = 1`;
    /// - `Divider`: a hairline across its parent's axis (``LayoutMetrics/hairline``), stretched;
    /// - a virtualized `List` whose first mounted row is not the first (`firstIndex` > 0): a
    ///   leading padding of `firstIndex × estimatedItemSize`, standing for the rows not mounted,
    ///   so the mounted rows stay where the scroll offset expects them (with `overflow = scroll`,
    ///   so rows below a viewport the padding overfills keep their own size); the node adds a
    ///   minimum length of all its rows (``MountedNode``);
    /// - `Text` in a row: `flexShrink = 1`, so long text wraps instead of overflowing the row;
    /// - the other measured leaves: Yoga's defaults, sized by the renderer.
    func baseLayoutStyle(props: Props, parentIsRow: Bool, metrics: LayoutStyleMetrics) -> LayoutStyle {
        var style = LayoutStyle()
        switch self {
        case .row:
            style.flexDirection = .row
        case .scrollView:
            style.overflow = .scroll
            if props[.horizontal]?.boolValue == true { style.flexDirection = .row }
        case .spacer:
            style.flexGrow = 1
        case .divider:
            style.alignSelf = .stretch
            if parentIsRow {
                style.width = .points(metrics.hairline.width)
            } else {
                style.height = .points(metrics.hairline.height)
            }
        case .text:
            if parentIsRow { style.flexShrink = 1 }
        case .list:
            if let first = props[.firstIndex]?.intValue, first > 0 {
                let size: Double = switch props[.estimatedItemSize] {
                case .int(let value)?: Double(value)
                case .double(let value)?: value
                default: 44
                }
                let leading = LayoutValue.points(Double(first) * size)
                if props[.horizontal]?.boolValue == true { style.padding.start = leading } else { style.padding.top = leading }
                // The rows are laid out at their own size, however far below the viewport the padding puts them.
                style.overflow = .scroll
            }
        case .column, .view, .pressable, .button, .textField, .image, .switch, .activityIndicator:
            break
        }
        return style
    }
}

extension LayoutEdges {
    /// These edges with every positive width replaced by `unit` (`width` for the left, right,
    /// start and end edges, `height` for the top and bottom).
    func snapped(to unit: LayoutSize) -> LayoutEdges {
        func snap(_ value: LayoutValue, _ size: Double) -> LayoutValue {
            if case .points(let points) = value, points > 0 { return .points(size) }
            return value
        }
        var edges = self
        edges.left = snap(left, unit.width)
        edges.right = snap(right, unit.width)
        edges.start = snap(start, unit.width)
        edges.end = snap(end, unit.width)
        edges.horizontal = snap(horizontal, unit.width)
        edges.top = snap(top, unit.height)
        edges.bottom = snap(bottom, unit.height)
        edges.vertical = snap(vertical, unit.height)
        if case .points(let points) = all, points > 0 {
            // One value cannot be a cell's width and its height: split it into the two axes.
            if horizontal == .undefined { edges.horizontal = .points(unit.width) }
            if vertical == .undefined { edges.vertical = .points(unit.height) }
            edges.all = .undefined
        }
        return edges
    }
}
