import Foundation
import LunarLayout
import Testing

/// A tree written as in Yoga's HTML fixtures (gentest/fixtures): each node's CSS style and
/// children, with the frames Yoga's generated tests expect for every node in depth-first order.
struct Fixture: CustomTestStringConvertible, Sendable {
    let name: String
    let root: FixtureNode
    let ltr: [[Double]]
    let rtl: [[Double]]?
    var width: Double?
    var height: Double?
    var scale: Double = 1

    init(_ name: String, _ root: FixtureNode, ltr: [[Double]], rtl: [[Double]]? = nil, width: Double? = nil, height: Double? = nil, scale: Double = 1) {
        self.name = name
        self.root = root
        self.ltr = ltr
        self.rtl = rtl
        self.width = width
        self.height = height
        self.scale = scale
    }

    var testDescription: String { name }

    /// Lays the tree out in a direction and returns every node's frame, depth first.
    func frames(_ direction: LayoutDirection) -> [[Double]] {
        let node = root.build()
        node.calculateLayout(width: width, height: height, direction: direction, pointScaleFactor: scale)
        var result: [[Double]] = []
        func visit(_ n: LayoutNode) {
            result.append([n.frame.left, n.frame.top, n.frame.width, n.frame.height])
            for child in n.children { visit(child) }
        }
        visit(node)
        return result
    }

    func check() {
        #expect(frames(.ltr) == ltr, "ltr \(name)")
        if let rtl { #expect(frames(.rtl) == rtl, "rtl \(name)") }
    }
}

struct FixtureNode: Sendable {
    let css: String
    let children: [FixtureNode]
    /// A measure function giving this fixed size (Yoga's tests use such leaves).
    var measured: LayoutSize?
    /// Text measured as Yoga's test utilities measure it (`IntrinsicSizeMeasure`).
    var text: String?

