import LunarBridge
import LunarIntercept
import LunarUI

/// The runtime's hook points and their Swift face: screen steps, view-model
/// steps and bridged module calls. `lunar.intercept` is the Lua face of the
/// same registry.
///
/// ```swift
/// try await runtime.withInterceptors { intercept in
///     intercept.screen(.didAppear, .after { screen, _ in print("shown:", screen.module) })
///     _ = try intercept.call("lunar.navigator", "push", .before { call in print(call.arguments) })
/// }
/// ```
///
/// Order within a position: Swift hooks (this face) before script hooks
/// (`lunar.intercept`), each side in registration order. See ``HookPoint``
/// for the rest of the rules (once, removal during a call, errors).
///
/// Confined to the runtime's executor, like the Lua state it belongs to.
public final class Interceptors {
    unowned let state: LuaState
    /// The screen host, when the state runs screens (not under `lunar exec`).
    weak var host: ScreenHost?
    private var screenPoints: [ScreenEvent: HookPoint<ScreenHookCall, [LuaValue]>] = [:]
    private var viewModelPoints: [ViewModelEvent: HookPoint<ViewModelHookCall, [LuaValue]>] = [:]
    private var calls: [LuaFunctionKey: CallInterception] = [:]
    /// Hooks scoped to one screen, removed when it closes.
    private var instanceTokens: [ScreenID: [HookToken]] = [:]
    private var helperTable: LuaTableReference?

    /// Where hook errors go. By default: the state's error handler (a script
    /// hook's error keeps its file:line and traceback).
    public var onFailure: (HookFailure) -> Void

    /// The default setup: the Swift after-`load` hook that creates and
    /// initializes the screen's view-model, then calls `bindViewModel(params)`
    /// and `configNavigation()`. Remove it to replace it with your own.
    public internal(set) var defaultSetup = HookToken.inactive()

    init(state: LuaState) {
        self.state = state
        onFailure = { [unowned state] failure in
            state.report(Interceptors.scriptError(for: failure))
        }
        for event in ScreenEvent.allCases {
            screenPoints[event] = HookPoint("screen." + event.rawValue) { [unowned self] in self.onFailure($0) }
        }
        for event in ViewModelEvent.allCases {
            viewModelPoints[event] = HookPoint("viewmodel." + event.rawValue) { [unowned self] in self.onFailure($0) }
        }
    }

    /// The state's registry, created on first use.
    static func installed(on state: LuaState) -> Interceptors {
        if let existing = state[extension: Interceptors.self] { return existing }
        let interceptors = Interceptors(state: state)
        state[extension: Interceptors.self] = interceptors
        return interceptors
    }

    // MARK: Swift face

    /// Hooks a screen step for every screen, those `scope` matches, or one
    /// screen (`.instance(id)`; removed when that screen closes).
    /// An `after` hook sees the method's outcome (a failed step is also
    /// reported and shown as the screen's error overlay).
    @discardableResult
    public func screen(_ event: ScreenEvent, _ hook: ScreenHook, once: Bool = false,
                       scope: HookScope<ScreenHookCall> = .all) -> HookToken {
        addScreenHook(event, hook, side: .swift, once: once, scope: scope)
    }

    /// Hooks a view-model step (`create`, `initialize`) of every screen's
    /// view-model, or of those `scope` matches.
    @discardableResult
    public func viewModel(_ event: ViewModelEvent, _ hook: ViewModelHook, once: Bool = false,
                          scope: HookScope<ViewModelHookCall> = .all) -> HookToken {
        addViewModelHook(event, hook, side: .swift, once: once, scope: scope)
    }

    /// Hooks every call of a bridged module function, named as scripts
    /// require it (`"lunar.navigator"`, `"native.analytics"`). A function a
    /// Lua-written module re-exports from a native one is hooked at its source.
    /// Throws when the module or function cannot be found, or is written in Lua.
    @discardableResult
    public func call(_ module: String, _ function: String, _ hook: CallHook, once: Bool = false,
                     scope: HookScope<InterceptedCall> = .all) throws -> HookToken {
        let key = try resolve(module: module, function: function)
        return addCallHook(key, hook, side: .swift, once: once, scope: scope)
    }

    /// Every registered hook, Swift and script: screen steps, view-model steps, then bridged
    /// calls (by function name), each point's hooks in run order.
    public var registrations: [HookRegistration] {
        let screens = ScreenEvent.allCases.flatMap { point(for: $0).registrations }
        let viewModels = ViewModelEvent.allCases.flatMap { point(for: $0).registrations }
        let bridged = calls.values.sorted { $0.key.description < $1.key.description }.flatMap { $0.point.registrations }
        return screens + viewModels + bridged
    }

    // MARK: Hook points

    func point(for event: ScreenEvent) -> HookPoint<ScreenHookCall, [LuaValue]> { screenPoints[event]! }
    func point(for event: ViewModelEvent) -> HookPoint<ViewModelHookCall, [LuaValue]> { viewModelPoints[event]! }

