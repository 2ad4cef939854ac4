import Foundation
import LunarBridge
import LunarStorage

/// `lunar.storage`: `get(key)`, `set(key, value)`, `remove(key)`, `keys()` over the state's
/// ``ScriptStorage``. A value is stored as the JSON text `lunar.json` encodes it to, and `get`
/// decodes that text as `json.decode` does (`null` is `json.null`, integers stay integers and
/// floats floats), so a value comes back as `json.decode(json.encode(value))`. `set(key, nil)`
/// removes. Every `set` and `remove` is on disk, atomically, before it returns. A value that
/// cannot be stored raises `storage unstorable: ...` naming the key and where in the value the
/// problem is; one past the store's quota raises `storage quota: ...`; either changes nothing.
public enum StorageModule {
    /// Gives `state` a ``ScriptStorage`` kept in `directory`, within `quota`, and registers
    /// `lunar.storage`.
    public static func install(on state: LuaState, directory: URL, quota: StorageQuota = .default) {
        state[extension: ScriptStorage.self] = ScriptStorage(directory: directory, quota: quota)
        state.register(module)
    }

    static let module = LuaModule("lunar.storage", summary: "The bundle's own key-value store, kept on disk across runs.") { m in
        m.rawFunction("get(key: string): any", summary: "The value stored under key, or nil.") { frame in
            let key: String = try frame.argument(1)
            let store = try frame.state.scriptStorage.store()
            let stack = frame.stack
            guard let text = store.jsonText(forKey: key) else {
                _ = stack.reserve(1)
                stack.pushNil()
                return .results(1)
            }
            let pushed = text.withUnsafeBytes { bytes in Result { () throws(LuaJSONError) in try stack.pushJSON(bytes) } }
            if case .failure(let error) = pushed {
                // The store checked the text when it was written or read; only a hand-edited file gets here.
                guard error.kind == .memory else {
                    throw StorageError(kind: .corrupt, key: key, message: "the value of '\(key)' in \(store.fileURL.path) is not JSON: \(error.message)")
                }
                throw LuaError.message("cannot read '\(key)': \(error.message)")
            }
            return .results(1)
        }
        m.rawFunction("set(key: string, value: any)", summary: "Stores a JSON-representable value under key (nil removes it).") { frame in
            let key: String = try frame.argument(1)
            let store = try frame.state.scriptStorage.store()
            if frame.stack.type(at: 2).isAbsent {
                if store.jsonText(forKey: key) != nil { try frame.charge(units: writeCost) }  // a write
                try store.removeValue(forKey: key)
                return .results(0)
            }
            // The JSON text is made in Lua's memory, under the state's cap, and an oversized
            // value is refused before any copy of it exists on the Swift side.
            let text: [UInt8]
            do throws(LuaJSONError) {
                let limit = store.quota.maxValueBytes < Int.max ? store.quota.maxValueBytes : nil
                text = try frame.stack.withEncodedJSON(at: 2, limit: limit) { [UInt8]($0) }
            } catch where error.kind == .tooLarge {
                throw store.quota.valueTooLarge(nil, key: key)
            } catch where error.kind == .memory {
                throw LuaError.message("cannot store '\(key)': \(error.message)")
            } catch {
                throw StorageError(kind: .unstorable, key: key, message: "cannot store '\(key)': \(error.message)")
            }
            // Charged before the write, so a spent budget changes nothing.
            try frame.charge(units: writeCost + text.count)
            try store.setJSONText(text, forKey: key)
            return .results(0)
        }
        m.rawFunction("remove(key: string)", summary: "Removes key.") { frame in
            let key: String = try frame.argument(1)
            let store = try frame.state.scriptStorage.store()
            if store.jsonText(forKey: key) != nil { try frame.charge(units: writeCost) }  // a write
            try store.removeValue(forKey: key)
            return .results(0)
        }
        m.rawFunction("keys(): string[]", summary: "Every stored key.") { frame in
            frame.push(try frame.state.scriptStorage.store().keys)
            return .results(1)
        }
    }

    /// Instructions charged for each write to disk (`set`, `remove`): a write and its fsync take a
    /// millisecond or more (15 ms here), so a loop of small writes is stopped by the budget too.
    static let writeCost = 300_000
}
