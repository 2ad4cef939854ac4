import LunarBridge
import LunarIntercept

/// `lunar.intercept`: hooks from Lua on screen steps, view-model steps and
/// bridged calls. Every registration returns a token with `:remove()`.
///
/// ```lua
/// local intercept = require("lunar.intercept")
/// intercept.screen("didAppear", "after", function(screen) log.info("shown " .. tostring(screen.title)) end)
/// intercept.screen("load", "before", fn, { once = true, when = function(s) return s.bindViewModel ~= nil end })
/// intercept.viewmodel("initialize", "after", function(vm, screen) vm.ready = true end)
/// intercept.call("lunar.navigator", "push", "instead", function(proceed, target, params)
///   if target == "secret" then return end
///   return proceed(target, params)
/// end)
/// ```
enum InterceptModule {
    /// Reaches the calling state's registry (`state[extension: Interceptors.self]`).
    static let module = LuaModule("lunar.intercept", summary: "Hooks on screen steps, view-model steps and bridged calls.") { m in
        m.rawFunction("screen(event: string, position: string, hook: function, options: table?): { remove: fun(): boolean }", summary: "Hooks a screen step (load, render, didAppear, ...) before, instead of or after it.") { frame in
            let interceptors = Interceptors.installed(on: frame.state)
            let event = try choice(frame, 1, ScreenEvent.self, what: "screen event")
            let position = try choice(frame, 2, HookPosition.self, what: "position")
            let fn: LuaFunction = try frame.argument(3)
            let options = try HookOptions(frame, at: 4, allowsInstance: true)
            var scope = HookScope<ScreenHookCall>.all
            if let pointer = options.instance {
                guard let id = interceptors.host?.screenID(ofInstanceAt: pointer) else {
                    throw LuaArgumentError(position: 4, problem: "field 'instance': not an open screen")
                }
                scope = .instance(id)
            } else if let when = options.when {
                scope = .matching { [unowned interceptors] call in
                    interceptors.admits(when, [.reference(call.instance.reference)], point: "screen." + event.rawValue, position)
                }
            }
            let hook = ScriptHooks.screen(fn, position, state: frame.state)
            let token = interceptors.addScreenHook(event, hook, side: .script, once: options.once, scope: scope)
            pushToken(token, frame)
            return .results(1)
        }
        m.rawFunction("viewmodel(event: string, position: string, hook: function, options: table?): { remove: fun(): boolean }", summary: "Hooks a view-model step before, instead of or after it.") { frame in
            let interceptors = Interceptors.installed(on: frame.state)
            let event = try choice(frame, 1, ViewModelEvent.self, what: "view-model event")
            let position = try choice(frame, 2, HookPosition.self, what: "position")
            let fn: LuaFunction = try frame.argument(3)
            let options = try HookOptions(frame, at: 4, allowsInstance: false)
            var scope = HookScope<ViewModelHookCall>.all
            if let when = options.when {
                scope = .matching { [unowned interceptors] call in
                    interceptors.admits(when, [call.subject, .reference(call.screen.reference)], point: "viewmodel." + event.rawValue, position)
                }
            }
            let hook = ScriptHooks.viewModel(fn, position, state: frame.state)
            let token = interceptors.addViewModelHook(event, hook, side: .script, once: options.once, scope: scope)
            pushToken(token, frame)
            return .results(1)
        }
        m.rawFunction("call(module: string, name: string, position: string, hook: function, options: table?): { remove: fun(): boolean }", summary: "Hooks a bridged function of a module before, instead of or after it.") { frame in
            let interceptors = Interceptors.installed(on: frame.state)
            let module: String = try frame.argument(1)
            let function: String = try frame.argument(2)
            let position = try choice(frame, 3, HookPosition.self, what: "position")
            let fn: LuaFunction = try frame.argument(4)
            let options = try HookOptions(frame, at: 5, allowsInstance: false)
            if options.when != nil {
                throw LuaArgumentError(position: 5, problem: "field 'when' is for screen and view-model hooks")
            }
            let key = try interceptors.resolve(module: module, function: function)
            let token = interceptors.addCallHook(key, ScriptHooks.call(fn, position), side: .script, once: options.once, scope: .all,
                                                script: position == .after ? fn : nil)
            pushToken(token, frame)
            return .results(1)
        }
    }

    /// Reads a string argument that must name one of `T`'s cases.
    private static func choice<T: RawRepresentable & CaseIterable>(
        _ frame: LuaCallFrame, _ position: Int32, _ type: T.Type, what: String
    ) throws -> T where T.RawValue == String {
        let name: String = try frame.argument(position)
        guard let value = T(rawValue: name) else {
            let names = T.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw LuaArgumentError(position: Int(position), problem: "unknown \(what) '\(name)' (expected \(names))")
        }
        return value
    }

    private static func pushToken(_ token: HookToken, _ frame: LuaCallFrame) {
        frame.stack.pushHandle(methods: ["remove": { token.remove() }])
    }
}

/// The options table of a registration: `{ once =, when =, instance = }`.
private struct HookOptions {
    var once = false
    var when: LuaFunction?
    /// The identity (``LuaStack/identity(at:)``) of the `instance` table.
    var instance: UnsafeRawPointer?

    init(_ frame: LuaCallFrame, at position: Int32, allowsInstance: Bool) throws {
        let stack = frame.stack
        switch stack.type(at: position) {
        case .none, .nil: return
        case .table: break
        default:
            throw LuaArgumentError(position: Int(position), problem: "options table expected, got \(frame.stack.typeName(at: position))")
        }
        let view = try frame.argument(position, as: LuaTableView.self)
        do {
            once = try view.field("once", as: Bool.self) ?? false
            when = try view.field("when", as: LuaFunction.self)
        } catch {
            throw LuaArgumentError(position: Int(position), problem: "bad option (\(error.problem))")
        }
        instance = try view.withField("instance") { field throws(LuaArgumentError) -> UnsafeRawPointer? in
            switch stack.type(at: field) {
            case .nil: return nil
            case .table where allowsInstance: return stack.identity(at: field)
            case _ where !allowsInstance:
                throw LuaArgumentError(position: Int(position), problem: "field 'instance' is for screen hooks")
            default:
                throw LuaArgumentError(position: Int(position), problem: "field 'instance': screen table expected, got \(stack.typeName(at: field))")
            }
        }
        if instance != nil, when != nil {
            throw LuaArgumentError(position: Int(position), problem: "give 'when' or 'instance', not both")
        }
    }
}

extension Interceptors {
    /// Runs a script `when` predicate; an error in it is reported and counts as "no".
    func admits(_ predicate: LuaFunction, _ arguments: [LuaValue], point: String, _ position: HookPosition) -> Bool {
        do {
            return try state.callReturningAll(predicate, arguments).first?.isTruthy ?? false
        } catch {
            onFailure(HookFailure(point: point, position: position, side: .script, error: error))
            return false
        }
    }
}
