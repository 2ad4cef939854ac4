import LunarBridge
import LunarIntercept
import LunarUI

extension ScreenHost {
    /// Runs one screen step through its hook point; straight to `original`
    /// when the step has no hooks.
    func runStep(_ event: ScreenEvent, on screen: ScreenInstance, _ arguments: [LuaValue],
                 original: @escaping ([LuaValue]) throws(LuaScriptError) -> [LuaValue]) throws(LuaScriptError) -> [LuaValue] {
        let point = interceptors.point(for: event)
        if point.isEmpty { return try original(arguments) }
        let call = ScreenHookCall(event: event, id: screen.id, module: screen.module, instance: screen.instance,
                                  arguments: arguments, interceptors: interceptors)
        do {
            return try point.run(call) { call in try original(call.arguments) }
        } catch {
            throw LuaScriptError(wrapping: error)
        }
    }

    /// Registers the default setup: after a successful `load`, create and
    /// initialize the screen's view-model, then `bindViewModel(params)`, then
    /// `configNavigation()`; a failing step stops the rest (its error overlay shows).
    func installDefaultSetup() {
        interceptors.defaultSetup = interceptors.screen(.load, .after { [weak self] call, outcome in
            guard let self, case .success = outcome, let screen = self.screens[call.id] else { return }
            let params = call.arguments.first ?? .nil
            guard self.setUpViewModel(of: screen) else { return }
            guard self.lifecycle(screen, "bindViewModel", params) == nil else { return }
            self.lifecycle(screen, "configNavigation")
        })
    }

    /// Creates the view-model a screen declares (`viewModel` = a table or a
    /// module name), stores it as the instance's own `viewModel` and calls its
    /// `initialize()`. False (with the error reported and shown) on failure.
    func setUpViewModel(of screen: ScreenInstance) -> Bool {
        let screenValue = LuaValue.reference(screen.instance.reference)
        do {
            guard let definition = try interceptors.callHelper("definition", [screenValue]).first, !definition.isNil else {
                return true
            }
            let created = try runViewModelStep(.create, of: screen, subject: definition) { [interceptors] subject throws(LuaScriptError) in
                try interceptors.callHelper("instantiate", [subject])
            }
            guard let viewModel = created.first, !viewModel.isNil else { return true }
            _ = try interceptors.callHelper("attach", [screenValue, viewModel])
            _ = try runViewModelStep(.initialize, of: screen, subject: viewModel) { [interceptors] subject throws(LuaScriptError) in
                try interceptors.callHelper("call", [subject, .string("initialize")])
            }
            return true
        } catch {
            onScriptError(error)
            showOverlay(error, on: screen)
            if screen.setupFailure == nil { screen.setupFailure = error }
            return false
        }
    }

    private func runViewModelStep(_ event: ViewModelEvent, of screen: ScreenInstance, subject: LuaValue,
                                  original: @escaping (LuaValue) throws(LuaScriptError) -> [LuaValue]) throws(LuaScriptError) -> [LuaValue] {
        let point = interceptors.point(for: event)
        if point.isEmpty { return try original(subject) }
        let call = ViewModelHookCall(event: event, id: screen.id, screen: screen.instance, subject: subject, interceptors: interceptors)
        do {
            return try point.run(call) { call in try original(call.subject) }
        } catch {
            throw LuaScriptError(wrapping: error)
        }
    }

    /// The open screen whose instance is the table at `pointer` (its ``LuaStack/identity(at:)``).
    func screenID(ofInstanceAt pointer: UnsafeRawPointer) -> ScreenID? {
        let stack = state.stack
        for (id, screen) in screens.byID {
            screen.instance.push(to: stack)
            let found = stack.identity(at: -1) == pointer
            stack.pop()
            if found { return id }
        }
        return nil
    }
}

extension LuaScriptError {
    /// A Lua error as is; any other error as a runtime error with its description.
    init(wrapping error: any Error) {
        if let error = error as? LuaScriptError {
            self = error
        } else {
            let message = String(describing: error)
            self.init(kind: .runtime, message: message, location: nil, traceback: nil, value: .string(message))
        }
    }
}
