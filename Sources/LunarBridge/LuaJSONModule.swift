import CLunar

/// `lunar.json`: `decode(s)`, `encode(v)`, `array(t?)` and the `null` sentinel.
///
/// All three functions are written in C (`lunar_json.h`) and run as plain Lua
/// C functions: no Swift frame is on the stack while they parse or allocate,
/// so their errors are ordinary Lua errors, and a memory cap stops them cleanly.
enum LuaJSONModule {
    static let module = LuaModule("lunar.json") { m in
        m.cFunction("decode", parameters: ["string"], results: ["any"], lunar_json_decode)
        m.cFunction("encode", parameters: ["any"], results: ["string"], lunar_json_encode)
        m.cFunction("array", parameters: ["table?"], results: ["table"], lunar_json_array)
        m.field("null") { state in lunar_json_pushnull(state.L) }
    }
}
