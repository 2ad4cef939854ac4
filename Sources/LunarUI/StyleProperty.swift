/// The name of a style property: one of React Native's style keys that Lunar knows.
///
/// Unlike ``PropName`` the set is closed: ``init(named:)`` refuses a name it does not know,
/// so a typo in a script is an error at the element that has it, with a suggestion.
public struct StyleProperty: RawRepresentable, Hashable, Comparable, Sendable {
    /// The key as a script writes it (`"backgroundColor"`).
    public let rawValue: String

    /// The property called `rawValue`, or nil when there is none.
    public init?(rawValue: String) {
        guard Self.kinds[rawValue] != nil else { return nil }
        self.rawValue = rawValue
    }

    private init(known name: String) { rawValue = name }

    public static func < (lhs: StyleProperty, rhs: StyleProperty) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Every property, in name order.
    public static let all: [StyleProperty] = kinds.keys.sorted().map { StyleProperty(known: $0) }

    /// Whether the property positions or sizes boxes (a `LunarLayout` key) rather than painting.
    public var isLayout: Bool { Self.layoutNames.contains(rawValue) }

    // MARK: The properties renderers read themselves

    /// The text colour (inherited by nested text in renderers that nest text).
    public static let color = StyleProperty(known: "color")
    /// The colour filling the element's box.
    public static let backgroundColor = StyleProperty(known: "backgroundColor")
    /// The colour of every border edge, unless an edge sets its own.
    public static let borderColor = StyleProperty(known: "borderColor")
    /// Per-edge border colours.
    public static let borderTopColor = StyleProperty(known: "borderTopColor")
    public static let borderRightColor = StyleProperty(known: "borderRightColor")
    public static let borderBottomColor = StyleProperty(known: "borderBottomColor")
    public static let borderLeftColor = StyleProperty(known: "borderLeftColor")
    public static let borderStartColor = StyleProperty(known: "borderStartColor")
    public static let borderEndColor = StyleProperty(known: "borderEndColor")
    /// `solid`, `dotted` or `dashed`.
    public static let borderStyle = StyleProperty(known: "borderStyle")
    /// Corner radius in points (and per corner below).
    public static let borderRadius = StyleProperty(known: "borderRadius")
    public static let borderTopLeftRadius = StyleProperty(known: "borderTopLeftRadius")
    public static let borderTopRightRadius = StyleProperty(known: "borderTopRightRadius")
    public static let borderBottomLeftRadius = StyleProperty(known: "borderBottomLeftRadius")
    public static let borderBottomRightRadius = StyleProperty(known: "borderBottomRightRadius")
    /// 0 (invisible) to 1 (opaque).
    public static let opacity = StyleProperty(known: "opacity")
    /// Stacking order among siblings (higher is in front).
    public static let zIndex = StyleProperty(known: "zIndex")
    /// Text size in points.
    public static let fontSize = StyleProperty(known: "fontSize")
    /// `normal`, `bold` or `100` to `900`.
    public static let fontWeight = StyleProperty(known: "fontWeight")
    /// `normal` or `italic`.
    public static let fontStyle = StyleProperty(known: "fontStyle")
    /// A font family name the renderer resolves.
    public static let fontFamily = StyleProperty(known: "fontFamily")
    /// `auto`, `left`, `right`, `center` or `justify`.
    public static let textAlign = StyleProperty(known: "textAlign")
    /// `none`, `underline`, `line-through` or `underline line-through`.
    public static let textDecorationLine = StyleProperty(known: "textDecorationLine")
    /// `none`, `uppercase`, `lowercase` or `capitalize`.
    public static let textTransform = StyleProperty(known: "textTransform")
    /// The height of a line of text in points.
    public static let lineHeight = StyleProperty(known: "lineHeight")
    /// Extra space between characters in points.
    public static let letterSpacing = StyleProperty(known: "letterSpacing")
    /// The most lines a text shows (0: no limit); the rest is cut with an ellipsis.
    public static let numberOfLines = StyleProperty(known: "numberOfLines")
    /// What an element whose content overflows does: `visible`, `hidden` or `scroll`.
    public static let overflow = StyleProperty(known: "overflow")
    /// `flex` or `none` (hidden, taking no space).
    public static let display = StyleProperty(known: "display")

