import CLunar
import Foundation

/// The single Swift entry point the C trampoline calls for every bridged
/// function. It never raises: it returns a status the trampoline acts on.
enum LuaDispatch {
    /// Installs the C entry points; evaluated once, on first use.
    static let installed: Void = {
        lunar_set_dispatcher(dispatch)
        lunar_set_releaser(release)
        lunar_set_hook_failure_handler(afterHookFailed)
    }()

    static let dispatch: lunar_Dispatcher = { L, function in
        Unmanaged<LuaFunctionBox>.fromOpaque(function!)._withUnsafeGuaranteedRef { $0.invoke(L!) }
    }

    static let afterHookFailed: lunar_HookFailureHandler = { L, function, status in
        Unmanaged<LuaFunctionBox>.fromOpaque(function!)._withUnsafeGuaranteedRef { $0.afterHookFailed(L!, status: status) }
    }

    static let release: lunar_Releaser = { object in
        let unmanaged = Unmanaged<AnyObject>.fromOpaque(object!)
        // The C box is about to be freed: a function box that outlives it must not write there.
        (unmanaged.takeUnretainedValue() as? LuaFunctionBox)?.cBox = nil
        unmanaged.release()
    }
}

/// What a bridged function body returns: how many results it pushed, or a
/// request to yield the running coroutine.
public struct LuaReturn: Sendable {
    @usableFromInline let code: Int32
    @inlinable init(code: Int32) { self.code = code }
    /// The body pushed `count` results.
    @inlinable public static func results(_ count: Int32) -> LuaReturn { LuaReturn(code: count) }
    /// Yield the running coroutine with the `count` values on top of the stack.
    public static func yield(_ count: Int32) -> LuaReturn { LuaReturn(code: LUNAR_YIELD_BASE - count) }
    /// Raise the value on top of the stack as the error, as it is (no position added).
    static var raiseTop: LuaReturn { LuaReturn(code: LUNAR_RAISE) }
    /// How many results the body pushed; nil when it asked to yield.
    public var resultCount: Int32? { code >= 0 ? code : nil }
}

/// The arguments and result slots of one call from Lua into Swift.
public struct LuaCallFrame {
    public let stack: LuaStack
    /// How many arguments Lua passed.
    public let argumentCount: Int32
    @usableFromInline unowned(unsafe) let box: LuaFunctionBox

    @inlinable init(stack: LuaStack, argumentCount: Int32, box: LuaFunctionBox) {
        self.stack = stack
        self.argumentCount = argumentCount
        self.box = box
    }

    /// The qualified name used in messages, e.g. `log.info`.
    public var functionName: String { box.name }
    public var state: LuaState { stack.state }

    /// This frame's function called with the arguments of `other` (another
    /// bridged call on the stack, such as an interceptor's `proceed`):
    /// argument errors still name this function.
    public func forwarding(_ other: LuaCallFrame) -> LuaCallFrame {
        LuaCallFrame(stack: other.stack, argumentCount: other.argumentCount, box: box)
    }

    /// Reads argument `position` (1-based) with Lua-style errors.
    @inlinable
    public func argument<T: LuaReadable>(_ position: Int32, as type: T.Type = T.self) throws(LuaArgumentError) -> T {
        if let value = T.readIfValid(from: stack, at: position) { return value }
        do {
            return try T.read(from: stack, at: position)
        } catch {
            throw LuaArgumentError(position: Int(position), problem: error.problem)
        }
    }

    /// Pushes a result.
    @inlinable public func push<T: LuaPushable>(_ value: T) { value.push(to: stack) }

    /// Charges native work this call does to the budget (``LuaState/charge(units:)``).
    public func charge(units: Int) throws(LuaBudgetExceeded) { try state.charge(units: units) }
}

/// A bridged function: its name and body, boxed so Lua can own it.
/// Lua owns the box (through the closure's upvalue); the box does not own
/// the state, which outlives every box it created.
@usableFromInline final class LuaFunctionBox {
    let name: String
    let body: (LuaCallFrame) throws -> LuaReturn
    unowned(unsafe) let state: LuaState
    /// Module and function name, for functions of a registered module.
    var key: LuaFunctionKey?
    /// Set while hooks are registered for this function (see LuaCallInterception.swift).
    @exclusivity(unchecked) var interceptor: (any LuaCallInterceptor)?
    /// The closure's C box, where the trampoline looks for after hooks.
    var cBox: UnsafeMutablePointer<lunar_FunctionBox>?
    /// Lua after hooks the trampoline runs itself (see ``LuaState/setAfterHooks(_:onFailure:for:)``).
    var afterHooks: LuaAfterHooks? {
        didSet { cBox?.pointee.after_ref = afterHooks?.table.ref ?? LUA_NOREF }
    }

    init(name: String, state: LuaState, body: @escaping (LuaCallFrame) throws -> LuaReturn) {
        self.name = name
        self.state = state
        self.body = body
    }

    /// A trampoline-run after hook failed: its error is on top of the stack.
    func afterHookFailed(_ L: OpaquePointer, status: Int32) {
        let error = state.popError(status: status, on: L, fresh: true)
        afterHooks?.onFailure(error)
    }

    func invoke(_ L: OpaquePointer) -> Int32 {
        let frame = LuaCallFrame(stack: LuaStack(L: L, state: state), argumentCount: lua_gettop(L), box: self)
        do {
            // The whole cost of interception when nothing is hooked: one branch.
            if let interceptor { return try interceptor.intercept(frame, original: body).code }
            return try body(frame).code
        } catch {
            return state.raise(error, on: L, functionName: name)
        }
    }
}

extension LuaState {
    /// Pushes a Swift closure as a Lua function.
    public func pushFunction(named name: String, on L: OpaquePointer? = nil, _ body: @escaping (LuaCallFrame) throws -> LuaReturn) {
        pushFunctionBox(named: name, on: L, body)
    }

    @discardableResult
    func pushFunctionBox(named name: String, on L: OpaquePointer? = nil, _ body: @escaping (LuaCallFrame) throws -> LuaReturn) -> LuaFunctionBox {
        let box = LuaFunctionBox(name: name, state: self, body: body)
        box.cBox = lunar_pushfunction(L ?? self.L, Unmanaged.passRetained(box).toOpaque(), boxMetatable)
        return box
    }

    /// Makes a Lua function from a Swift closure and returns a reference to it.
    public func makeFunction(named name: String, _ body: @escaping (LuaCallFrame) throws -> LuaReturn) -> LuaFunction {
        pushFunction(named: name, body)
        return LuaFunction(reference: makeReference(L))
    }

    /// Converts a Swift error into the value the trampoline raises.
    func raise(_ error: any Error, on L: OpaquePointer, functionName: String) -> Int32 {
        let stack = LuaStack(L: L, state: self)
        _ = stack.reserve(2)
        switch error {
        case let e as LuaArgumentError:
            e.message(function: functionName).push(to: stack)
            return LUNAR_RAISE_WHERE
        case let e as LuaError:
            switch e {
            case .message(let m):
                m.push(to: stack)
                return LUNAR_RAISE_WHERE
            case .value(let v):
                v.push(to: stack)
                return LUNAR_RAISE
            }
        case let e as LuaBudgetExceeded:
            // The trampoline raises the budget's own stop instead; this is its fallback.
            e.description.push(to: stack)
            return LUNAR_RAISE_WHERE
        case let e as LuaScriptError:
            // Already positioned by the Lua code that raised it: re-raise unchanged.
            e.value.push(to: stack)
            return LUNAR_RAISE
        default:
            String(describing: error).push(to: stack)
            return LUNAR_RAISE_WHERE
        }
    }
}
