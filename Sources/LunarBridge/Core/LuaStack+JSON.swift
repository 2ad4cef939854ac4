import CLunar
import struct Foundation.Data

extension LuaStack {
    /// Decodes one JSON document straight into Lua values and pushes the result.
    ///
    /// Objects become tables with string keys, arrays sequences (an empty array
    /// is a table marked as an array, so it encodes back as `[]`), numbers
    /// integers when written without fraction or exponent and in range, else
    /// floats; `null` is the `json.null` sentinel. The C decoder runs under a
    /// protected call in strict memory mode, so a memory cap or invalid input
    /// throws and never unwinds through Swift. On success exactly one value is
    /// pushed; on failure the stack is as it was. `bytes` is read during the call only.
    public func pushJSON(_ bytes: UnsafeRawBufferPointer) throws(LuaJSONError) {
        guard reserve(4) else { throw LuaJSONError(kind: .memory, message: "stack overflow") }
        var failure = lunar_JSONFailure()
        let status = lunar_json_pdecode(L, bytes.baseAddress, bytes.count, &failure)
        guard status != LUA_OK else { return }
        let message = popJSONErrorMessage()
        if failure.reason != nil {
            throw LuaJSONError(kind: .invalidJSON, offset: Int(failure.offset), message: message)
        }
        throw LuaJSONError(kind: .memory, message: message)
    }

    /// The JSON text of the value at `index`, as `json.encode` writes it:
    /// compact, object keys sorted bytewise, floats that read back exactly.
    /// Runs under a protected call; throws ``LuaJSONError/Kind/unencodable``
    /// for values JSON cannot hold and ``LuaJSONError/Kind/memory`` at the cap.
    public func encodeJSON(at index: Int32) throws(LuaJSONError) -> Data {
        try withEncodedJSON(at: index) { Data($0) }
    }

    /// Encodes the value at `index` as ``encodeJSON(at:)`` does and lends `body` the text where
    /// it lies, in Lua's memory (under the state's cap): a caller can refuse a text by its size
    /// before any copy of it exists outside the cap. The bytes are valid during `body` only.
    ///
    /// With a `limit`, encoding stops as soon as the text would pass it (throwing
    /// ``LuaJSONError/Kind/tooLarge``), before its buffer grows much past it.
    public func withEncodedJSON<T>(at index: Int32, limit: Int? = nil,
                                   _ body: (UnsafeRawBufferPointer) -> T) throws(LuaJSONError) -> T {
        guard reserve(5) else { throw LuaJSONError(kind: .memory, message: "stack overflow") }
        var overLimit: Int32 = 0
        let status = lunar_json_pencode_limited(L, index, limit.map { max(1, $0) } ?? 0, &overLimit)
        guard status == LUA_OK else {
            let message = popJSONErrorMessage()
            if overLimit != 0 { throw LuaJSONError(kind: .tooLarge, message: "JSON text over \(limit ?? 0) bytes") }
            throw LuaJSONError(kind: status == LUA_ERRRUN ? .unencodable : .memory, message: message)
        }
        defer { lunar_pop(L, 1) }
        var length = 0
        let text = lua_tolstring(L, -1, &length)!
        return body(UnsafeRawBufferPointer(start: text, count: length))
    }

    /// Pushes the `json.null` sentinel (never allocates).
    public func pushJSONNull() { lunar_json_pushnull(L) }

    /// True if the value at `index` is the `json.null` sentinel.
    public func isJSONNull(at index: Int32) -> Bool { lunar_json_isnull(L, index) != 0 }

    private func popJSONErrorMessage() -> String {
        defer { lunar_pop(L, 1) }
        guard lua_type(L, -1) == LUA_TSTRING else { return "unknown error" }
        return String(cString: lua_tolstring(L, -1, nil))
    }
}