    // MARK: Kinds of values

    /// What values a property takes.
    enum Kind {
        /// Points; optionally `"auto"`, percentages, negative numbers and the intrinsic size
        /// keywords (`"max-content"`, `"fit-content"`, `"stretch"`).
        case length(auto: Bool, percent: Bool, negative: Bool, intrinsic: Bool = false)
        /// A number in `range`.
        case number(ClosedRange<Double>)
        /// One of these words.
        case keywords([String])
        case color
        case fontWeight
        /// A whole number from 0 to ``StyleProperty/maxCount``.
        case count
        /// A positive number or `"w/h"`.
        case aspectRatio
        case text
    }

    /// The intrinsic size keywords a size, its min and max and `flexBasis` take.
    static let intrinsicSizes = ["max-content", "fit-content", "stretch"]

    static let align = ["auto", "flex-start", "center", "flex-end", "stretch", "baseline",
                        "space-between", "space-around", "space-evenly"]

    /// The largest magnitude of a length, a percentage or a plain style number (1e9; the same
    /// bound as a script's lengths elsewhere, `LuaNumberRange.maxLength`). Past it a value is
    /// refused where the style is checked: a layout of 1e300 points overflowed every
    /// conversion a renderer makes of it.
    public static let maxMagnitude = 1e9

    /// The largest count (`numberOfLines`): `Int32.max`, as `LuaNumberRange.maxCount`.
    public static let maxCount = 2_147_483_647.0

    static let kinds: [String: Kind] = {
        let any = -maxMagnitude...maxMagnitude
        let nonNegative = 0...maxMagnitude
        var kinds: [String: Kind] = [
            "direction": .keywords(["inherit", "ltr", "rtl"]),
            "flexDirection": .keywords(["column", "row", "column-reverse", "row-reverse"]),
            "justifyContent": .keywords(["flex-start", "center", "flex-end", "space-between", "space-around", "space-evenly"]),
            "alignItems": .keywords(align.filter { !$0.hasPrefix("space") && $0 != "auto" }),
            "alignSelf": .keywords(align.filter { !$0.hasPrefix("space") }),
            "alignContent": .keywords(align.filter { $0 != "auto" && $0 != "baseline" }),
            "flexWrap": .keywords(["nowrap", "wrap", "wrap-reverse"]),
            "flex": .number(any),
            "flexGrow": .number(nonNegative),
            "flexShrink": .number(nonNegative),
            "flexBasis": .length(auto: true, percent: true, negative: false, intrinsic: true),
            "width": .length(auto: true, percent: true, negative: false, intrinsic: true),
            "height": .length(auto: true, percent: true, negative: false, intrinsic: true),
            "minWidth": .length(auto: false, percent: true, negative: false, intrinsic: true),
            "minHeight": .length(auto: false, percent: true, negative: false, intrinsic: true),
            "maxWidth": .length(auto: false, percent: true, negative: false, intrinsic: true),
            "maxHeight": .length(auto: false, percent: true, negative: false, intrinsic: true),
            "position": .keywords(["relative", "absolute", "static"]),
            "gap": .length(auto: false, percent: true, negative: false),
            "rowGap": .length(auto: false, percent: true, negative: false),
            "columnGap": .length(auto: false, percent: true, negative: false),
            "aspectRatio": .aspectRatio,
            "boxSizing": .keywords(["border-box", "content-box"]),
            "display": .keywords(["flex", "none", "contents"]),
            "overflow": .keywords(["visible", "hidden", "scroll"]),
            "color": .color, "backgroundColor": .color, "borderColor": .color,
            "borderStyle": .keywords(["solid", "dotted", "dashed"]),
            "borderRadius": .number(nonNegative),
            "borderTopLeftRadius": .number(nonNegative), "borderTopRightRadius": .number(nonNegative),
            "borderBottomLeftRadius": .number(nonNegative), "borderBottomRightRadius": .number(nonNegative),
            "opacity": .number(0...1),
            "zIndex": .number(any),
            "fontSize": .number(nonNegative),
            "fontWeight": .fontWeight,
            "fontStyle": .keywords(["normal", "italic"]),
            "fontFamily": .text,
            "textAlign": .keywords(["auto", "left", "right", "center", "justify"]),
            "textDecorationLine": .keywords(["none", "underline", "line-through", "underline line-through"]),
            "textTransform": .keywords(["none", "uppercase", "lowercase", "capitalize"]),
            "lineHeight": .number(nonNegative),
            "letterSpacing": .number(any),
            "numberOfLines": .count,
        ]
        for edge in ["top", "right", "bottom", "left", "start", "end"] {
            kinds[edge] = .length(auto: true, percent: true, negative: true)
        }
        for edge in edges {
            kinds["margin" + edge] = .length(auto: true, percent: true, negative: true)
            kinds["padding" + edge] = .length(auto: false, percent: true, negative: false)
            if edge != "Horizontal" && edge != "Vertical" {
                kinds["border" + edge + "Width"] = .length(auto: false, percent: false, negative: false)
                if !edge.isEmpty { kinds["border" + edge + "Color"] = .color }
            }
        }
        return kinds
    }()

