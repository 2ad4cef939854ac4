import LunarBridge

/// A Lua value as signals carry it: numbers, booleans, strings and `nil` copied; tables,
/// functions and userdata kept by reference, so a subscriber gets the very table that was sent
/// (same identity, same metatable), not a copy.
struct SignalValue: LuaReadable {
    /// The value; tables and userdata are `.reference`, functions `.function`.
    let value: LuaValue

    static var luaTypeName: String { "any" }

    static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> SignalValue {
        SignalValue(value: value(at: index, in: stack))
    }

    /// Reads the value at `index` without copying tables; never fails.
    static func value(at index: Int32, in stack: LuaStack) -> LuaValue {
        switch stack.type(at: index) {
        case .none, .nil:
            return .nil
        case .boolean:
            return .boolean(stack.isTruthy(at: index))
        case .number:
            return stack.numberValue(at: index) ?? .nil
        case .string:
            if let text = try? String.read(from: stack, at: index) { return .string(text) }
            return (try? LuaBytes.read(from: stack, at: index)).map { .bytes($0.bytes) } ?? .nil
        case .function:
            return .function(LuaFunction(reference: stack.reference(to: index)))
        default:
            return .reference(stack.reference(to: index))
        }
    }
}

/// A Lua result read only for its truth (everything but `nil` and `false` is true): what
/// `filter` asks of its function.
struct LuaTruth: LuaReadable {
    let isTrue: Bool

    static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> LuaTruth {
        LuaTruth(isTrue: stack.isTruthy(at: index))
    }
}

/// A Lua result that is not read at all: what subscribers and side-effect functions return.
struct IgnoredResult: LuaReadable {
    static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> IgnoredResult {
        IgnoredResult()
    }
}

extension LuaValue {
    /// Whether two signal values are the same as Lua's raw equality sees it: numbers by value
    /// (`1 == 1.0`), strings by content, tables, functions and userdata by identity.
    func isRawEqual(to other: LuaValue, in state: LuaState) -> Bool {
        switch (self, other) {
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)):
            return Double(a) == b
        case (.reference, .reference), (.function, .function):
            let stack = state.stack
            _ = stack.reserve(2)
            push(to: stack)
            other.push(to: stack)
            defer { stack.pop(2) }
            return stack.rawEqual(-1, -2)
        case (.reference, _), (_, .reference), (.function, _), (_, .function):
            return false
        default:
            return self == other
        }
    }
}
