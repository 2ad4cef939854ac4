import LunarBridge
import LunarNetwork

extension Parameters {
    /// Query arguments or form fields from a Lua table of name = value pairs, sorted by name so a
    /// request's URL (and its cache key) does not depend on table order. A value may be a string,
    /// a number, a boolean, or a sequence of those (the name is then repeated, in order).
    init(lua table: LuaTable) throws(LuaTypeMismatch) {
        guard table.array.isEmpty else {
            throw LuaTypeMismatch(problem: "a table of name = value pairs expected, got a sequence")
        }
        var items: [Item] = []
        let named = try table.fields.map { (key, value) throws(LuaTypeMismatch) -> (String, LuaValue) in
            guard case .string(let name) = key else {
                throw LuaTypeMismatch(problem: "names must be strings, got a \(key.typeName)")
            }
            return (name, value)
        }
        for (name, value) in named.sorted(by: { $0.0 < $1.0 }) {
            if case .table(let list) = value {
                guard list.fields.isEmpty else {
                    throw LuaTypeMismatch(problem: "'\(name)': a value or a sequence of values expected, got a table")
                }
                for element in list.array { items.append(Item(name: name, value: try Self.text(element, name: name))) }
            } else {
                items.append(Item(name: name, value: try Self.text(value, name: name)))
            }
        }
        self.init(items)
    }

    /// A scalar as it appears in a URL: numbers as JSON writes them (`3`, `2.5`).
    static func text(_ value: LuaValue, name: String) throws(LuaTypeMismatch) -> String {
        switch value {
        case .string(let text): return text
        case .integer(let integer): return String(integer)
        case .number(let number) where number.isFinite: return render(number)
        case .boolean(let flag): return flag ? "true" : "false"
        default:
            throw LuaTypeMismatch(problem: "'\(name)': string, number or boolean expected, got \(value.typeName)")
        }
    }

    /// A header's value as `text(_:name:)` renders it, refused when the name is not a header name
    /// or the value holds CR, LF or NUL (``HeaderRules``): a bad header raises at the script's line.
    static func header(_ value: LuaValue, name: String) throws(LuaTypeMismatch) -> String {
        let text = try text(value, name: name)
        if let problem = HeaderRules.problem(name: name, value: text) { throw LuaTypeMismatch(problem: problem) }
        return text
    }

    /// Whole numbers without a fraction (`3`), others in Swift's shortest round-trip form (`2.5`).
    static func render(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 { return String(Int64(number)) }
        return "\(number)"
    }
}
