import LunarBridge
import LunarSignals

/// A signal-like argument: a `Signal`, `Subject` or `Property` object (anything whose class is a
/// `SignalSource`). Anything else is refused like Lua's own checks: `signal expected, got table`.
package struct SignalArgument: LuaReadable {
    let signal: Signal<LuaValue>

    package static var luaTypeName: String { "Signal" }

    package static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> SignalArgument {
        guard let signal = source(at: index, in: stack) else {
            throw LuaTypeMismatch(expected: "signal", got: typeName(at: index, in: stack))
        }
        return SignalArgument(signal: signal)
    }

    /// The signal of the object at `index`, or nil when it is not signal-like.
    package static func source(at index: Int32, in stack: LuaStack) -> Signal<LuaValue>? {
        guard stack.type(at: index) == .userdata else { return nil }
        if let object = try? LuaSignal.read(from: stack, at: index) { return object.signal }
        if let object = try? LuaSubject.read(from: stack, at: index) { return object.signal }
        if let object = try? LuaProperty.read(from: stack, at: index) { return object.signal }
        return nil
    }

    /// Lua's type name, or the class name of one of Lunar's objects (`Lifetime`, `Command`).
    static func typeName(at index: Int32, in stack: LuaStack) -> String {
        guard stack.type(at: index) == .userdata else { return stack.typeName(at: index) }
        if (try? LuaLifetime.read(from: stack, at: index)) != nil { return LuaLifetime.luaTypeName }
        if (try? LuaCommand.read(from: stack, at: index)) != nil { return LuaCommand.luaTypeName }
        if (try? LuaDisposable.read(from: stack, at: index)) != nil { return LuaDisposable.luaTypeName }
        return stack.typeName(at: index)
    }
}

/// What `takeUntil` accepts: a signal-like object, or a lifetime (its end is the trigger).
struct TriggerArgument: LuaReadable {
    let signal: Signal<LuaValue>

    static var luaTypeName: String { "Signal|Lifetime" }

    static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> TriggerArgument {
        if let lifetime = try? LuaLifetime.read(from: stack, at: index) { return TriggerArgument(signal: lifetime.ended) }
        if let signal = SignalArgument.source(at: index, in: stack) { return TriggerArgument(signal: signal) }
        throw LuaTypeMismatch(expected: "signal or lifetime", got: SignalArgument.typeName(at: index, in: stack))
    }
}

/// Several signals: the arguments from this one to the last, or one list table of them
/// (`signal.merge(a, b)` and `signal.merge({a, b})` are the same).
struct SignalList: LuaReadable {
    let signals: [Signal<LuaValue>]

    static var luaTypeName: String { "Signal..." }

    static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> SignalList {
        let top = stack.top
        if index == top, let list = stack.table(at: index) {
            var signals: [Signal<LuaValue>] = []
            guard stack.reserve(1) else { throw LuaTypeMismatch(problem: "stack overflow") }
            try list.forEachElement { position, element throws(LuaTypeMismatch) in
                guard let signal = SignalArgument.source(at: element, in: stack) else {
                    throw LuaTypeMismatch(problem: "element \(position): signal expected, got \(SignalArgument.typeName(at: element, in: stack))")
                }
                signals.append(signal)
                return true
            }
            return SignalList(signals: signals)
        }
        var signals: [Signal<LuaValue>] = []
        var position = index
        while position <= top {
            guard let signal = SignalArgument.source(at: position, in: stack) else {
                throw LuaTypeMismatch(expected: "signal", got: SignalArgument.typeName(at: position, in: stack))
            }
            signals.append(signal)
            position += 1
        }
        return SignalList(signals: signals)
    }
}

/// Values from this argument to the last (`signal.of(1, 2, nil, 4)` keeps the `nil`).
struct ValueList: LuaReadable {
    let values: [LuaValue]

    static var luaTypeName: String { "any..." }

    static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> ValueList {
        let top = stack.top
        guard index <= top else { return ValueList(values: []) }
        return ValueList(values: (index...top).map { SignalValue.value(at: $0, in: stack) })
    }
}

/// The handlers of `subscribe`: a function (for values), or a table `{next=, error=, completed=}`.
struct SubscriberArgument: LuaReadable {
    var next: LuaFunction?
    var error: LuaFunction?
    var completed: LuaFunction?
    /// Whether the handlers came as a table (then later positional handlers are ignored).
    var isTable = false

    static var luaTypeName: String { "fun(value)|{next: fun(value)?, error: fun(err)?, completed: fun()?}" }

    static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> SubscriberArgument {
        switch stack.type(at: index) {
        case .none, .nil:
            return SubscriberArgument()
        case .function:
            return SubscriberArgument(next: try LuaFunction.read(from: stack, at: index))
        case .table:
            let table = try LuaTableView.read(from: stack, at: index)
            return SubscriberArgument(
                next: try table.field("next"), error: try table.field("error"),
                completed: try table.field("completed"), isTable: true)
        default:
            throw LuaTypeMismatch(expected: "function or table", got: stack.typeName(at: index))
        }
    }
}

/// What a `signal.create` function may return: nothing, a cleanup function, or a disposable.
enum Teardown: LuaReadable {
    case none
    case function(LuaFunction)
    case disposable(any Disposable)

    static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> Teardown {
        switch stack.type(at: index) {
        case .none, .nil: return .none
        case .function: return .function(try LuaFunction.read(from: stack, at: index))
        default:
            if let object = try? LuaDisposable.read(from: stack, at: index) { return .disposable(object.disposable) }
            if let lifetime = try? LuaLifetime.read(from: stack, at: index) {
                return .disposable(ActionDisposable { lifetime.end() })
            }
            throw LuaTypeMismatch(expected: "cleanup function, disposable or nil", got: SignalArgument.typeName(at: index, in: stack))
        }
    }
}

/// A time in seconds for a time operator: the one rule for durations (``LuaNumberRange/seconds``).
func checkedSeconds(_ seconds: Double, position: Int = 1) throws -> Double {
    do {
        return try LuaNumberRange.seconds.check(seconds, "seconds")
    } catch {
        throw LuaArgumentError(position: position, problem: error.problem)
    }
}
