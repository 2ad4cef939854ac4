import Foundation
import LunarBridge
import LunarLayout
import LunarUI

/// `lunar.layout`: the flexbox engine (`LunarLayout`) from Lua. `compute(node, options)` lays out
/// a tree of `{ style = {...}, children = {...} }` tables, styles keyed as in React Native, and
/// returns the frames: `{ left, top, width, height, children = {...} }`.
enum LayoutModule {
    static let module = LuaModule("lunar.layout", summary: "Flexbox layout (Yoga's semantics) of a tree of styled nodes.") { m in
        m.rawFunction(
            "compute(node: table, options: table?): table",
            summary: "Lays out node ({style=, children=}) in options {width=, height=, direction=, scale=}; returns its frames {left=, top=, width=, height=, children=}."
        ) { frame in
            let node = try frame.argument(1, as: LuaValue.self)
            let options = try frame.argument(2, as: LuaValue?.self)
            var nodes = 0
            let root = try LayoutTableReader.node(node, path: "node", stack: frame.stack, count: &nodes)
            // Reading the styles is work too: charged before the layout, which a spent budget skips.
            try frame.charge(units: nodes * LayoutModule.readCost)
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
            // What the pass did (a node may be measured several times), and the frames to build.
            let pass = root.lastPassStatistics
            try frame.charge(units: (pass.layouts + pass.measures) * LayoutModule.layoutCost + nodes * LayoutModule.frameCost)
            frame.push(LayoutTableReader.frames(of: root))
            return .results(1)
        }
    }

    // Instructions charged (docs/lua/layout.md, "Cost"), an instruction being about 3 ns, each
    // below the work: a release build lays out a 1,003-node screen (2,506 nodes laid out or
    // measured) in 0.31 ms, 120 ns each (docs/BENCHMARKS.md); reading a node's style and making
    // its five-field frame table are estimated (not measured) above 300 and 150 ns. Copying the
    // tables is charged by the bridge.
    static let readCost = 100
    static let layoutCost = 30
    static let frameCost = 50
}

/// Reads node tables and style tables into `LayoutNode`s; every error names the key and where it is.
enum LayoutTableReader {
    static func node(_ value: LuaValue, path: String, stack: LuaStack, count: inout Int) throws(LuaArgumentError) -> LayoutNode {
        count += 1
        guard case .table(let table) = value else {
            throw LuaArgumentError(position: 1, problem: "\(path) must be a table {style=, children=}, got \(value.typeName)")
        }
        for key in table.fields.keys where key != "style" && key != "children" {
            throw LuaArgumentError(position: 1, problem: "\(path): unknown key '\(key)' (a node has style and children)")
        }
        if !table.array.isEmpty {
            throw LuaArgumentError(position: 1, problem: "\(path): children go in its children field, not in the node's sequence")
        }
        let node = LayoutNode(style: try style(table.fields[.string("style")] ?? .nil, path: path + ".style", stack: stack))
        switch table.fields[.string("children")] ?? .nil {
        case .nil: break
        case .table(let children) where children.fields.isEmpty:
            for (index, child) in children.array.enumerated() {
                node.appendChild(try self.node(child, path: "\(path).children[\(index + 1)]", stack: stack, count: &count))
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
        // Sizes share the one bound of lengths; a scale is a pixel density (1e308 gave NaN frames).
        let limit = name == "scale" ? 1000 : LuaNumberRange.maxLength
        guard number <= limit else {
            throw LuaArgumentError(position: 2, problem: "option '\(name)' must be at most \(LuaNumberRange.text(limit)), got \(LuaNumberRange.text(number))")
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

    static func style(_ value: LuaValue, path: String, stack: LuaStack) throws(LuaArgumentError) -> LayoutStyle {
        do {
            return try StyleTable.style(value, on: stack, path: path).layoutStyle()
        } catch {
            throw LuaArgumentError(position: 1, problem: error.message)
        }
    }
}
