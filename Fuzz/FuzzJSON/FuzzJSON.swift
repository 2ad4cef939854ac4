import CLunar
import LunarBridge
import LunarJSON

// Differential fuzzing of the two JSON readers: the C decoder behind Lua's
// `json.decode` (`LuaStack.pushJSON`, straight into Lua values) against
// LunarJSON's Swift parser (`JSONValue(parsing:)`).
//
// Invariants:
// - they agree on accept/reject (nesting included: one limit, LUNAR_JSON_MAX_DEPTH),
//   except where they differ by design: the C decoder refuses invalid UTF-8 in
//   strings (the Swift parser repairs it with U+FFFD);
// - a refusal is an error, never a trap, and leaves the Lua stack as it was;
// - when both accept, the Lua value, written back by the C encoder and read by
//   the Swift parser, equals what the Swift parser read from the input.

/// One Lua state for every input (libFuzzer runs inputs one at a time on one thread).
nonisolated(unsafe) private let state: LuaState = {
    do {
        return try LuaState()
    } catch {
        fatalError("cannot create a Lua state: \(error)")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    let stack = state.stack
    let top = lua_gettop(stack.L)

    let swiftResult = Result { () throws(JSONParseError) in try JSONValue(parsing: bytes) }
    let luaResult = Result { () throws(LuaJSONError) in try stack.pushJSON(UnsafeRawBufferPointer(bytes)) }

    switch (luaResult, swiftResult) {
    case (.success, .success(let swiftValue)):
        precondition(lua_gettop(stack.L) == top + 1, "pushJSON pushed \(lua_gettop(stack.L) - top) values")
        let written: [UInt8]
        do {
            written = Array(try stack.encodeJSON(at: -1))
        } catch {
            fatalError("the C encoder cannot write back what the C decoder read: \(error)")
        }
        lunar_pop(stack.L, 1)
        let reread: JSONValue
        do {
            reread = try JSONValue(parsing: written)
        } catch {
            fatalError("the Swift parser refuses the C encoder's output \(String(decoding: written, as: UTF8.self).debugDescription): \(error)")
        }
        precondition(
            reread == swiftValue,
            "the readers disagree on a value: C gives \(String(decoding: written, as: UTF8.self).debugDescription), Swift \(swiftValue)")
    case (.failure(let error), .failure):
        precondition(lua_gettop(stack.L) == top, "a refused document left \(lua_gettop(stack.L) - top) values on the stack")
        precondition(error.kind == .invalidJSON, "a small document failed for another reason than its text: \(error)")
    case (.failure(let error), .success):
        precondition(lua_gettop(stack.L) == top, "a refused document left \(lua_gettop(stack.L) - top) values on the stack")
        precondition(
            error.message.contains("invalid UTF-8"),
            "the C decoder refuses what the Swift parser accepts: \(error)")
    case (.success, .failure(let error)):
        fatalError("the Swift parser refuses what the C decoder accepts: \(error)")
    }
    return 0
}
