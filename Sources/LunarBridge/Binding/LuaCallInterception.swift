import CLunar

/// Names one function of a registered bridge module: `lunar.net` / `send`.
public struct LuaFunctionKey: Hashable, Sendable, CustomStringConvertible {
    /// The name scripts `require` (`lunar.net`, `native.analytics`).
    public var module: String
    public var function: String

    public init(module: String, function: String) {
        self.module = module
        self.function = function
    }

    public var description: String { module + "." + function }
}

/// Takes over the calls of one bridged function while it is set (see
/// ``LuaState/setInterceptor(_:for:)``).
///
/// The bridge only diverts the call: `intercept` gets the call's frame and
/// the function's own body, and decides when (and whether) to run it. What it
/// returns or throws is what the call returns or raises, exactly as if the
/// body had. It runs on the state's executor, inside the Lua call, so it may
/// call Lua with ``LuaStack/protectedCall(arguments:results:)`` but must leave
/// the stack as a body would: results on top.
public protocol LuaCallInterceptor: AnyObject {
    func intercept(_ frame: LuaCallFrame, original: @escaping (LuaCallFrame) throws -> LuaReturn) throws -> LuaReturn
}

/// The interceptors a state has, and the live function boxes they apply to.
final class LuaCallInterceptors {
    struct WeakBox {
        weak var box: LuaFunctionBox?
    }

    var interceptors: [LuaFunctionKey: any LuaCallInterceptor] = [:]
    var afterHooks: [LuaFunctionKey: LuaAfterHooks] = [:]
    var boxes: [LuaFunctionKey: [WeakBox]] = [:]
}

/// Lua functions the bridge's C trampoline calls after every call of one
/// module function, without a Swift interceptor: the array they are in, and
/// where their errors go.
final class LuaAfterHooks {
    let table: LuaReference
    let onFailure: (LuaScriptError) -> Void

    init(table: LuaReference, onFailure: @escaping (LuaScriptError) -> Void) {
        self.table = table
        self.onFailure = onFailure
    }
}

extension LuaState {
    private var callInterceptors: LuaCallInterceptors {
        if let table = self[extension: LuaCallInterceptors.self] { return table }
        let table = LuaCallInterceptors()
        self[extension: LuaCallInterceptors.self] = table
        return table
    }

    /// Diverts every call of a module function through `interceptor` (nil
    /// restores direct calls). It applies to the function wherever scripts
    /// hold it, including in locals captured before it was set, and to
    /// module tables built later. With no interceptor a call costs one branch more.
    public func setInterceptor(_ interceptor: (any LuaCallInterceptor)?, for key: LuaFunctionKey) {
        let table = callInterceptors
        table.interceptors[key] = interceptor
        for weak in table.boxes[key] ?? [] { weak.box?.interceptor = interceptor }
    }

    /// Makes the bridge call `hooks` after every call of a module function,
    /// straight from its C trampoline (no Swift on the way: the fast path for
    /// script `after` hooks). Each gets what `pcall` of the call returned:
    /// `(true, results...)` or `(false, err)`; an awaited call's hooks run
    /// when it suspends and see `true`. Each runs protected; a failure goes
    /// to `onFailure` (with file:line) and the other hooks and the call's
    /// outcome are unaffected. An empty list removes them. A call uses the
    /// hooks set when it started. Independent of ``setInterceptor(_:for:)``:
    /// an interceptor's own after hooks run first.
    public func setAfterHooks(_ hooks: [LuaFunction], onFailure: @escaping (LuaScriptError) -> Void, for key: LuaFunctionKey) {
        let table = callInterceptors
        var installed: LuaAfterHooks?
        if !hooks.isEmpty {
            _ = stack.reserve(2)
            // One function (the common case) is stored as itself: one lookup less per call.
            // Anything else, such as a callable table, goes in an array like several hooks.
            let stack = self.stack
            var single = false
            if hooks.count == 1 {
                hooks[0].push(to: stack)
                single = stack.type(at: -1) == .function
                if !single { stack.pop() }
            }
            if !single { stack.pushSequence(of: hooks.map(\.reference)) }
            installed = LuaAfterHooks(table: stack.popReference(), onFailure: onFailure)
        }
        // The replaced reference is released once no host call is running
        // (deferred release), so a call already running keeps a valid one.
        table.afterHooks[key] = installed
        for weak in table.boxes[key] ?? [] { weak.box?.afterHooks = installed }
    }

    /// Records a module function's box so interceptors reach it.
    func adopt(_ box: LuaFunctionBox, as key: LuaFunctionKey) {
        box.key = key
        let table = callInterceptors
        var list = table.boxes[key, default: []]
        list.removeAll { $0.box == nil }
        list.append(LuaCallInterceptors.WeakBox(box: box))
        table.boxes[key] = list
        box.interceptor = table.interceptors[key]
        box.afterHooks = table.afterHooks[key]
    }

    /// Whether the registered module `module` declares a function `function`.
    public func declaresFunction(module: String, function: String) -> Bool {
        modules[module]?.functions.contains { $0.signature.name == function } ?? false
    }

    /// The module function a Lua function value is, when it is a function of a
    /// registered bridge module (wherever the script got it: a Lua-written
    /// module may re-export a native one). Nil for Lua functions.
    public func bridgedFunctionKey(of function: LuaFunction) -> LuaFunctionKey? {
        let stack = self.stack
        _ = stack.reserve(2)
        function.push(to: stack)
        defer { stack.pop() }
        return stack.bridgedFunction(at: -1)?.key
    }

    /// The value a script sees for an error thrown by a bridged function
    /// (what `pcall` would return), without the caller's position.
    public func errorValue(for error: any Error, function: String) -> LuaValue {
        if let e = error as? LuaArgumentError { return .string(e.message(function: function)) }
        return luaValue(for: error)
    }
}

extension LuaStack {
    /// Reads the value at `index`, never failing: tables as references when
    /// `keepingReferences` (their identity kept), otherwise copied (a table
    /// that cannot be copied, such as one with a cycle, comes as a reference).
    public func value(at index: Int32, keepingReferences: Bool = false) -> LuaValue {
        if keepingReferences, type(at: index) == .table { return .reference(reference(to: index)) }
        return LuaValue.readLossy(from: self, at: index)
    }
}
