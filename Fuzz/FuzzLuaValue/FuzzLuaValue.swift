import CLunar
import Foundation
import LunarBridge
import LunarJSON

// Fuzzes the conversion of Lua values into Swift (`LuaValue.read`) and back
// (`LuaValue.push`), and the Codable layer on top (`LuaValueEncoder`/`Decoder`).
//
// The input is a little program (see `LuaValueBuilder`) that builds Lua values
// with the raw API: nested tables, shared tables and cycles, strings with NULs
// and invalid UTF-8, integer and float edge values, keys of every copyable type.
// Invariants, for every value built:
// - `read` refuses exactly the values with a cycle, a string key that is not
//   UTF-8, or nesting deeper than `LuaValue`'s limit, with an error, never a trap;
// - a value it reads is faithful: every entry of every table is there with
//   the same type and bits, and nothing else (see `LuaValueComparison`);
// - pushing the `LuaValue` back builds a Lua value it is faithful to;
// - decoding it as a `JSONValue` and encoding that back reads the same again;
// - a Codable record built from the input survives encode, push, read, decode;
// - the storage encoding (JSON text under a size limit) agrees with the unlimited one.

/// One Lua state for every input (libFuzzer runs inputs one at a time on one thread).
nonisolated(unsafe) private let state: LuaState = {
    do {
        return try LuaState()
    } catch {
        fatalError("cannot create a Lua state: \(error)")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzLuaValue(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    let stack = state.stack
    let L = stack.L
    let base = lua_gettop(L)
    defer { lua_settop(L, base) }

    var builder = LuaValueBuilder(L: L, input: FuzzInput(bytes))
    builder.run()
    for index in stride(from: base + 1, through: lua_gettop(L), by: 1) {
        checkConversion(at: index, on: stack)
        checkStorageEncoding(at: index, on: stack, limit: 1 + size * 3)
    }
    checkRecord(FuzzInput(bytes))
    return 0
}

private func checkConversion(at index: Int32, on stack: LuaStack) {
    let L = stack.L
    let shape = LuaValueComparison.shape(of: index, on: L)
    let value: LuaValue
    do {
        value = try LuaValue.read(from: stack, at: index)
    } catch {
        precondition(!shape.isCopyable, "read refused a plain value: \(error)")
        return
    }
    precondition(shape.isCopyable, "read accepted what it cannot copy (\(shape)): \(value)")
    if let mismatch = LuaValueComparison.mismatch(value, at: index, on: L) {
        fatalError("LuaValue.read is not faithful: \(mismatch); read \(value)")
    }
    value.push(to: stack)
    if let mismatch = LuaValueComparison.mismatch(value, at: lua_gettop(L), on: L) {
        fatalError("LuaValue.push is not faithful: \(mismatch); pushed \(value)")
    }
    lunar_pop(L, 1)

    // Codable: whatever decodes as JSON encodes back to a Lua value that decodes the same.
    guard let json = try? LuaValueDecoder().decode(JSONValue.self, from: value), !json.containsNaN else { return }
    do {
        let encoded = try LuaValueEncoder().encode(json)
        let again = try LuaValueDecoder().decode(JSONValue.self, from: encoded)
        precondition(again == json, "JSONValue \(json) became \(again) through LuaValueEncoder")
    } catch {
        fatalError("JSONValue \(json) does not survive LuaValueEncoder then LuaValueDecoder: \(error)")
    }
}

/// What `lunar.storage` does with a value: JSON text made in Lua's memory, stopped at a size
/// limit. With a limit it must agree with the unlimited encoding (the same text when that fits,
/// `tooLarge` exactly when it does not, the same refusal for a value with no JSON form), and the
/// text must parse back as the JSON the store keeps.
private func checkStorageEncoding(at index: Int32, on stack: LuaStack, limit: Int) {
    let whole: Result<Data, LuaJSONError>
    do throws(LuaJSONError) {
        whole = .success(try stack.encodeJSON(at: index))
    } catch {
        whole = .failure(error)
    }
    let limited: Result<Data, LuaJSONError>
    do throws(LuaJSONError) {
        limited = .success(try stack.withEncodedJSON(at: index, limit: limit) { Data($0) })
    } catch {
        limited = .failure(error)
    }
    switch (whole, limited) {
    case (.success(let text), .success(let fitted)):
        precondition(text == fitted && text.count <= limit, "the limited text differs or passes the limit \(limit)")
        do {
            _ = try JSONValue(parsing: text)
        } catch {
            fatalError("the storage text does not parse: \(error): \(String(decoding: text, as: UTF8.self))")
        }
    case (.success(let text), .failure(let error)):
        precondition(error.kind == .tooLarge && text.count > limit, "refused a \(text.count)-byte text under limit \(limit): \(error)")
    case (.failure(let error), .success):
        fatalError("the limited encoder accepted what the whole one refused: \(error)")
    case (.failure(let error), .failure(let again)):
        // Stopping at the limit may come before the walk reaches what has no JSON form.
        precondition(again == error || again.kind == .tooLarge, "\(error) became \(again) under a limit")
    }
}

/// A typed record with the edge values the input gives: encode, push, read, decode.
private func checkRecord(_ input: FuzzInput) {
    var input = input
    let record = FuzzRecord(from: &input, depth: 0)
    do {
        let value = try LuaValueEncoder().encode(record)
        value.push(to: state.stack)
        defer { lunar_pop(state.L, 1) }
        let read = try LuaValue.read(from: state.stack, at: -1)
        let back = try LuaValueDecoder().decode(FuzzRecord.self, from: read)
        precondition(back == record, "record \(record) came back as \(back)")
    } catch {
        fatalError("record \(record) does not survive the bridge: \(error)")
    }
}

extension JSONValue {
    /// Whether a NaN is inside (NaN is not equal to itself, so such values cannot be compared).
    fileprivate var containsNaN: Bool {
        switch self {
        case .number(let number): number.isNaN
        case .array(let elements): elements.contains { $0.containsNaN }
        case .object(let members): members.values.contains { $0.containsNaN }
        case .null, .bool, .string: false
        }
    }
}
