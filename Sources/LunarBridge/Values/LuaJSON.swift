import struct Foundation.Data

extension LuaState {
    /// Decodes a JSON document by ``LuaStack/pushJSON(_:)``'s rules into a value to hand to Lua:
    /// a table stays in the state and comes back as a reference (not copied into Swift, so it keeps
    /// its `json.array` marks), anything else by value; `null` is the `json.null` sentinel (test it
    /// with ``isJSONNull(_:)``). Throws, changing nothing, when `data` is not JSON.
    public func decodeJSON(_ data: Data) throws(LuaJSONError) -> LuaValue {
        let stack = self.stack
        let pushed = data.withUnsafeBytes { raw in
            Result { () throws(LuaJSONError) in try stack.pushJSON(raw) }
        }
        try pushed.get()
        if stack.type(at: -1) == .table { return .reference(stack.popReference()) }
        defer { stack.pop() }
        return LuaValue.readLossy(from: stack, at: -1)
    }

    /// The JSON text of a Swift-side Lua value; see ``LuaStack/encodeJSON(at:)``.
    public func encodeJSON(_ value: LuaValue) throws(LuaJSONError) -> Data {
        _ = stack.reserve(1)
        value.push(to: stack)
        defer { stack.pop() }
        return try stack.encodeJSON(at: -1)
    }

    /// True if `value` is the `json.null` sentinel (as ``decodeJSON(_:)`` returns for `null`).
    public func isJSONNull(_ value: LuaValue) -> Bool {
        guard case .reference(let reference) = value else { return false }
        push(reference, on: L)
        defer { stack.pop() }
        return stack.isJSONNull(at: -1)
    }
}
