/// A Lua stack frame while stopped (Lua functions only; C functions are left out).
public struct LuaDebugFrame: Sendable, Equatable {
    /// The frame's id while this stop lasts (its stack level, plus one).
    public var id: Int
    /// The function's name as Lua knows it (`render`, `screen:render`), or `?`.
    public var name: String
    /// The chunk name: `@screens/login.lua` for a bundle file, `=lunar.ui` for Lunar's own Lua.
    public var chunk: String
    public var line: Int
    /// A function of Lunar's own Lua (a chunk named `=...`), not the user's.
    public var isLunar: Bool { chunk.hasPrefix("=") }
}
