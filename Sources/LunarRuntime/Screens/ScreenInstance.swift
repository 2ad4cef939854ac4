import LunarBridge
import LunarSignals
import LunarUI

/// One opened screen: the Lua instance table (whose metatable's `__index` is
/// the screen module, so methods come from the module and fields are the
/// instance's own), its reconciler, and its last rendered tree.
final class ScreenInstance {
    let id: ScreenID
    /// The module the screen came from (`screens.login`).
    let module: String
    /// The route URL or module name it was opened with.
    let target: String
    var instance: LuaTableReference
    /// What `load` received, kept for remounting on `--@refresh reset`.
    var params: LuaValue = .nil
    let modal: Bool
    let reconciler = Reconciler()
    /// The Lua element tree of the last successful render: event handlers are
    /// looked up here, so they are always the latest functions.
    var lastTree: LuaTableReference?
    var title: String?
    var overlay: ErrorOverlay?
    var loaded = false
    /// The first error of the opening steps (load, the default setup), if any.
    var setupFailure: LuaScriptError?
    /// Subscriptions to signal-valued props, by node and prop.
    var bindings: [PropBindingKey: PropBinding] = [:]
    /// The virtualized lists shown, by node.
    var lists: [NodeID: VirtualList] = [:]
    /// The Pressables held down (reported `pressIn` and not yet `pressOut`): a re-render
    /// keeps their pressed style.
    var pressed: Set<NodeID> = []
    /// The images shown, by node.
    var images: [NodeID: ShownImage] = [:]

    init(id: ScreenID, module: String, target: String, instance: LuaTableReference, modal: Bool) {
        self.id = id
        self.module = module
        self.target = target
        self.instance = instance
        self.modal = modal
    }
}

struct PropBindingKey: Hashable {
    var node: NodeID
    var prop: String
}

/// A prop bound to a signal: the source object and the subscription the runtime made.
struct PropBinding {
    var source: LuaReference
    var subscription: Subscription

    /// A `lunar.signal` object is subscribed from Swift; any other signal-like object from Lua.
    enum Subscription {
        case native(any Disposable)
        case lua(LuaValue)
    }
}
