import LunarBridge

extension UIModule {
    /// What `lunar.ui` shows scripts (it is written in Lua, so no Swift
    /// declaration says it): the element constructors and the renderer calls.
    static var description: LuaModuleDescription {
        LuaModuleDescription("lunar.ui", summary: "Element constructors, HUD, toast and alert.") { d in
            let spec = "spec: string|table?"
            for kind in ["Column", "Row", "Text", "Spacer", "Divider", "Image", "TextField", "Button", "List"] {
                d.function(kind, [spec], returns: ["lunar.ui.Element"], summary: "Builds a \(kind) element from a label or a spec table.")
            }
            d.field("hud", "{ show: fun(text: string?), hide: fun() }")
            d.function("toast", from: native(host: ScreenHostReference()))
            d.function("alert", ["spec: {title: string?, message: string?, buttons: table?}"], summary: "Shows an alert.")
            d.luaClass(LuaClassDescription(name: "lunar.ui.Element", summary: "An element: a plain table the renderer draws.", properties: [
                LuaPropertySignature(name: "kind", type: "string", isWritable: true),
                LuaPropertySignature(name: "id", type: "string?", isWritable: true),
                LuaPropertySignature(name: "key", type: "string?", isWritable: true),
                LuaPropertySignature(name: "props", type: "table", isWritable: true),
                LuaPropertySignature(name: "events", type: "table", isWritable: true),
                LuaPropertySignature(name: "children", type: "lunar.ui.Element[]", isWritable: true),
            ]))
        }
    }
}
