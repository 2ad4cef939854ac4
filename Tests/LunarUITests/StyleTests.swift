import LunarLayout
import LunarUI
import Testing

@Suite("Style")
struct StyleTests {
    @Test("colours parse in every CSS form and print as hex")
    func colours() {
        #expect(Color(parsing: "#f00") == Color(red: 255, green: 0, blue: 0))
        #expect(Color(parsing: "#f008") == Color(red: 255, green: 0, blue: 0, alpha: 0x88))
        #expect(Color(parsing: "#FF6347") == Color(red: 255, green: 99, blue: 71))
        #expect(Color(parsing: "#ff634780")?.alpha == 0x80)
        #expect(Color(parsing: "rgb(1, 2, 3)") == Color(red: 1, green: 2, blue: 3))
        #expect(Color(parsing: "rgba(1,2,3,0.5)") == Color(red: 1, green: 2, blue: 3, alpha: 128))
        #expect(Color(parsing: "Tomato") == Color(red: 255, green: 99, blue: 71))
        #expect(Color(parsing: "rebeccapurple")?.hex == "#663399")
        #expect(Color(parsing: "transparent")?.isTransparent == true)
        #expect(Color(parsing: "rgba(1,2,3,0.5)")?.hex == "#01020380")
        for bad in ["#ff", "#ggg", "rgb(1,2)", "rgb(256,0,0)", "rgba(1,2,3,2)", "blu", "", "#12345"] {
            #expect(Color(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test("every key is checked: unknown keys suggest the nearest, bad values say what is expected")
    func checking() throws {
        var style = Style()
        try style.set("padding", .number(8))
        try style.set("width", .string("50%"))
        try style.set("margin", .string("auto"))
        try style.set("backgroundColor", .string("tomato"))
        try style.set("fontWeight", .number(700))
        try style.set("aspectRatio", .string("16/9"))
        #expect(style[.backgroundColor] == .color(Color(red: 255, green: 99, blue: 71)))
        #expect(style[.fontWeight] == .keyword("700"))
        #expect(style.description == ##"{aspectRatio = 1.7777777777777777, backgroundColor = "#ff6347", fontWeight = "700", margin = "auto", padding = 8, width = "50%"}"##)

        #expect(throws: StyleError("style: unknown style key 'colour' (did you mean 'color'?)")) { try style.set("colour", .string("red")) }
        #expect(throws: StyleError("style: unknown style key 'zzz'")) { try style.set("zzz", .number(1)) }
        #expect(throws: StyleError(#"style.padding must be a number >= 0 or a percentage such as "50%", got -1"#)) {
            try style.set("padding", .number(-1))
        }
        #expect(throws: StyleError(#"card.flexDirection must be one of "column", "row", "column-reverse", "row-reverse", got "rows""#)) {
            try style.set("flexDirection", .string("rows"), path: "card")
        }
        #expect(throws: StyleError("style.numberOfLines must be a whole number from 0 to 2147483647, got 1.5")) { try style.set("numberOfLines", .number(1.5)) }
        #expect(throws: StyleError("style.opacity must be a number from 0 to 1, got 2")) { try style.set("opacity", .number(2)) }
        #expect(throws: StyleError("style.color must be a colour (\"#rgb\", \"#rrggbb\", \"#rrggbbaa\", \"rgb(r, g, b)\", \"rgba(r, g, b, a)\" or a CSS name), got a table")) {
            try style.set("color", .other(typeName: "table"))
        }
        #expect(throws: StyleError("style.marginTop must be a number, a percentage such as \"50%\" or \"auto\", got \"1px\"")) {
            try style.set("marginTop", .string("1px"))
        }
    }

    @Test("layout keys become LunarLayout's style over the kind's defaults; visual keys stay out")
    func layoutStyle() throws {
        var style = Style()
        try style.set("paddingHorizontal", .number(16))
        try style.set("marginStart", .string("auto"))
        try style.set("borderBottomWidth", .number(1))
        try style.set("flex", .number(1))
        try style.set("justifyContent", .string("space-evenly"))
        try style.set("position", .string("absolute"))
        try style.set("top", .number(-4))
        try style.set("color", .string("red"))
        let base = LayoutStyle { $0.flexDirection = .row }
        let layout = style.layoutStyle(over: base)
        #expect(layout.flexDirection == .row)
        #expect(layout.padding.horizontal == .points(16))
        #expect(layout.margin.start == .auto)
        #expect(layout.border.bottom == .points(1))
        #expect(layout.flex == 1)
        #expect(layout.justifyContent == .spaceEvenly)
        #expect(layout.position == .absolute)
        #expect(layout.inset.top == .points(-4))
        #expect(StyleProperty.color.isLayout == false)
        #expect(StyleProperty(rawValue: "gap")?.isLayout == true)
    }

    @Test("a style in props diffs as one value")
    func inProps() throws {
        var old = Style()
        try old.set("padding", .number(8))
        var new = old
        try new.set("backgroundColor", .string("#000"))
        let before: Props = [.style: .style(old)]
        let after: Props = [.style: .style(new)]
        #expect(before != after)
        #expect(after[.style]?.styleValue?[.backgroundColor] == .color(Color(red: 0, green: 0, blue: 0)))
    }
}
