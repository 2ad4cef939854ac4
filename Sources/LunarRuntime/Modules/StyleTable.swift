import LunarBridge
import LunarUI

/// Style tables as Lua holds them (`{ padding = 8, backgroundColor = "tomato" }`) to and from
/// ``Style``: the one reader used by element `style` props, `ui.styles` and `lunar.layout`.
///
/// A style is nil, a table of style keys, or a list of styles (and nils or `false`s, skipped)
/// merged in order so later ones win, as React Native merges style arrays; a table with both
/// list entries and keys merges its entries first and its own keys over them.
///
/// It reads in place on the stack, with raw access (no copies, no metamethods), and remembers
/// each table it has read: one reader per render checks a `ui.styles` table used by a hundred
/// rows once. The memory is by table identity, so a reader must not outlive the read it serves
/// (a table changed or collected afterwards would be misread).
public final class StyleTable {
    private let stack: LuaStack
    private var parsed: [UnsafeRawPointer: Style] = [:]

    /// A reader of styles on `stack`.
    public init(stack: LuaStack) { self.stack = stack }

    /// The style at `index`; `path` names it in errors (`"style"`, `"node.children[2].style"`).
    public func style(at index: Int32, path: String) throws(StyleError) -> Style {
        try style(at: stack.absoluteIndex(index), path: path, depth: 0)
    }

    private func style(at index: Int32, path: String, depth: Int) throws(StyleError) -> Style {
        switch stack.type(at: index) {
        case .nil:
            return Style()
        case .boolean where !stack.isTruthy(at: index):
            return Style()
        case .table:
            guard let identity = stack.identity(at: index), let table = stack.table(at: index) else { return Style() }
            if let known = parsed[identity] { return known }
            guard depth < 16 else { throw StyleError("\(path): style lists are nested more than 16 deep") }
            guard stack.reserve(4) else { throw StyleError("\(path): the style is too deep") }
            var style = Style()
            try table.forEachElement { position, item throws(StyleError) in
                let entry = try self.style(at: item, path: "\(path)[\(position)]", depth: depth + 1)
                style = style.isEmpty ? entry : style.merging(entry)
                return true
            }
            do {
                try setFields(of: table, on: &style, path: path)
            } catch {
                // `next` visits keys in no fixed order: report the first bad key by name, every time.
                throw firstErrorByName(in: table, path: path) ?? error
            }
            parsed[identity] = style
            return style
        default:
            throw StyleError("\(path) must be a table of style keys (or a list of them), got a \(stack.typeName(at: index))")
        }
    }

    /// Sets every named key of `table` on `style`; integer keys of its list part are skipped.
    private func setFields(of table: LuaTableView, on style: inout Style, path: String) throws(StyleError) {
        let listCount = table.count
        try table.forEachPair { key, value throws(StyleError) in
            guard stack.type(at: key) == .string, let name = try? String.read(from: stack, at: key) else {
                if case .integer(let position)? = stack.numberValue(at: key), position >= 1, position <= listCount { return }
                let text = keyText(at: key)
                throw StyleError("\(path): style keys are names, got a \(stack.typeName(at: key)) key" + (text.isEmpty ? "" : " " + text))
            }
            try style.set(name, input(at: value), path: path)
        }
    }

    private func firstErrorByName(in table: LuaTableView, path: String) -> StyleError? {
        var names: [String] = []
        do {
            try table.forEachPair { key, _ throws(StyleError) in
                if stack.type(at: key) == .string, let name = try? String.read(from: stack, at: key) { names.append(name) }
            }
        } catch {
            return error
        }
        var scratch = Style()
        for name in names.sorted() {
            do {
                try table.withField(name) { value throws(StyleError) in try scratch.set(name, input(at: value), path: path) }
            } catch {
                return error
            }
        }
        return nil
    }

    private func input(at index: Int32) -> StyleInput {
        switch stack.type(at: index) {
        case .number:
            switch stack.numberValue(at: index) {
            case .integer(let number)?: return .number(Double(number))
            case .number(let number)?: return .number(number)
            default: return .other(typeName: "number")
            }
        case .string:
            guard let text = try? String.read(from: stack, at: index) else { return .other(typeName: "string") }
            return .string(text)
        default:
            return .other(typeName: stack.typeName(at: index))
        }
    }

    private func keyText(at index: Int32) -> String {
        guard stack.type(at: index) == .number, let number = stack.numberValue(at: index) else { return "" }
        return "\(number)"
    }
}

extension StyleTable {
    /// The style in `value`, pushed onto `stack` for the read (and popped): for hosts holding
    /// Lua values rather than stack slots (`lunar.layout`'s node tables).
    public static func style(_ value: LuaValue, on stack: LuaStack, path: String) throws(StyleError) -> Style {
        guard stack.reserve(1) else { throw StyleError("\(path): the style is too deep") }
        value.push(to: stack)
        defer { stack.pop() }
        let reader = StyleTable(stack: stack)
        return try reader.style(at: -1, path: path)
    }

    /// `style` as a Lua table: numbers as numbers, percentages as `"50%"`, colours as `"#rrggbb"`.
    public static func table(of style: Style) -> LuaTable {
        var fields: [LuaKey: LuaValue] = [:]
        for entry in style {
            fields[.string(entry.property.rawValue)] = luaValue(entry.value)
        }
        return LuaTable(fields: fields)
    }

    /// One style value as a script would write it.
    public static func luaValue(_ value: StyleValue) -> LuaValue {
        switch value {
        case .number(let number):
            if let integer = Int(exactly: number) { return .integer(integer) }
            return .number(number)
        case .percent(let percent): return .string((Int(exactly: percent).map(String.init) ?? String(percent)) + "%")
        case .auto: return .string("auto")
        case .keyword(let word): return .string(word)
        case .color(let color): return .string(color.hex)
        case .text(let text): return .string(text)
        }
    }

    /// A value a script (or a signal) gave for one key, before it is checked.
    static func input(_ value: LuaValue) -> StyleInput {
        switch value {
        case .integer(let number): .number(Double(number))
        case .number(let number): .number(number)
        case .string(let text): .string(text)
        default: .other(typeName: value.typeName)
        }
    }
}
