import CLunar

/// The C JSON codec's Lua functions (`lunar_json.h`), for `lunar.json`: plain Lua C
/// functions, so no Swift frame is on the stack while they parse or allocate.
enum LuaJSONFunctions {
    /// `json.decode(text)`.
    static var decode: lua_CFunction { lunar_json_decode }
    /// `json.encode(value)`.
    static var encode: lua_CFunction { lunar_json_encode }
    /// `json.array(t?)`.
    static var array: lua_CFunction { lunar_json_array }
}
