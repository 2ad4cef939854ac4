/// The Lua code that called a bridged function, for a typed body that asks for it: a body
/// whose first parameter is a `LuaCaller` gets it filled in (it is not one of the Lua
/// arguments, and stubs do not show it).
///
/// ```swift
/// m.function("info(message)") { (caller: LuaCaller, message: String) in
///     print("\(caller.location?.description ?? "?"): \(message)")   // app.lua:8: hello
/// }
/// ```
/// Valid only during the call: do not keep it.
public struct LuaCaller {
    @usableFromInline let stack: LuaStack

    @inlinable init(stack: LuaStack) { self.stack = stack }

    /// Where the calling Lua code is (`screens/home.lua:8`): the nearest Lua frame, so
    /// `pcall(log.info, "x")` names the line of the `pcall`; nil when no Lua code is near.
    /// Read when asked for (a `luaL_where` a frame), so a body that does not use it pays nothing.
    public var location: LuaSourceLocation? {
        (Int32(1)...Int32(4)).lazy.compactMap { stack.callerLocation(level: $0) }.first
    }
}
