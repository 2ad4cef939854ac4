/// An evaluation that failed: Lua's message.
public struct LuaDebugError: Error, Sendable, Equatable {
    public var message: String
}