    func addScreenHook(_ event: ScreenEvent, _ hook: ScreenHook, side: HookSide, once: Bool,
                       scope: HookScope<ScreenHookCall>) -> HookToken {
        let token = point(for: event).add(hook, side: side, once: once, scope: scope)
        if let id = scope.instance?.base as? ScreenID {
            if host?.screens[id] == nil {
                token.remove()  // that screen is already gone: nothing will ever match
            } else {
                instanceTokens[id, default: []].append(token)
            }
        }
        return token
    }

    func addViewModelHook(_ event: ViewModelEvent, _ hook: ViewModelHook, side: HookSide, once: Bool,
                          scope: HookScope<ViewModelHookCall>) -> HookToken {
        point(for: event).add(hook, side: side, once: once, scope: scope)
    }

    /// Adds a call hook. `script`: the Lua function of a script hook, so that
    /// when a call has only plain script `after` hooks the bridge runs them
    /// itself, from C, and no Swift interceptor is on the call's path.
    func addCallHook(_ key: LuaFunctionKey, _ hook: CallHook, side: HookSide, once: Bool,
                     scope: HookScope<InterceptedCall>, script: LuaFunction? = nil) -> HookToken {
        let interception: CallInterception
        if let existing = calls[key] {
            interception = existing
        } else {
            interception = CallInterception(key: key) { [unowned self] in self.onFailure($0) }
            interception.point.onChange = { [unowned self, unowned interception] in
                self.divertCalls(to: interception)
            }
            calls[key] = interception
        }
        let tag = script.map(ScriptHookTag.init)
        return interception.point.add(hook, side: side, once: once, scope: scope, tag: tag)
    }

    /// Points the bridge at the hooks of `interception`: nothing while it has
    /// none, the C fast path while all are plain script `after` hooks, else
    /// the Swift interceptor.
    private func divertCalls(to interception: CallInterception) {
        let key = interception.key
        let point = interception.point
        if let tags = point.plainAfterTags, case let functions = tags.compactMap({ ($0 as? ScriptHookTag)?.function }),
           functions.count == tags.count {
            state.setInterceptor(nil, for: key)
            state.setAfterHooks(functions, onFailure: { [unowned self] error in
                self.onFailure(HookFailure(point: key.description, position: .after, side: .script, error: error))
            }, for: key)
        } else {
            state.setAfterHooks([], onFailure: { _ in }, for: key)
            state.setInterceptor(point.isEmpty ? nil : interception, for: key)
        }
    }

    /// Drops the hooks scoped to a screen that closed.
    func screenClosed(_ id: ScreenID) {
        for token in instanceTokens.removeValue(forKey: id) ?? [] { token.remove() }
    }

    /// The bridged function `module.function` names.
    func resolve(module: String, function: String) throws -> LuaFunctionKey {
        if state.declaresFunction(module: module, function: function) {
            return LuaFunctionKey(module: module, function: function)
        }
        let value: LuaValue
        do {
            value = try callHelper("lookup", [.string(module), .string(function)]).first ?? .nil
        } catch {
            throw InterceptError("cannot intercept '\(module).\(function)': \(error.message)")
        }
        guard case .function(let fn) = value else {
            throw InterceptError("cannot intercept '\(module).\(function)': module '\(module)' has no function '\(function)'")
        }
        guard let key = state.bridgedFunctionKey(of: fn) else {
            throw InterceptError("cannot intercept '\(module).\(function)': it is a Lua function (only bridged Swift functions can be intercepted)")
        }
        return key
    }

    // MARK: Lua helpers

    /// Whether a table (or what its metatable's `__index` gives) has `method`.
    func defines(_ subject: LuaValue, _ method: String) -> Bool {
        do {
            return try callHelper("defines", [subject, .string(method)]).first?.isTruthy ?? false
        } catch {
            state.report(error)
            return false
        }
    }

    /// Calls a helper; tables come back by reference.
    func callHelper(_ name: String, _ arguments: [LuaValue]) throws(LuaScriptError) -> [LuaValue] {
        let helpers: LuaTableReference
        if let helperTable {
            helpers = helperTable
        } else {
            let chunk = try state.load(Self.helperSource)
            let value = try state.callReturningAll(chunk, [], keepingReferences: true)[0]
            guard case .reference(let table) = value else {
                throw LuaScriptError(wrapping: InterceptError("lunar.intercept helpers did not load"))
            }
            helpers = LuaTableReference(reference: table)
            helperTable = helpers
        }
        return try state.callReturningAll(helpers.function(name, in: state), arguments, keepingReferences: true)
    }

    /// A failure as the state's error handler takes it.
    static func scriptError(for failure: HookFailure) -> LuaScriptError {
        if let error = failure.error as? LuaScriptError { return error }
        let message = failure.description
        return LuaScriptError(kind: .runtime, message: message, location: nil, traceback: nil, value: .string(message))
    }

    /// Written in Lua so metamethods and `require` run inside protected calls.
    static let helperSource = LuaSource("lunar.intercept", embedded: PackageResources.intercept_lua)
}

/// A hook that cannot be registered (an unknown module or function, a Lua function).
public struct InterceptError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Marks a script call hook with its Lua function (see ``Interceptors/addCallHook``).
private final class ScriptHookTag {
    let function: LuaFunction
    init(_ function: LuaFunction) { self.function = function }
}
