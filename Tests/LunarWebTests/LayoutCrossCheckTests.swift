import Foundation
import LunarLayout
import LunarUI
@testable import LunarWeb
import Testing

/// The browser lays out a style-only tree where `LunarLayout` does: a sample of trees, styled
/// with `StyleCSS` over lunar.css's defaults, in headless Chromium (Debian's, which
/// Scripts/bootstrap installs), each node's `getBoundingClientRect` against its computed frame.
@Suite(.timeLimit(.minutes(2))) struct LayoutCrossCheckTests {
    /// A node of a sample tree: its style keys and children.
    struct Tree {
        var style: [(String, StyleInput)]
        var children: [Tree] = []
    }

    static let samples: [Tree] = [
        // Column defaults: stretch across, stack down, no shrink.
        Tree(style: [("width", .number(300)), ("height", .number(200)), ("padding", .number(10))], children: [
            Tree(style: [("height", .number(40))]),
            Tree(style: [("height", .number(30)), ("marginTop", .number(5)), ("marginHorizontal", .number(20))]),
        ]),
        // flex: N is Yoga's flex (basis 0), in a row with a gap.
        Tree(style: [("width", .number(320)), ("height", .number(100)), ("flexDirection", .string("row")), ("gap", .number(10))], children: [
            Tree(style: [("flex", .number(1))]),
            Tree(style: [("flex", .number(2))]),
            Tree(style: [("width", .number(50))]),
        ]),
        // Centring and justification.
        Tree(style: [("width", .number(200)), ("height", .number(200)), ("alignItems", .string("center")), ("justifyContent", .string("space-between"))], children: [
            Tree(style: [("width", .number(50)), ("height", .number(20))]),
            Tree(style: [("width", .string("50%")), ("height", .number(30))]),
            Tree(style: [("width", .number(10)), ("height", .number(10)), ("alignSelf", .string("flex-end"))]),
        ]),
        // Wrapping rows, absolute positioning, aspect ratio, min and max, borders.
        Tree(style: [("width", .number(230)), ("height", .number(150)), ("flexDirection", .string("row")), ("flexWrap", .string("wrap")),
                     ("borderWidth", .number(5)), ("paddingLeft", .number(7))], children: [
            Tree(style: [("width", .number(100)), ("height", .number(40))]),
            Tree(style: [("width", .number(100)), ("aspectRatio", .number(2))]),
            Tree(style: [("width", .number(100)), ("height", .number(40)), ("maxWidth", .number(60))]),
            Tree(style: [("position", .string("absolute")), ("right", .number(10)), ("bottom", .number(10)), ("width", .number(30)), ("height", .number(30))]),
        ]),
        // Nesting with percentages and a shrinking child.
        Tree(style: [("width", .number(240)), ("height", .number(120)), ("flexDirection", .string("row"))], children: [
            Tree(style: [("width", .string("25%")), ("padding", .number(4))], children: [
                Tree(style: [("flexGrow", .number(1)), ("margin", .number(2))]),
            ]),
            Tree(style: [("width", .number(300)), ("flexShrink", .number(1)), ("minWidth", .number(40))]),
        ]),
    ]

    /// Builds the style, the layout node and the HTML of a tree; `frames` gets each node's key.
    func build(_ tree: Tree, key: String, html: inout String, nodes: inout [(String, LayoutNode)]) throws -> LayoutNode {
        var style = Style()
        for (name, value) in tree.style { try style.set(name, value) }
        let node = LayoutNode(style: style.layoutStyle())
        nodes.append((key, node))
        html += #"<div class="l l-View" data-k="\#(key)" style="\#(StyleCSS.declarations(for: style))">"#
        for (index, child) in tree.children.enumerated() {
            node.appendChild(try build(child, key: "\(key).\(index)", html: &html, nodes: &nodes))
        }
        html += "</div>"
        return node
    }

    @Test func theBrowserAgreesWithLunarLayout() throws {
        var body = ""
        var nodes: [(String, LayoutNode)] = []
        for (index, sample) in Self.samples.enumerated() {
            body += "<div style=\"position:relative;width:1000px;height:400px\">"
            let root = try build(sample, key: "t\(index)", html: &body, nodes: &nodes)
            root.calculateLayout(pointScaleFactor: 0)
            body += "</div>"
        }
        let measured = try ChromiumLayout.frames(body: body)
        #expect(measured.count == nodes.count)
        for (key, node) in nodes {
            let frame = node.frame
            let browser = try #require(measured[key], "\(key) not measured")
            let expected = [frame.left, frame.top, frame.width, frame.height]
            let close = zip(browser, expected).allSatisfy { abs($0 - $1) < 0.51 }
            #expect(close, "\(key): browser \(browser), LunarLayout \(expected)")
        }
    }
}
