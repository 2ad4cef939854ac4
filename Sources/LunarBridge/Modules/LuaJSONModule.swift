/// `lunar.json`: `decode(s)`, `encode(v)`, `array(t?)` and the `null` sentinel.
///
/// All three functions are written in C (``LuaJSONFunctions``) and run as plain Lua
/// C functions: no Swift frame is on the stack while they parse or allocate,
/// so their errors are ordinary Lua errors, and a memory cap stops them cleanly.
enum LuaJSONModule {
    static let module = LuaModule("lunar.json", summary: "JSON: decode, encode, array markers and the null sentinel.") { m in
        m.cFunction("decode(text: string): any", summary: "Parses JSON text; JSON null becomes json.null.", LuaJSONFunctions.decode)
        m.cFunction("encode(value: any): string", summary: "Writes a value as compact JSON text.", LuaJSONFunctions.encode)
        m.cFunction("array(t: table?): table", summary: "Marks a table (a new one if nil) to encode as a JSON array, even when empty.", LuaJSONFunctions.array)
        m.field("null") { state in state.stack.pushJSONNull() }
    }
}
