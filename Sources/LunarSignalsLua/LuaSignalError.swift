import LunarBridge
import LunarSignals

/// The error a signal fails with in `lunar.signal`: the Lua value Lua handlers receive, plus where
/// it was raised when Lua raised it (so an error nobody handles is reported with file:line).
package struct LuaSignalError: Error, CustomStringConvertible {
    /// What `error` handlers, `catch` and `materialize` see.
    let value: LuaValue
    /// The Lua error it came from, with location and traceback; nil for errors made by value.
    let origin: LuaScriptError?
    /// Where the failing signal was made (`signal.fail`), when no Lua error carries a place.
    let location: LuaSourceLocation?

    init(value: LuaValue, origin: LuaScriptError? = nil, location: LuaSourceLocation? = nil) {
        self.value = value
        self.origin = origin
        self.location = location
    }

    /// Wraps an error raised by a Lua function (or a result the bridge could not read, which
    /// has no Lua value: its message stands for it).
    init(_ error: LuaScriptError) {
        self.init(value: error.value.isNil ? .string(error.message) : error.value, origin: error)
    }

    package var description: String { origin?.message ?? LuaSignalError.message(of: value) }

    /// The Lua value for any error a signal can fail with. Errors of the Swift library become
    /// tables with a `kind`: `{kind="timeout", message=, seconds=}`, `{kind="disabled", message=}`.
    static func luaValue(for error: any Error) -> LuaValue {
        switch error {
        case let error as LuaSignalError: return error.value
        case let error as LuaScriptError: return error.value
        case let error as TimeoutError:
            return ["kind": "timeout", "message": .string(error.description), "seconds": .number(error.seconds)]
        case let error as CommandDisabledError:
            return ["kind": "disabled", "message": .string(error.description)]
        case let error as LuaErrorConvertible: return error.luaErrorValue
        case LuaError.message(let message): return .string(message)
        case LuaError.value(let value): return value
        default: return .string(String(describing: error))
        }
    }

    /// A one-line description of an error value: a string as is, a table by its `message`.
    static func message(of value: LuaValue) -> String {
        if case .table(let table) = value, case .string(let message) = table["message"] { return message }
        return value.description
    }

    /// What a host reports for `error` when it reaches a subscriber without an error handler.
    package static func unhandledReport(for error: any Error) -> LuaScriptError {
        if let error = error as? LuaSignalError, let origin = error.origin { return origin }
        if let error = error as? LuaScriptError { return error }
        let value = luaValue(for: error)
        let location = (error as? LuaSignalError)?.location
        return LuaScriptError(
            kind: .runtime, message: "unhandled signal error: \(message(of: value))",
            location: location, traceback: nil, value: value)
    }
}
