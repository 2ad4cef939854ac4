import LunarBridge
import LunarIntercept
import LunarUI

/// The screen steps hooks can intercept: every lifecycle method, and render.
/// Raw values are the Lua method names (and `intercept.screen`'s event names).
public enum ScreenEvent: String, Sendable, CaseIterable {
    case load, bindViewModel, configNavigation, willAppear, didAppear, willDisappear, didDisappear, unload, render
    /// After a hot reload swapped code in (see docs/development.md).
    case reloaded
}

/// One screen step passing through its hook point: which screen, which step,
/// and the arguments the method gets (`params` for `load` and `bindViewModel`).
///
/// Valid on the runtime's executor, during the call and after it.
public struct ScreenHookCall: Identifiable {
    /// The step.
    public let event: ScreenEvent
    /// The screen (scope a hook to one screen with `.instance(id)`).
    public let id: ScreenID
    /// The screen's module, e.g. `screens.login`.
    public let module: String
    /// The screen instance: the Lua table methods get as `self`.
    public let instance: LuaTableReference
    /// The method's arguments (an `instead` hook may proceed with others).
    public var arguments: [LuaValue]
    unowned let interceptors: Interceptors

    /// Whether the screen defines `method` (on the instance or its module):
    /// the "conforms to a protocol" test for scoping, e.g.
    /// `.matching { $0.defines("bindViewModel") }`.
    public func defines(_ method: String) -> Bool {
        interceptors.defines(.reference(instance.reference), method)
    }
}

/// A hook on a screen step; its output is what the method returned
/// (`render`: the element tree).
public typealias ScreenHook = Hook<ScreenHookCall, [LuaValue]>

/// The view-model steps hooks can intercept (`intercept.viewmodel`'s events).
public enum ViewModelEvent: String, Sendable, CaseIterable {
    /// Making the view-model instance of a screen from its definition.
    case create
    /// Calling the view-model's `initialize()`.
    case initialize
}

/// One view-model step passing through its hook point.
///
/// For `create`, `subject` is the definition (the table `screen.viewModel`
/// names) and the output is `[viewModel]`; for `initialize`, `subject` is the
/// view-model instance.
public struct ViewModelHookCall: Identifiable {
    public let event: ViewModelEvent
    /// The screen the view-model belongs to.
    public let id: ScreenID
    /// The screen instance.
    public let screen: LuaTableReference
    /// The definition (`create`) or the view-model instance (`initialize`).
    public var subject: LuaValue
    unowned let interceptors: Interceptors

    /// Whether the subject defines `method` (for scoping).
    public func defines(_ method: String) -> Bool {
        interceptors.defines(subject, method)
    }
}

/// A hook on a view-model step.
public typealias ViewModelHook = Hook<ViewModelHookCall, [LuaValue]>
