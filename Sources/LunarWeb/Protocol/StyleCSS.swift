import LunarJSON
import LunarUI

/// A ``Style`` as CSS declarations, so that the browser lays out a tree as `LunarLayout` does.
///
/// The page gives every element React Native's defaults (`display:flex; flex-direction:column;
/// flex-shrink:0; box-sizing:border-box; position:relative; border:0 solid`, lunar.css); this
/// adds each set property over them. Lengths are CSS pixels (one point is one pixel), `flex: N`
/// means what Yoga means (N > 0: grow N, shrink 0, basis 0; N < 0: shrink -N), and keys that
/// set one CSS property resolve as in Yoga whatever order they were written in: all edges, then
/// horizontal/vertical, then one edge, then start/end; `gap` then `rowGap`/`columnGap`; `flex`
/// then `flexGrow`/`flexShrink`/`flexBasis`; later ones winning.
public enum StyleCSS {
    /// `padding:8px;background-color:#ff6347`: the declarations for `style`, without the defaults.
    public static func declarations(for style: Style) -> String {
        let ordered = style.entries.enumerated().sorted { a, b in
            let (ra, rb) = (rank(a.element.property.rawValue), rank(b.element.property.rawValue))
            return ra != rb ? ra < rb : a.offset < b.offset
        }
        var out: [String] = []
        for (_, entry) in ordered {
            out += declarations(entry.property.rawValue, entry.value)
        }
        return out.joined(separator: ";")
    }

    /// Where a key stands among the keys that set the same CSS property (LunarLayout's and Yoga's
    /// precedence: a shorthand first, the keys it stands for after it); 0 for every other key.
    private static func rank(_ name: String) -> Int {
        for prefix in ["margin", "padding", "border"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if rest == "" || rest == "Width" || rest == "Color" || rest == "Radius" { return 1 }
            if rest.hasPrefix("Horizontal") || rest.hasPrefix("Vertical") { return 2 }
            if rest.hasPrefix("Start") || rest.hasPrefix("End") { return 4 }
            return 3
        }
        switch name {
        case "start", "end": return 4
        case "left", "right", "top", "bottom": return 3
        // `gap` sets both gaps and `flex` grow, shrink and basis: the specific key wins.
        case "gap", "flex": return 1
        case "rowGap", "columnGap", "flexGrow", "flexShrink", "flexBasis": return 3
        default: return 0
        }
    }

    /// The CSS declarations for one key.
    static func declarations(_ name: String, _ value: StyleValue) -> [String] {
        let css = text(of: value, for: name)
        switch name {
        case "flex":
            let flex = value.number ?? 0
            if flex > 0 { return ["flex:\(JSONWriter.numberText(flex)) 0 0px"] }
            if flex < 0 { return ["flex:0 \(JSONWriter.numberText(-flex)) auto"] }
            return ["flex:0 0 auto"]
        case "marginHorizontal": return ["margin-left:\(css)", "margin-right:\(css)"]
        case "marginVertical": return ["margin-top:\(css)", "margin-bottom:\(css)"]
        case "paddingHorizontal": return ["padding-left:\(css)", "padding-right:\(css)"]
        case "paddingVertical": return ["padding-top:\(css)", "padding-bottom:\(css)"]
        case "borderHorizontalWidth": return ["border-left-width:\(css)", "border-right-width:\(css)"]
        case "borderVerticalWidth": return ["border-top-width:\(css)", "border-bottom-width:\(css)"]
        case "marginStart": return ["margin-inline-start:\(css)"]
        case "marginEnd": return ["margin-inline-end:\(css)"]
        case "paddingStart": return ["padding-inline-start:\(css)"]
        case "paddingEnd": return ["padding-inline-end:\(css)"]
        case "borderStartWidth": return ["border-inline-start-width:\(css)"]
        case "borderEndWidth": return ["border-inline-end-width:\(css)"]
        case "borderStartColor": return ["border-inline-start-color:\(css)"]
        case "borderEndColor": return ["border-inline-end-color:\(css)"]
        case "start": return ["inset-inline-start:\(css)"]
        case "end": return ["inset-inline-end:\(css)"]
        case "textDecorationLine": return ["text-decoration-line:\(css)"]
        default: return ["\(kebab(name)):\(css)"]
        }
    }

    /// The value as CSS: points as pixels where the key is a length, plain numbers otherwise.
    private static func text(of value: StyleValue, for name: String) -> String {
        switch value {
        case .number(let number):
            let unitless: Set<String> = ["flexGrow", "flexShrink", "opacity", "zIndex", "aspectRatio", "flex"]
            return JSONWriter.numberText(number) + (unitless.contains(name) ? "" : "px")
        case .percent(let percent): return JSONWriter.numberText(percent) + "%"
        case .auto: return "auto"
        case .keyword(let word):
            switch (name, word) {
            case ("overflow", "scroll"): return "auto"
            case ("textAlign", "auto"): return "start"
            case ("direction", "inherit"): return "inherit"
            default: return word
            }
        case .color(let color): return color.hex
        case .text(let text):
            // A font family is the one free-text key: quoted, with quotes and backslashes dropped.
            return "\"" + text.filter { $0 != "\"" && $0 != "\\" && $0 != ";" } + "\""
        }
    }

    /// `backgroundColor` → `background-color`.
    static func kebab(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase {
                out += "-" + character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }
}
