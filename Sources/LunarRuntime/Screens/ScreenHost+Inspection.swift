import LunarBridge
import LunarRouter
import LunarUI

/// What an inspector (the developer tools) reads of the running app; executor only.
extension ScreenHost {
    /// One shown screen, described: the navigation stack's entries.
    package struct ShownScreen: Sendable {
        /// The screen's id, as its renderer knows it.
        package var id: ScreenID
        /// The screen's module (`screens.login`).
        package var module: String
        /// Its title, if it has one.
        package var title: String?
        /// Whether it was presented (a modal).
        package var modal: Bool
    }

    /// The shown screens, bottom first (the root stack, then each modal stack).
    package var shownScreens: [ShownScreen] {
        screens.stacks.flatMap { $0 }.compactMap { id in
            screens[id].map { ShownScreen(id: id, module: $0.module, title: $0.title, modal: $0.modal) }
        }
    }

    /// The mutations that build `screen`'s content as it was last rendered (``Reconciler/creation()``).
    package func contentCreation(of screen: ScreenID) -> [Mutation] {
        screens[screen]?.reconciler.creation() ?? []
    }

    /// The Lua table of a shown screen: `self` in its methods (its `viewModel` is a field).
    package func instance(of screen: ScreenID) -> LuaTableReference? {
        screens[screen]?.instance
    }

    /// The Lua tree `screen` was last rendered from (its elements, components expanded: an
    /// output root's `component` is its instance), walked by the reconciler's paths (child
    /// positions from the root, as ``contentCreation(of:)`` nests them).
    package func lastTree(of screen: ScreenID) -> LuaTableReference? {
        screens[screen]?.lastTree
    }

    /// The runtime's interceptors (``LunarRuntime/withInterceptors(_:)`` gives them to hosts).
    package var interceptorRegistry: Interceptors { interceptors }

    /// The app's router (`lunar.router`: the manifest's routes and the script's own).
    package var appRouter: Router { router }
}