    func build() -> LayoutNode {
        let style = parseCSS(css)
        let node = LayoutNode(style: style, children: children.map { $0.build() })
        if let measured {
            node.measure = { _, _, _, _ in measured }
        }
        if let text {
            let column = style.flexDirection == .column
            node.measure = { width, widthMode, height, heightMode in
                monospaceText(text, column: column, width, widthMode, height, heightMode)
            }
        }
        return node
    }
}

/// A text leaf: `t("flex-direction: row", "Lorem ipsum")`.
func t(_ css: String, _ text: String) -> FixtureNode {
    FixtureNode(css: css, children: [], text: text)
}

/// Yoga's test text: every character 10 by 10, lines broken at spaces; a word longer than the
/// line takes a line of its own. A row-direction leaf is never narrower than its longest word.
func monospaceText(_ text: String, column: Bool, _ width: Double, _ widthMode: MeasureMode,
                   _ height: Double, _ heightMode: MeasureMode) -> LayoutSize {
    let natural = Double(text.count) * 10
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    let longestWord = Double(words.map(\.count).max() ?? 0) * 10
    let measuredWidth: Double
    switch widthMode {
    case .exactly: measuredWidth = width
    case .atMost: measuredWidth = min(natural, width)
    case .undefined: measuredWidth = natural
    }
    func textHeight(_ lineWidth: Double) -> Double {
        if natural <= lineWidth { return 10 }
        var lines = 1.0, current = 0.0
        for word in words {
            let wordWidth = Double(word.count) * 10
            if wordWidth > lineWidth {
                if current > 0 { lines += 1 }
                lines += 1
                current = 0
            } else if current + wordWidth <= lineWidth {
                current += wordWidth + 10
            } else {
                lines += 1
                current = wordWidth + 10
            }
        }
        return (current == 0 ? lines - 1 : lines) * 10
    }
    let lineWidth = column ? measuredWidth : max(longestWord, measuredWidth)
    switch heightMode {
    case .exactly: return LayoutSize(width: measuredWidth, height: height)
    case .atMost: return LayoutSize(width: measuredWidth, height: min(textHeight(lineWidth), height))
    case .undefined: return LayoutSize(width: measuredWidth, height: textHeight(lineWidth))
    }
}

/// A node: `n("width: 100px; flex-direction: row", n("width: 10px"), ...)`.
func n(_ css: String, _ children: FixtureNode...) -> FixtureNode {
    FixtureNode(css: css, children: children)
}

func parseValue(_ text: String) -> LayoutValue {
    let t = text.trimmingCharacters(in: .whitespaces)
    if t == "auto" { return .auto }
    if t == "max-content" { return .maxContent }
    if t == "fit-content" { return .fitContent }
    if t == "stretch" || t == "-webkit-fill-available" { return .stretch }
    if t.hasSuffix("%") { return .percent(Double(t.dropLast())!) }
    if t.hasSuffix("px") { return .points(Double(t.dropLast(2))!) }
    return .points(Double(t)!)
}

/// The subset of CSS the fixtures use, mapped onto LayoutStyle.
func parseCSS(_ css: String) -> LayoutStyle {
    var s = LayoutStyle()
    for declaration in css.split(separator: ";") {
        let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else { continue }
        let key = parts[0], value = parts[1]
        func edge(_ edges: inout LayoutEdges, _ suffix: String) {
            let v = parseValue(value)
            switch suffix {
            case "": edges.all = v
            case "left": edges.left = v
            case "right": edges.right = v
            case "top": edges.top = v
            case "bottom": edges.bottom = v
            case "start": edges.start = v
            case "end": edges.end = v
            case "horizontal": edges.horizontal = v
            case "vertical": edges.vertical = v
            default: Issue.record("unknown edge \(suffix)")
            }
        }
        switch key {
        case "direction": s.direction = value == "rtl" ? .rtl : value == "ltr" ? .ltr : .inherit
        case "flex-direction":
            s.flexDirection = ["row": .row, "row-reverse": .rowReverse, "column": .column, "column-reverse": .columnReverse][value]!
        case "justify-content":
            s.justifyContent = ["flex-start": .flexStart, "center": .center, "flex-end": .flexEnd, "space-between": .spaceBetween,
                                "space-around": .spaceAround, "space-evenly": .spaceEvenly][value]!
        case "align-items", "align-self", "align-content":
            let a: LayoutAlign = ["auto": .auto, "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd, "stretch": .stretch,
                                  "baseline": .baseline, "space-between": .spaceBetween, "space-around": .spaceAround,
                                  "space-evenly": .spaceEvenly][value]!
            if key == "align-items" { s.alignItems = a } else if key == "align-self" { s.alignSelf = a } else { s.alignContent = a }
        case "flex-wrap": s.flexWrap = ["nowrap": .noWrap, "wrap": .wrap, "wrap-reverse": .wrapReverse][value]!
        case "flex": s.flex = Double(value)!
        case "flex-grow": s.flexGrow = Double(value)!
        case "flex-shrink": s.flexShrink = Double(value)!
        case "flex-basis": s.flexBasis = parseValue(value)
        case "width": s.width = parseValue(value)
        case "height": s.height = parseValue(value)
        case "min-width": s.minWidth = parseValue(value)
        case "min-height": s.minHeight = parseValue(value)
        case "max-width": s.maxWidth = parseValue(value)
        case "max-height": s.maxHeight = parseValue(value)
        case "position": s.position = ["absolute": .absolute, "relative": .relative, "static": .static][value]!
        case "left", "right", "top", "bottom", "start", "end": edge(&s.inset, key)
        case "gap": s.gap = parseValue(value)
        case "row-gap": s.rowGap = parseValue(value)
        case "column-gap": s.columnGap = parseValue(value)
        case "aspect-ratio":
            let ratio = value.split(separator: "/").map { Double($0.trimmingCharacters(in: .whitespaces))! }
            s.aspectRatio = ratio.count == 2 ? ratio[0] / ratio[1] : ratio[0]
        case "box-sizing": s.boxSizing = value == "content-box" ? .contentBox : .borderBox
        case "display": s.display = ["none": .none, "flex": .flex, "contents": .contents][value]!
        case "overflow": s.overflow = ["visible": .visible, "hidden": .hidden, "scroll": .scroll][value]!
        default:
            if key.hasPrefix("margin") {
                edge(&s.margin, String(key.dropFirst("margin".count).drop { $0 == "-" }))
            } else if key.hasPrefix("padding") {
                edge(&s.padding, String(key.dropFirst("padding".count).drop { $0 == "-" }))
            } else if key.hasPrefix("border") && key.hasSuffix("width") {
                let middle = key.dropFirst("border".count).dropLast("width".count).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
                edge(&s.border, middle)
            } else {
                Issue.record("unknown CSS property \(key)")
            }
        }
    }
    return s
}