    /// The edge forms of margin, padding and border: `margin`, `marginTop`, ..., `marginVertical`.
    static let edges = ["", "Top", "Right", "Bottom", "Left", "Start", "End", "Horizontal", "Vertical"]

    static let layoutNames: Set<String> = {
        var names: Set<String> = [
            "direction", "flexDirection", "justifyContent", "alignItems", "alignSelf", "alignContent", "flexWrap",
            "flex", "flexGrow", "flexShrink", "flexBasis", "width", "height", "minWidth", "minHeight", "maxWidth",
            "maxHeight", "position", "top", "right", "bottom", "left", "start", "end", "gap", "rowGap", "columnGap",
            "aspectRatio", "boxSizing", "display", "overflow",
        ]
        for edge in edges {
            names.insert("margin" + edge)
            names.insert("padding" + edge)
            if edge != "Horizontal" && edge != "Vertical" { names.insert("border" + edge + "Width") }
        }
        return names
    }()

    var kind: Kind { Self.kinds[rawValue]! }
}

extension StyleProperty: CustomStringConvertible {
    /// The key.
    public var description: String { rawValue }
}

/// A value as a script gave it, before it is checked against a property.
public enum StyleInput: Sendable {
    /// A Lua number.
    case number(Double)
    /// A Lua string.
    case string(String)
    /// Any other Lua value, by its type name (`"table"`, `"boolean"`).
    case other(typeName: String)
}

/// A style key or value a script got wrong; `message` names the key and what it takes.
public struct StyleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong: `style.padding must be a number or a percentage such as "50%", got "big"`.
    public var message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

extension Style {
    /// Checks `value` for the key `name` and sets it; `path` names the style in errors
    /// (`"style"`, `"node.children[2].style"`).
    public mutating func set(_ name: String, _ value: StyleInput, path: String = "style") throws(StyleError) {
        guard let property = StyleProperty(rawValue: name) else {
            var message = "\(path): unknown style key '\(name)'"
            if let suggestion = StyleProperty.suggestion(for: name) { message += " (did you mean '\(suggestion)'?)" }
            throw StyleError(message)
        }
        self[property] = try property.value(from: value, path: path)
    }
}

