import Foundation
import LunarJSON
import LunarLayout
import LunarTestSupport
import LunarUI
@testable import LunarWeb
import Testing

/// A random differential: style-only trees laid out by `LunarLayout` and by Chromium with the
/// page's CSS (`StyleCSS` over lunar.css), every node's frame compared within 0.5 px.
///
/// `swift test` runs a fixed seed and a few hundred trees; a longer run, by hand:
/// `LUNAR_LAYOUT_DIFFERENTIAL_TREES=5000 LUNAR_LAYOUT_DIFFERENTIAL_SEED=7 swift test --skip-build --filter LayoutDifferentialTests`
/// (it prints the agreement and the trees that differ).
@Suite(.timeLimit(.minutes(10))) struct LayoutDifferentialTests {
    typealias Tree = LayoutCrossCheckTests.Tree

    static func length(_ rng: inout SeededRandom, max: Int = 200, percent: Bool = true) -> StyleInput {
        if percent, Int.random(in: 0..<4, using: &rng) == 0 { return .string("\(Int.random(in: 0...100, using: &rng))%") }
        return .number(Double(Int.random(in: 0...max, using: &rng)))
    }

    static func style(_ rng: inout SeededRandom, root: Bool) -> [(String, StyleInput)] {
        var style: [(String, StyleInput)] = []
        func maybe(_ chance: Int) -> Bool { Int.random(in: 0..<chance, using: &rng) == 0 }
        func pick(_ key: String, _ words: [String]) { style.append((key, .string(words.randomElement(using: &rng)!))) }
        if maybe(2) { pick("flexDirection", ["row", "column", "row-reverse", "column-reverse"]) }
        if maybe(3) { pick("justifyContent", ["flex-start", "center", "flex-end", "space-between", "space-around", "space-evenly"]) }
        if maybe(3) { pick("alignItems", ["flex-start", "center", "flex-end", "stretch", "baseline"]) }
        if maybe(5) { pick("alignSelf", ["auto", "flex-start", "center", "flex-end", "stretch"]) }
        if maybe(5) { pick("alignContent", ["flex-start", "center", "flex-end", "stretch", "space-between", "space-around", "space-evenly"]) }
        if maybe(4) { pick("flexWrap", ["wrap", "wrap-reverse", "nowrap"]) }
        if maybe(6) { style.append(("flex", .number(Double(Int.random(in: -1...3, using: &rng))))) }
        if maybe(3) { style.append(("flexGrow", .number(Double(Int.random(in: 0...3, using: &rng))))) }
        if maybe(3) { style.append(("flexShrink", .number(Double(Int.random(in: 0...3, using: &rng))))) }
        if maybe(5) { style.append(("flexBasis", length(&rng))) }
        for key in ["width", "height"] where root || maybe(2) { style.append((key, root ? .number(Double(Int.random(in: 60...400, using: &rng))) : length(&rng))) }
        for key in ["minWidth", "minHeight", "maxWidth", "maxHeight"] where maybe(8) { style.append((key, length(&rng))) }
        for family in ["margin", "padding"] where maybe(3) {
            let edge = ["", "Horizontal", "Vertical", "Left", "Top", "Right", "Bottom", "Start", "End"].randomElement(using: &rng)!
            if family == "margin" && root { continue }
            style.append((family + edge, length(&rng, max: 20)))
        }
        if maybe(5) {
            let edge = ["", "Left", "Top", "Right", "Bottom", "Start", "End"].randomElement(using: &rng)!
            style.append(("border" + edge + "Width", .number(Double(Int.random(in: 0...8, using: &rng)))))
        }
        if !root, maybe(8) { style.append(("position", .string("absolute"))) }
        if !root, maybe(5) {
            for key in ["left", "top", "right", "bottom", "start", "end"] where maybe(3) { style.append((key, length(&rng, max: 40))) }
        }
        if maybe(4) { style.append((["gap", "rowGap", "columnGap"].randomElement(using: &rng)!, length(&rng, max: 20, percent: false))) }
        if maybe(10) { style.append(("aspectRatio", .number([0.5, 1, 2].randomElement(using: &rng)!))) }
        if !root, maybe(15) { style.append(("display", .string("none"))) }
        if maybe(10) { style.append(("overflow", .string("hidden"))) }
        if maybe(10) { pick("direction", ["ltr", "rtl"]) }
        return style
    }

    static func tree(_ rng: inout SeededRandom, depth: Int) -> Tree {
        var tree = Tree(style: style(&rng, root: depth == 0))
        let count = depth >= 3 ? 0 : Int.random(in: 0...(depth == 0 ? 4 : 3), using: &rng)
        for _ in 0..<count { tree.children.append(Self.tree(&rng, depth: depth + 1)) }
        return tree
    }

    static func describe(_ tree: Tree, _ indent: String = "") -> String {
        let style = tree.style.map { key, value in
            switch value {
            case .number(let n): "\(key)=\(JSONWriter.numberText(n))"
            case .string(let s): "\(key)=\"\(s)\""
            case .other(let t): "\(key)=<\(t)>"
            }
        }.joined(separator: ", ")
        return indent + "{ " + style + " }\n" + tree.children.map { describe($0, indent + "  ") }.joined()
    }

    @Test func randomTreesAgreeWithChromium() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = Int(environment["LUNAR_LAYOUT_DIFFERENTIAL_TREES"] ?? "") ?? 300
        let seed = UInt64(environment["LUNAR_LAYOUT_DIFFERENTIAL_SEED"] ?? "") ?? 34
        var rng = SeededRandom(seed: seed)
        let checker = LayoutCrossCheckTests()
        var trees: [(Tree, [(String, LayoutNode)])] = []
        var body = ""
        for index in 0..<count {
            let tree = Self.tree(&rng, depth: 0)
            var nodes: [(String, LayoutNode)] = []
            body += "<div style=\"position:relative;width:1000px;height:420px\">"
            let root = try checker.build(tree, key: "t\(index)", html: &body, nodes: &nodes)
            root.calculateLayout(pointScaleFactor: 0)
            body += "</div>"
            trees.append((tree, nodes))
        }
        let measured = try ChromiumLayout.frames(body: body)
        var differing: [Int] = []
        for (index, (tree, nodes)) in trees.enumerated() {
            var lines: [String] = []
            for (key, node) in nodes {
                let frame = node.frame
                let expected = [frame.left, frame.top, frame.width, frame.height]
                guard let browser = measured[key] else { lines.append("\(key) not measured"); continue }
                if !zip(browser, expected).allSatisfy({ abs($0 - $1) <= 0.5 }) {
                    lines.append("\(key): Chromium \(browser), LunarLayout \(expected)")
                }
            }
            if !lines.isEmpty {
                differing.append(index)
                if environment["LUNAR_LAYOUT_DIFFERENTIAL_VERBOSE"] != nil {
                    print("tree \(index):\n" + Self.describe(tree) + lines.joined(separator: "\n"))
                }
            }
        }
        let agreeing = count - differing.count
        print("layout differential, seed \(seed): \(agreeing) of \(count) trees agree within 0.5 px")
        #expect(Double(agreeing) >= Double(count) * Self.floor, "trees that differ: \(differing.prefix(40))")
    }

    /// The share of trees that agree, as measured (docs/web.md), less a margin for a Chromium update.
    static let floor = 0.3
}
