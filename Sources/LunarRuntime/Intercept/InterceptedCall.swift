import LunarBridge
import LunarIntercept

/// One call of a bridged module function passing through its hook point.
///
/// It lives on the Lua stack of the call: use it during the hook only, on
/// the runtime's executor. Arguments are copied out on demand.
public struct InterceptedCall {
    /// The function, as scripts require it: `lunar.net` / `send`.
    public let function: LuaFunctionKey
    /// The call's frame: raw access to its arguments (`frame.argument(i)`).
    public let frame: LuaCallFrame
    let original: (LuaCallFrame) throws -> LuaReturn

    /// The arguments, copied (tables are copies: change a table argument in
    /// place from a script hook, or through `frame`).
    public var arguments: [LuaValue] {
        guard frame.argumentCount > 0 else { return [] }
        return (1...frame.argumentCount).map { frame.stack.value(at: $0) }
    }

    /// The results of `output` (what the call or `proceed` returned), copied
    /// from the top of the stack. Empty while an awaited async function is suspended.
    public func results(of output: LuaReturn) -> [LuaValue] {
        results(of: output, keepingReferences: false)
    }

    func results(of output: LuaReturn, keepingReferences: Bool) -> [LuaValue] {
        guard let count = output.resultCount, count > 0 else { return [] }
        let top = frame.stack.top
        return ((top - count + 1)...top).map { frame.stack.value(at: $0, keepingReferences: keepingReferences) }
    }

    /// Makes `values` the call's results: what an `instead` hook returns when
    /// it answers without proceeding.
    public func returning(_ values: [LuaValue]) -> LuaReturn {
        _ = frame.stack.reserve(Int32(values.count) + 1)
        for value in values { value.push(to: frame.stack) }
        return .results(Int32(values.count))
    }
}

/// A hook on a bridged call; its output is the call's results on the stack.
public typealias CallHook = Hook<InterceptedCall, LuaReturn>

/// The bridge interceptor of one module function: set on the function's box
/// while its hook point has hooks, cleared when the last one is removed.
final class CallInterception: LuaCallInterceptor {
    let key: LuaFunctionKey
    let point: HookPoint<InterceptedCall, LuaReturn>

    init(key: LuaFunctionKey, onFailure: @escaping (HookFailure) -> Void) {
        self.key = key
        point = HookPoint(key.description, onFailure: onFailure)
    }

    func intercept(_ frame: LuaCallFrame, original: @escaping (LuaCallFrame) throws -> LuaReturn) throws -> LuaReturn {
        try point.run(InterceptedCall(function: key, frame: frame, original: original), original: Self.callOriginal)
    }

    /// A function, not a capturing closure, so a call allocates no closure context.
    static func callOriginal(_ call: InterceptedCall) throws -> LuaReturn { try call.original(call.frame) }
}
