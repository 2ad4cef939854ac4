import CLunar
import LunarBridge
import LunarJSON
import LunarStorage

/// `lunar.storage`: `get(key)`, `set(key, value)`, `remove(key)`, `keys()` over the state's
/// ``ScriptStorage``. Values are anything with a JSON form, as `lunar.json` encodes it (nil,
/// booleans, finite numbers, strings, sequences, tables with string keys); `set(key, nil)`
/// removes. Every `set` and `remove` is on disk, atomically, before it returns. A value that
/// cannot be stored raises `storage unstorable: ...` naming the key and where in the value the
/// problem is; one past the store's quota raises `storage quota: ...`; either changes nothing.
enum StorageModule {
    static let module = LuaModule("lunar.storage") { m in
        m.rawFunction("get", parameters: ["string"], results: ["any"]) { frame in
            let key: String = try frame.argument(1)
            let store = try frame.state.scriptStorage.store()
            let stack = frame.stack
            _ = stack.reserve(1)
            if let value = store.value(forKey: key) { value.push(to: stack) } else { lua_pushnil(stack.L) }
            return .results(1)
        }
        m.rawFunction("set", parameters: ["string", "any"], results: []) { frame in
            let key: String = try frame.argument(1)
            let store = try frame.state.scriptStorage.store()
            if lua_type(frame.stack.L, 2) <= LUA_TNIL {
                try store.removeValue(forKey: key)
                return .results(0)
            }
            // The JSON text is made in Lua's memory, under the state's cap, and an oversized
            // value is refused before any copy of it exists on the Swift side.
            let parsed: Result<JSONValue, StorageError>
            do throws(LuaJSONError) {
                let limit = store.quota.maxValueBytes < Int.max ? store.quota.maxValueBytes : nil
                parsed = try frame.stack.withEncodedJSON(at: 2, limit: limit) { text in
                    do {
                        return .success(try JSONValue(parsing: text))
                    } catch {
                        return .failure(StorageError(kind: .unstorable, key: key, message: "cannot store '\(key)': \(error)"))
                    }
                }
            } catch where error.kind == .tooLarge {
                throw store.quota.valueTooLarge(nil, key: key)
            } catch where error.kind == .memory {
                throw LuaError.message("cannot store '\(key)': \(error.message)")
            } catch {
                throw StorageError(kind: .unstorable, key: key, message: "cannot store '\(key)': \(error.message)")
            }
            try store.set(parsed.get(), forKey: key)
            return .results(0)
        }
        m.rawFunction("remove", parameters: ["string"], results: []) { frame in
            let key: String = try frame.argument(1)
            try frame.state.scriptStorage.store().removeValue(forKey: key)
            return .results(0)
        }
        m.rawFunction("keys", parameters: [], results: ["string[]"]) { frame in
            frame.push(try frame.state.scriptStorage.store().keys)
            return .results(1)
        }
    }
}
