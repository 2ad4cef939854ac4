import LunarBridge
import LunarNetwork

extension ScriptNetwork {
    /// What a script's request delivered to its callback after the reformers (a copy of the
    /// Lua value), or nil when the response carries none: for the inspector's Network panel.
    package static func reformedValue(of response: Response) -> LuaValue? {
        (response.adaptedValue as? LuaDocument)?.value
    }
}
