/// A Lua stack frame while stopped (Lua functions only; C functions are left out).
public struct LuaDebugFrame: Sendable, Equatable {
    /// The frame's id while this stop lasts (its stack level, plus one).
    public var id: Int
    /// The function's name as Lua's own tracebacks give it: `function 'screens.login.render'`
    /// (held by a loaded module, or a global), `field 'run'`, `method 'save'`, `local 'f'`,
    /// `upvalue 'g'`, `main chunk`, or where it is defined (`function <app.lua:12>`).
    public var name: String
    /// The chunk name: `@screens/login.lua` for a bundle file, `=lunar.ui` for Lunar's own Lua.
    public var chunk: String
    public var line: Int
    /// A function of Lunar's own Lua (a chunk named `=...`), not the user's.
    public var isLunar: Bool { chunk.hasPrefix("=") }
}
