/// A Swift error that knows which Lua value to raise (for example an error table).
public protocol LuaErrorConvertible: Error {
    var luaErrorValue: LuaValue { get }
}
