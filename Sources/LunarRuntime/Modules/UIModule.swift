import LunarBridge

/// `lunar.ui`: element constructors (written in Lua, so building a tree costs
/// no bridge calls) plus `hud`, `toast` and `alert`, which reach the renderer.
///
/// An element is a plain table `{ kind=, id=, key=, props={}, events={}, children={} }`.
/// Constructors take a label string or a spec table:
///
/// ```lua
/// ui.Column { ui.Text "Hello", ui.Button { title = "Go", onPress = go } }
/// ui.TextField { placeholder = "Account", bind = vm.account, maxLength = 25 }
/// ui.List { items = vm.items, key = "id", row = function(item) return ui.Text(item.name) end }
/// ```
enum UIModule {
    static func native(host: ScreenHostReference) -> LuaModule {
        LuaModule("lunar.ui.native") { m in
            m.function("showHUD(text)") { (text: String?) in host.host?.showHUD(text) }
            m.function("hideHUD") { () in host.host?.hideHUD() }
            m.function("toast(text)") { (text: String) in host.host?.toast(text) }
            m.rawFunction("alert(spec: table)") { frame in
                let spec = try frame.argument(1, as: LuaTableReference.self)
                try host.host?.alert(spec)
                return .results(0)
            }
        }
    }

    static let source = LuaSource("lunar.ui", embedded: PackageResources.ui_lua)
}

/// A weak link from bridged closures to the screen host (which owns the state).
package final class ScreenHostReference: @unchecked Sendable {
    package weak var host: ScreenHost?
    package init() {}
}
