import Foundation
import LunarBridge
import LunarLayout

/// `lunar.layout`: the flexbox engine (`LunarLayout`) from Lua. `compute(node, options)` lays out
/// a tree of `{ style = {...}, children = {...} }` tables, styles keyed as in React Native, and
/// returns the frames: `{ left, top, width, height, children = {...} }`.
enum LayoutModule {
    static let module = LuaModule("lunar.layout", summary: "Flexbox layout (Yoga's semantics) of a tree of styled nodes.") { m in
        m.function(
            "compute(node: table, options: table?): table",
            summary: "Lays out node ({style=, children=}) in options {width=, height=, direction=, scale=}; returns its frames {left=, top=, width=, height=, children=}."
        ) { (node: LuaValue, options: LuaValue?) throws -> LuaValue in
            let root = try LayoutTableReader.node(node, path: "node")
            let option = try LuaOptionTable(options, position: 2, allowed: ["width", "height", "direction", "scale"])
            let width = try LayoutTableReader.size(option.fields[.string("width")], name: "width")
            let height = try LayoutTableReader.size(option.fields[.string("height")], name: "height")
            var direction = LayoutDirection.ltr
            switch try option.string("direction") {
            case nil, "ltr": direction = .ltr
            case "rtl": direction = .rtl
            case let other?: throw LuaArgumentError(position: 2, problem: "option 'direction' must be \"ltr\" or \"rtl\", got \"\(other)\"")
            }
            let scale = try LayoutTableReader.size(option.fields[.string("scale")], name: "scale") ?? 1
            root.calculateLayout(width: width, height: height, direction: direction, pointScaleFactor: scale)
            return LayoutTableReader.frames(of: root)
        }
    }
}

/// Reads node tables and style tables into `LayoutNode`s; every error names the key and where it is.
enum LayoutTableReader {
    static func node(_ value: LuaValue, path: String) throws(LuaArgumentError) -> LayoutNode {
        guard case .table(let table) = value else {
            throw LuaArgumentError(position: 1, problem: "\(path) must be a table {style=, children=}, got \(value.typeName)")
        }
        for key in table.fields.keys where key != "style" && key != "children" {
            throw LuaArgumentError(position: 1, problem: "\(path): unknown key '\(key)' (a node has style and children)")
        }
        if !table.array.isEmpty {
            throw LuaArgumentError(position: 1, problem: "\(path): children go in its children field, not in the node's sequence")
        }
        let node = LayoutNode(style: try style(table.fields[.string("style")] ?? .nil, path: path + ".style"))
        switch table.fields[.string("children")] ?? .nil {
        case .nil: break
        case .table(let children) where children.fields.isEmpty:
            for (index, child) in children.array.enumerated() {
                node.appendChild(try self.node(child, path: "\(path).children[\(index + 1)]"))
            }
        case let other:
            throw LuaArgumentError(position: 1, problem: "\(path).children must be a sequence of nodes, got \(other.typeName)")
        }
        return node
    }

    static func size(_ value: LuaValue?, name: String) throws(LuaArgumentError) -> Double? {
        guard let value, !value.isNil else { return nil }
        guard let number = value.doubleValue, number.isFinite, number >= 0 else {
            throw LuaArgumentError(position: 2, problem: "option '\(name)' must be a number >= 0, got \(describe(value))")
        }
        return number
    }

    /// The frames of a laid-out tree as Lua tables (integral values as integers).
    static func frames(of node: LayoutNode) -> LuaValue {
        func number(_ value: Double) -> LuaValue {
            if let integer = Int(exactly: value) { return .integer(integer) }
            return .number(value)
        }
        let frame = node.frame
        let children = LuaTable(array: node.children.map { frames(of: $0) })
        return .table(LuaTable(fields: [
            "left": number(frame.left), "top": number(frame.top),
            "width": number(frame.width), "height": number(frame.height),
            "children": .table(children),
        ]))
    }

