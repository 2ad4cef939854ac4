import CLunar
import LunarBridge
import LunarJSON
import LunarStorage

/// `lunar.storage`: `get(key)`, `set(key, value)`, `remove(key)`, `keys()` over the state's
/// ``ScriptStorage``. Values are anything with a JSON form (nil, booleans, finite numbers, UTF-8
/// strings, sequences, tables with string keys); `set(key, nil)` removes. Every `set` and
/// `remove` is on disk, atomically, before it returns. A value that cannot be stored raises
/// `storage unstorable: ...` naming the key and where in the value the problem is, and changes nothing.
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
            let value: LuaValue
            do throws(LuaTypeMismatch) {
                value = try LuaValue.read(from: frame.stack, at: 2)
            } catch {
                throw StorageError(kind: .unstorable, key: key, message: "cannot store '\(key)': \(error.problem)")
            }
            let store = try frame.state.scriptStorage.store()
            if value.isNil {
                try store.removeValue(forKey: key)
                return .results(0)
            }
            let json: JSONValue
            do {
                json = try JSONValue(lua: value)
            } catch {
                throw StorageError(kind: .unstorable, key: key, message: "cannot store '\(key)': \(error)")
            }
            try store.set(json, forKey: key)
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
