import LunarBridge
import LunarUI

/// Reads the element tree a screen's `render()` returned (plain Lua tables
/// built by `lunar.ui`) into `Element` values, with raw access only.
struct ElementReader {
    let stack: LuaStack
    /// Props bound to signals, by child-index path from the root.
    var bound: [(path: [Int], prop: String, source: LuaValue)] = []
    /// Reads `style` props; one per render, so a shared style table is checked once.
    private let styles: StyleTable
    /// Virtualized lists (`ui.List` with `items`), by path, in document order: their rows are
    /// built afterwards, for the window the list's scroll position calls for.
    var virtualLists: [[Int]] = []

    init(stack: LuaStack) {
        self.stack = stack
        styles = StyleTable(stack: stack)
    }

    /// Instructions charged per element read (about 3 ns each): below what reconciling and laying
    /// out one alone take in a release build (0.36 and 0.31 µs, docs/BENCHMARKS.md), before it is
    /// read here and drawn.
    static let elementCost = 200

    /// Reads the element at `index` (absolute).
    mutating func read(at index: Int32, path: [Int] = [], depth: Int = 0) throws(RenderError) -> Element {
        guard depth < 200 else { throw RenderError("the element tree is nested more than 200 levels deep") }
        guard let table = stack.table(at: index) else {
            throw RenderError("\(describe(path)) is a \(stack.typeName(at: index)), not an element (build elements with lunar.ui)")
        }
        guard stack.reserve(6) else { throw RenderError("the element tree is too deep") }
        // Reading, reconciling, laying out and drawing it is native work the render asked for.
        stack.state.account(units: Self.elementCost)
        let kindName = rawString(table, "kind")
        guard let kindName, let kind = ElementKind(rawValue: kindName) else {
            throw RenderError("\(describe(path)) has no valid 'kind' (got \(kindName.map { "'\($0)'" } ?? "none")): build elements with lunar.ui")
        }
        var element = Element(kind, id: scalarString(table, "id"), key: scalarString(table, "key"))
        if kind == .list, table.withField("virtual", { stack.type(at: $0) == .table }) { virtualLists.append(path) }

        try forEachStringKey(of: "props", in: table) { name, value throws(RenderError) in
            if name == "style" {
                do throws(StyleError) {
                    // An empty style (`style = false`, `{}`) is no style: nothing for the renderer.
                    let style = try styles.style(at: value, path: "style")
                    if !style.isEmpty { element.props[.style] = .style(style) }
                } catch {
                    throw RenderError("\(describe(path, kind)): \(error.message)")
                }
            } else if stack.type(at: value) == .number, PropName.shownAsText.contains(PropName(rawValue: name)) {
                element.props[PropName(rawValue: name)] = .string(numberText(at: value))
            } else if let prop = propValue(at: value) {
                element.props[PropName(rawValue: name)] = prop
            } else if stack.type(at: value) == .string {
                throw RenderError("\(describe(path, kind)) prop '\(name)' is not valid UTF-8 text (\(invalidUTF8(at: value))); "
                                  + "text shown on screen must be UTF-8")
            } else if stack.type(at: value) != .nil {
                throw RenderError("\(describe(path, kind)) prop '\(name)' is a \(stack.typeName(at: value)); props are strings, numbers, booleans or signals")
            }
        }
        try forEachStringKey(of: "events", in: table) { name, value throws(RenderError) in
            if stack.type(at: value) == .function { element.events.insert(EventName(rawValue: name)) }
        }
        var bound: [(path: [Int], prop: String, source: LuaValue)] = []
        try forEachStringKey(of: "bound", in: table) { name, value throws(RenderError) in
            bound.append((path, name, .reference(stack.reference(to: value))))
        }
        self.bound += bound

        element.children = try table.withField("children") { field throws(RenderError) -> [Element] in
            guard let children = stack.table(at: field) else { return [] }
            var list: [Element] = []
            list.reserveCapacity(children.count)
            try children.forEachElement { position, child throws(RenderError) in
                list.append(try self.read(at: child, path: path + [position - 1], depth: depth + 1))
                return true
            }
            return list
        }
        return element
    }

    /// Calls `body(key, valueIndex)` for each string key of the table in field
    /// `field` of `table` (nothing when absent).
    private func forEachStringKey(of field: String, in table: LuaTableView,
                                  _ body: (String, Int32) throws(RenderError) -> Void) throws(RenderError) {
        try table.withField(field) { fields throws(RenderError) in
            guard let fields = stack.table(at: fields) else { return }
            try fields.forEachPair { key, value throws(RenderError) in
                guard stack.type(at: key) == .string, let name = try? String.read(from: stack, at: key) else { return }
                try body(name, value)
            }
        }
    }

    private func propValue(at index: Int32) -> PropValue? {
        switch stack.type(at: index) {
        case .boolean: return .bool(stack.isTruthy(at: index))
        case .number:
            switch stack.numberValue(at: index) {
            case .integer(let value)?: return .int(value)
            case .number(let value)?: return .double(value)
            default: return nil
            }
        case .string:
            return (try? String.read(from: stack, at: index)).map(PropValue.string)
        default: return nil
        }
    }

    /// Where the string at `index` stops being UTF-8: "byte 5 is 0xff".
    private func invalidUTF8(at index: Int32) -> String {
        guard let bytes = try? LuaBytes.read(from: stack, at: index).bytes else { return "unreadable" }
        var offset = 0
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return "unreadable"
            case .error:
                let byte = bytes[min(offset, bytes.count - 1)]
                return "byte \(offset + 1) is 0x\(String(byte, radix: 16))"
            }
        }
    }

    private func rawString(_ table: LuaTableView, _ key: String) -> String? {
        table.withField(key) { field in
            stack.type(at: field) == .string ? try? String.read(from: stack, at: field) : nil
        }
    }

    /// The number at `index` as Lua's `tostring` writes it (`42`, `3.0`, `1e+15`).
    private func numberText(at index: Int32) -> String {
        // Convert a copy: reading a number as a string turns it in place.
        stack.pushCopy(of: index)
        defer { stack.pop() }
        return (try? String.read(from: stack, at: -1)) ?? ""
    }

    /// A string or number field as a string (ids and keys may be numbers).
    private func scalarString(_ table: LuaTableView, _ key: String) -> String? {
        table.withField(key) { field in
            let type = stack.type(at: field)
            guard type == .string || type == .number else { return nil }
            // Convert a copy: reading a number as a string turns it in place.
            stack.pushCopy(of: field)
            defer { stack.pop() }
            return try? String.read(from: stack, at: -1)
        }
    }

    private func describe(_ path: [Int], _ kind: ElementKind? = nil) -> String {
        let place = path.isEmpty ? "the root element" : "element at " + path.map { String($0 + 1) }.joined(separator: ".")
        return kind.map { "\(place) (\($0.rawValue))" } ?? place
    }
}

/// A problem with what `render()` returned.
struct RenderError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