    private static func describe(_ value: LuaValue) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .integer, .number: "\(value)"
        default: value.typeName
        }
    }

    static func style(_ value: LuaValue, path: String) throws(LuaArgumentError) -> LayoutStyle {
        var style = LayoutStyle()
        let fields: [LuaKey: LuaValue]
        switch value {
        case .nil: return style
        case .table(let table) where table.array.isEmpty: fields = table.fields
        default: throw LuaArgumentError(position: 1, problem: "\(path) must be a table of style keys, got \(value.typeName)")
        }
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            guard case .string(let name) = key else {
                throw LuaArgumentError(position: 1, problem: "\(path): style keys are names, got \(key.typeName) key \(key)")
            }
            func fail(_ expected: String) -> LuaArgumentError {
                LuaArgumentError(position: 1, problem: "\(path).\(name) must be \(expected), got \(describe(value))")
            }
            func keyword<T>(_ table: [String: T]) throws(LuaArgumentError) -> T {
                if case .string(let text) = value, let result = table[text] { return result }
                throw fail("one of " + table.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))
            }
            func number() throws(LuaArgumentError) -> Double {
                guard let number = value.doubleValue, number.isFinite else { throw fail("a number") }
                return number
            }
            func length(auto allowsAuto: Bool, percent allowsPercent: Bool = true) throws(LuaArgumentError) -> LayoutValue {
                if let number = value.doubleValue, number.isFinite { return .points(number) }
                if case .string(let text) = value {
                    if allowsAuto, text == "auto" { return .auto }
                    if allowsPercent, text.hasSuffix("%"), let percent = Double(text.dropLast()), percent.isFinite {
                        return .percent(percent)
                    }
                }
                var forms = ["a number"]
                if allowsPercent { forms.append("a percentage such as \"50%\"") }
                if allowsAuto { forms.append("\"auto\"") }
                throw fail(forms.joined(separator: forms.count > 2 ? ", " : " or ").replacingLastComma())
            }
            let align: [String: LayoutAlign] = [
                "auto": .auto, "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd, "stretch": .stretch,
                "baseline": .baseline, "space-between": .spaceBetween, "space-around": .spaceAround, "space-evenly": .spaceEvenly,
            ]
            switch name {
            case "direction": style.direction = try keyword(["inherit": .inherit, "ltr": .ltr, "rtl": .rtl])
            case "flexDirection":
                style.flexDirection = try keyword(["row": .row, "row-reverse": .rowReverse, "column": .column, "column-reverse": .columnReverse])
            case "justifyContent":
                style.justifyContent = try keyword([
                    "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd, "space-between": .spaceBetween,
                    "space-around": .spaceAround, "space-evenly": .spaceEvenly,
                ])
            case "alignItems": style.alignItems = try keyword(align.filter { !$0.key.hasPrefix("space") && $0.key != "auto" })
            case "alignSelf": style.alignSelf = try keyword(align.filter { !$0.key.hasPrefix("space") })
            case "alignContent": style.alignContent = try keyword(align.filter { $0.key != "auto" && $0.key != "baseline" })
            case "flexWrap": style.flexWrap = try keyword(["nowrap": .noWrap, "wrap": .wrap, "wrap-reverse": .wrapReverse])
            case "flex": style.flex = try number()
            case "flexGrow": style.flexGrow = try number()
            case "flexShrink": style.flexShrink = try number()
            case "flexBasis": style.flexBasis = try length(auto: true)
            case "width": style.width = try length(auto: true)
            case "height": style.height = try length(auto: true)
            case "minWidth": style.minWidth = try length(auto: false)
            case "minHeight": style.minHeight = try length(auto: false)
            case "maxWidth": style.maxWidth = try length(auto: false)
            case "maxHeight": style.maxHeight = try length(auto: false)
            case "position": style.position = try keyword(["relative": .relative, "absolute": .absolute, "static": .static])
            case "top": style.inset.top = try length(auto: true)
            case "right": style.inset.right = try length(auto: true)
            case "bottom": style.inset.bottom = try length(auto: true)
            case "left": style.inset.left = try length(auto: true)
            case "start": style.inset.start = try length(auto: true)
            case "end": style.inset.end = try length(auto: true)
            case "gap": style.gap = try length(auto: false)
            case "rowGap": style.rowGap = try length(auto: false)
            case "columnGap": style.columnGap = try length(auto: false)
            case "aspectRatio":
                if case .string(let text) = value {
                    let parts = text.split(separator: "/").map { Double($0.trimmingCharacters(in: .whitespaces)) }
                    guard parts.count == 2, let w = parts[0], let h = parts[1], w > 0, h > 0 else {
                        throw fail("a number or a ratio such as \"16/9\"")
                    }
                    style.aspectRatio = w / h
                } else {
                    let ratio = try number()
                    guard ratio > 0 else { throw fail("a number > 0") }
                    style.aspectRatio = ratio
                }
            case "boxSizing": style.boxSizing = try keyword(["border-box": .borderBox, "content-box": .contentBox])
            case "display": style.display = try keyword(["flex": .flex, "none": .none, "contents": .contents])
            case "overflow": style.overflow = try keyword(["visible": .visible, "hidden": .hidden, "scroll": .scroll])
            default:
                if let edge = edgeName(name, prefix: "margin", suffix: "") {
                    setEdge(&style.margin, edge, try length(auto: true))
                } else if let edge = edgeName(name, prefix: "padding", suffix: "") {
                    setEdge(&style.padding, edge, try length(auto: false))
                } else if let edge = edgeName(name, prefix: "border", suffix: "Width") {
                    setEdge(&style.border, edge, try length(auto: false, percent: false))
                } else {
                    throw LuaArgumentError(position: 1, problem: "\(path): unknown style key '\(name)'")
                }
            }
        }
        return style
    }

    /// `marginTop` → "Top", `margin` → "", `borderStartWidth` → "Start"; nil when not that family.
    private static func edgeName(_ name: String, prefix: String, suffix: String) -> String? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count >= prefix.count + suffix.count else { return nil }
        let edge = String(name.dropFirst(prefix.count).dropLast(suffix.count))
        let known = ["", "Top", "Right", "Bottom", "Left", "Start", "End", "Horizontal", "Vertical"]
        guard known.contains(edge), suffix.isEmpty || !["Horizontal", "Vertical"].contains(edge) else { return nil }
        return edge
    }

    private static func setEdge(_ edges: inout LayoutEdges, _ edge: String, _ value: LayoutValue) {
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

private extension String {
    /// "a, b, c" → "a, b or c".
    func replacingLastComma() -> String {
        guard let range = range(of: ", ", options: .backwards) else { return self }
        return replacingCharacters(in: range, with: " or ")
    }
}
