import LunarBridge
import LunarUI

/// Style tables as Lua holds them (`{ padding = 8, backgroundColor = "tomato" }`) to and from
/// ``Style``: the one reader used by `lunar.layout`, element `style` props and `ui.styles`.
public enum StyleTable {
    /// The style in `value`: nil, a table of style keys, or a list of such tables (and nils or
    /// `false`s, skipped), merged in order so later tables win, as React Native merges style arrays.
    public static func style(_ value: LuaValue, path: String) throws(StyleError) -> Style {
        var style = Style()
        try merge(value, into: &style, path: path, depth: 0)
        return style
    }

    private static func merge(_ value: LuaValue, into style: inout Style, path: String, depth: Int) throws(StyleError) {
        switch value {
        case .nil, .boolean(false):
            return
        case .table(let table):
            guard depth < 16 else { throw StyleError("\(path): style lists are nested more than 16 deep") }
            for (index, item) in table.array.enumerated() {
                try merge(item, into: &style, path: "\(path)[\(index + 1)]", depth: depth + 1)
            }
            for (key, field) in table.fields.sorted(by: { $0.key < $1.key }) {
                guard case .string(let name) = key else {
                    throw StyleError("\(path): style keys are names, got \(key.typeName) key \(key)")
                }
                try style.set(name, input(field), path: path)
            }
        default:
            throw StyleError("\(path) must be a table of style keys (or a list of them), got \(value.typeName)")
        }
    }

    private static func input(_ value: LuaValue) -> StyleInput {
        switch value {
        case .integer(let number): .number(Double(number))
        case .number(let number): .number(number)
        case .string(let text): .string(text)
        default: .other(typeName: value.typeName)
        }
    }

    /// `style` as a Lua table: numbers as numbers, percentages as `"50%"`, colours as `"#rrggbb"`.
    public static func table(of style: Style) -> LuaTable {
        var fields: [LuaKey: LuaValue] = [:]
        for entry in style {
            let value: LuaValue
            switch entry.value {
            case .number(let number):
                if let integer = Int(exactly: number) { value = .integer(integer) } else { value = .number(number) }
            case .percent(let percent): value = .string((Int(exactly: percent).map(String.init) ?? String(percent)) + "%")
            case .auto: value = .string("auto")
            case .keyword(let word): value = .string(word)
            case .color(let color): value = .string(color.hex)
            case .text(let text): value = .string(text)
            }
            fields[.string(entry.property.rawValue)] = value
        }
        return LuaTable(fields: fields)
    }
}
