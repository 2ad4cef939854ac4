import LunarBridge

/// An options argument such as `{scheme = "myapp", priority = 5}`: a table
/// (or nil) whose keys must be known, read field by field with argument
/// errors that name the option (`option 'priority' must be an integer, got string`).
///
/// A copied value, so reading it runs no metamethods.
struct LuaOptionTable {
    let fields: [LuaKey: LuaValue]
    let position: Int

    /// Checks that `value` is nil or a table whose keys are all in `allowed`.
    init(_ value: LuaValue?, position: Int, allowed: Set<String>) throws(LuaArgumentError) {
        self.position = position
        switch value ?? .nil {
        case .nil:
            fields = [:]
        case .table(let table):
            if !table.array.isEmpty {
                throw LuaArgumentError(position: position, problem: "options table expected, got a sequence")
            }
            for key in table.fields.keys {
                guard case .string(let name) = key, allowed.contains(name) else {
                    let known = allowed.sorted().joined(separator: ", ")
                    throw LuaArgumentError(position: position, problem: "unknown option '\(key)'; known options: \(known)")
                }
            }
            fields = table.fields
        case let other:
            throw LuaArgumentError(position: position, problem: "options table expected, got \(other.typeName)")
        }
    }

    /// The option as a string; nil when absent.
    func string(_ name: String) throws(LuaArgumentError) -> String? {
        switch fields[.string(name)] {
        case nil: return nil
        case .string(let text): return text
        case let other?: throw mismatch(name, expected: "a string", got: other)
        }
    }

    /// The option as an integer (an integral float counts); nil when absent.
    func integer(_ name: String) throws(LuaArgumentError) -> Int? {
        guard let value = fields[.string(name)] else { return nil }
        guard let number = value.intValue else { throw mismatch(name, expected: "an integer", got: value) }
        return number
    }

    /// The option as a boolean (strict: `1` is not one); nil when absent.
    func bool(_ name: String) throws(LuaArgumentError) -> Bool? {
        guard let value = fields[.string(name)] else { return nil }
        guard let flag = value.boolValue else { throw mismatch(name, expected: "a boolean", got: value) }
        return flag
    }

    private func mismatch(_ name: String, expected: String, got value: LuaValue) -> LuaArgumentError {
        let got = value.doubleValue != nil ? "number \(value)" : value.typeName
        return LuaArgumentError(position: position, problem: "option '\(name)' must be \(expected), got \(got)")
    }
}
