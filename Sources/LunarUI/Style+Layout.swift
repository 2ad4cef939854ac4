import LunarLayout

extension Style {
    /// The layout keys of this style as `LunarLayout`'s style; the visual keys are left out.
    /// `base` holds the element kind's own defaults (a `Row` lays out in a row), which the
    /// style's keys override.
    public func layoutStyle(over base: LayoutStyle = LayoutStyle()) -> LayoutStyle {
        var style = base
        for entry in entries where entry.property.isLayout {
            Self.apply(entry.property.rawValue, entry.value, to: &style)
        }
        return style
    }

    private static func length(_ value: StyleValue) -> LayoutValue {
        switch value {
        case .number(let points): .points(points)
        case .percent(let percent): .percent(percent)
        case .auto: .auto
        case .keyword("max-content"): .maxContent
        case .keyword("fit-content"): .fitContent
        case .keyword("stretch"): .stretch
        case .keyword, .color, .text: .undefined
        }
    }

    private static func align(_ word: String) -> LayoutAlign {
        switch word {
        case "flex-start": .flexStart
        case "center": .center
        case "flex-end": .flexEnd
        case "stretch": .stretch
        case "baseline": .baseline
        case "space-between": .spaceBetween
        case "space-around": .spaceAround
        case "space-evenly": .spaceEvenly
        default: .auto
        }
    }

    private static func apply(_ name: String, _ value: StyleValue, to style: inout LayoutStyle) {
        let word = value.keyword ?? ""
        switch name {
        case "direction": style.direction = word == "rtl" ? .rtl : word == "ltr" ? .ltr : .inherit
        case "flexDirection":
            style.flexDirection = switch word {
            case "row": .row
            case "row-reverse": .rowReverse
            case "column-reverse": .columnReverse
            default: .column
            }
        case "justifyContent":
            style.justifyContent = switch word {
            case "center": .center
            case "flex-end": .flexEnd
            case "space-between": .spaceBetween
            case "space-around": .spaceAround
            case "space-evenly": .spaceEvenly
            default: .flexStart
            }
        case "alignItems": style.alignItems = align(word)
        case "alignSelf": style.alignSelf = align(word)
        case "alignContent": style.alignContent = align(word)
        case "flexWrap": style.flexWrap = word == "wrap" ? .wrap : word == "wrap-reverse" ? .wrapReverse : .noWrap
        case "flex": style.flex = value.number
        case "flexGrow": style.flexGrow = value.number
        case "flexShrink": style.flexShrink = value.number
        case "flexBasis": style.flexBasis = length(value)
        case "width": style.width = length(value)
        case "height": style.height = length(value)
        case "minWidth": style.minWidth = length(value)
        case "minHeight": style.minHeight = length(value)
        case "maxWidth": style.maxWidth = length(value)
        case "maxHeight": style.maxHeight = length(value)
        case "position": style.position = word == "absolute" ? .absolute : word == "static" ? .static : .relative
        case "top": style.inset.top = length(value)
        case "right": style.inset.right = length(value)
        case "bottom": style.inset.bottom = length(value)
        case "left": style.inset.left = length(value)
        case "start": style.inset.start = length(value)
        case "end": style.inset.end = length(value)
        case "gap": style.gap = length(value)
        case "rowGap": style.rowGap = length(value)
        case "columnGap": style.columnGap = length(value)
        case "aspectRatio": style.aspectRatio = value.number
        case "boxSizing": style.boxSizing = word == "content-box" ? .contentBox : .borderBox
        case "display": style.display = word == "none" ? .none : word == "contents" ? .contents : .flex
        case "overflow": style.overflow = word == "hidden" ? .hidden : word == "scroll" ? .scroll : .visible
        default:
            if let edge = edge(of: name, prefix: "margin", suffix: "") {
                set(&style.margin, edge, length(value))
            } else if let edge = edge(of: name, prefix: "padding", suffix: "") {
                set(&style.padding, edge, length(value))
            } else if let edge = edge(of: name, prefix: "border", suffix: "Width") {
                set(&style.border, edge, length(value))
            }
        }
    }

    /// `marginTop` → "Top", `margin` → "", `borderStartWidth` → "Start"; nil when not that family.
    private static func edge(of name: String, prefix: String, suffix: String) -> String? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count >= prefix.count + suffix.count else { return nil }
        let edge = String(name.dropFirst(prefix.count).dropLast(suffix.count))
        return StyleProperty.edges.contains(edge) ? edge : nil
    }

    private static func set(_ edges: inout LayoutEdges, _ edge: String, _ value: LayoutValue) {
        switch edge {
        case "": edges.all = value
        case "Top": edges.top = value
        case "Right": edges.right = value
        case "Bottom": edges.bottom = value
        case "Left": edges.left = value
        case "Start": edges.start = value
        case "End": edges.end = value
        case "Horizontal": edges.horizontal = value
        default: edges.vertical = value
        }
    }
}