extension StyleProperty {
    /// `input` checked against this property.
    func value(from input: StyleInput, path: String) throws(StyleError) -> StyleValue {
        func fail(_ expected: String) -> StyleError {
            let got: String
            switch input {
            case .number(let number): got = StyleValue.number(number).description
            case .string(let text): got = quoted(text)
            case .other(let typeName): got = "a " + typeName
            }
            return StyleError("\(path).\(rawValue) must be \(expected), got \(got)")
        }
        // One rule for every length, percentage and style number: magnitude at most 1e9.
        func tooLarge() -> StyleError {
            fail("within ±1e9")
        }
        switch kind {
        case .length(let allowsAuto, let allowsPercent, let allowsNegative, let allowsIntrinsic):
            var forms = [allowsNegative ? "a number" : "a number >= 0"]
            if allowsPercent { forms.append("a percentage such as \"50%\"") }
            if allowsAuto { forms.append("\"auto\"") }
            if allowsIntrinsic { forms += Self.intrinsicSizes.map(quoted) }
            let expected = forms.count == 1 ? forms[0] : forms.dropLast().joined(separator: ", ") + " or " + forms.last!
            switch input {
            case .number(let number) where number.isFinite && (allowsNegative || number >= 0):
                guard abs(number) <= Self.maxMagnitude else { throw tooLarge() }
                return .number(number)
            case .string("auto") where allowsAuto:
                return .auto
            case .string(let text) where allowsIntrinsic && Self.intrinsicSizes.contains(text):
                return .keyword(text)
            case .string(let text) where allowsPercent && text.hasSuffix("%"):
                guard let percent = Double(text.dropLast()), percent.isFinite, allowsNegative || percent >= 0 else {
                    throw fail(expected)
                }
                guard abs(percent) <= Self.maxMagnitude else { throw tooLarge() }
                return .percent(percent)
            default:
                throw fail(expected)
            }
        case .number(let range):
            guard case .number(let number) = input, number.isFinite, range.contains(number) else {
                if range.lowerBound == 0, range.upperBound == 1 { throw fail("a number from 0 to 1") }
                if case .number(let number) = input, number.isFinite, abs(number) > Self.maxMagnitude { throw tooLarge() }
                throw fail(range.lowerBound == 0 ? "a number >= 0" : "a number")
            }
            return .number(number)
        case .keywords(let words):
            guard case .string(let text) = input, words.contains(text) else {
                throw fail("one of " + words.map(quoted).joined(separator: ", "))
            }
            return .keyword(text)
        case .color:
            guard case .string(let text) = input, let color = Color(parsing: text) else {
                throw fail("a colour (\"#rgb\", \"#rrggbb\", \"#rrggbbaa\", \"rgb(r, g, b)\", \"rgba(r, g, b, a)\" or a CSS name)")
            }
            return .color(color)
        case .count:
            guard case .number(let number) = input, number >= 0, number <= Self.maxCount, number.rounded() == number else {
                throw fail("a whole number from 0 to 2147483647")
            }
            return .number(number)
        case .fontWeight:
            let weights = ["100", "200", "300", "400", "500", "600", "700", "800", "900"]
            switch input {
            case .string(let text) where text == "normal" || text == "bold" || weights.contains(text):
                return .keyword(text)
            // Range first: `Int(1e300)` traps.
            case .number(let number) where number >= 100 && number <= 900 && number.rounded() == number
                && weights.contains(String(Int(number))):
                return .keyword(String(Int(number)))
            default:
                throw fail("\"normal\", \"bold\" or a weight from 100 to 900")
            }
        case .aspectRatio:
            switch input {
            case .number(let number) where number > 0 && number <= Self.maxMagnitude && 1 / number <= Self.maxMagnitude:
                return .number(number)
            case .string(let text):
                let parts = text.split(separator: "/").map { Double(String($0).trimmingSpaces()) }
                guard parts.count == 2, let width = parts[0], let height = parts[1], width > 0, height > 0,
                      width <= Self.maxMagnitude, height <= Self.maxMagnitude,
                      width / height <= Self.maxMagnitude, height / width <= Self.maxMagnitude else {
                    throw fail("a number > 0 or a ratio such as \"16/9\"")
                }
                return .number(width / height)
            default:
                throw fail("a number > 0 or a ratio such as \"16/9\"")
            }
        case .text:
            guard case .string(let text) = input else { throw fail("a string") }
            return .text(text)
        }
    }

    /// The known key closest to `name` (at most two edits away), for "did you mean".
    static func suggestion(for name: String) -> String? {
        NameSuggestion.nearest(to: name, among: kinds.keys)
    }
}
