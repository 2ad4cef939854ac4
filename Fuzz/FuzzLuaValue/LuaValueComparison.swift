import CLunar
import LunarBridge

/// Compares a Lua value on the stack with its Swift copy, entry by entry, with
/// the raw API (no metamethods, nothing that can raise).
enum LuaValueComparison {
    /// How deep `LuaValue` copies tables (its documented limit, 200 levels).
    static let maximumDepth = 200

    /// What decides whether `LuaValue.read` may copy a value: a cycle, the
    /// nesting depth, and string keys that are not UTF-8 (`LuaKey` holds text).
    struct Shape {
        var hasCycle = false
        var hasNonUTF8Key = false
        var depth = 0

        var isCopyable: Bool { !hasCycle && !hasNonUTF8Key && depth <= maximumDepth }
    }

    static func shape(of index: Int32, on L: OpaquePointer) -> Shape {
        var shape = Shape()
        var path: Set<UnsafeRawPointer> = []
        visit(lua_absindex(L, index), on: L, level: 0, path: &path, shape: &shape)
        return shape
    }

    private static func visit(_ index: Int32, on L: OpaquePointer, level: Int, path: inout Set<UnsafeRawPointer>, shape: inout Shape) {
        guard lua_type(L, index) == LUA_TTABLE, let pointer = lua_topointer(L, index) else { return }
        guard !path.contains(pointer) else {
            shape.hasCycle = true
            return
        }
        shape.depth = max(shape.depth, level + 1)
        // Deeper than the limit is already a refusal; going on would only cost time.
        guard level <= maximumDepth, !shape.hasCycle else { return }
        precondition(lua_checkstack(L, 4) != 0)
        path.insert(pointer)
        defer { path.remove(pointer) }
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, String(validating: bytes(at: -2, on: L), as: UTF8.self) == nil {
                shape.hasNonUTF8Key = true
            }
            visit(lua_gettop(L), on: L, level: level + 1, path: &path, shape: &shape)
            lunar_pop(L, 1)
        }
    }

    /// A description of the first difference between `value` and the Lua value at `index`, or nil when faithful.
    static func mismatch(_ value: LuaValue, at index: Int32, on L: OpaquePointer, path: String = "$") -> String? {
        let index = lua_absindex(L, index)
        let type = lua_type(L, index)
        switch value {
        case .nil:
            return type == LUA_TNIL ? nil : "\(path): nil for a \(typeName(type, on: L))"
        case .boolean(let flag):
            return type == LUA_TBOOLEAN && (lua_toboolean(L, index) != 0) == flag ? nil : "\(path): boolean \(flag) differs"
        case .integer(let integer):
            guard type == LUA_TNUMBER, lua_isinteger(L, index) != 0 else { return "\(path): integer for a \(typeName(type, on: L))" }
            return lua_tointegerx(L, index, nil) == integer ? nil : "\(path): integer \(integer) differs"
        case .number(let number):
            guard type == LUA_TNUMBER, lua_isinteger(L, index) == 0 else { return "\(path): float for a \(typeName(type, on: L))" }
            return lua_tonumberx(L, index, nil).bitPattern == number.bitPattern ? nil : "\(path): float \(number) differs in its bits"
        case .string(let text):
            guard type == LUA_TSTRING else { return "\(path): string for a \(typeName(type, on: L))" }
            return bytes(at: index, on: L) == Array(text.utf8) ? nil : "\(path): string \(text.debugDescription) differs"
        case .bytes(let raw):
            guard type == LUA_TSTRING else { return "\(path): bytes for a \(typeName(type, on: L))" }
            guard bytes(at: index, on: L) == raw else { return "\(path): bytes differ" }
            return String(validating: raw, as: UTF8.self) == nil ? nil : "\(path): valid UTF-8 copied as bytes"
        case .table(let table):
            guard type == LUA_TTABLE else { return "\(path): table for a \(typeName(type, on: L))" }
            return mismatch(table, at: index, on: L, path: path)
        case .function, .reference:
            return "\(path): \(value.typeName) copied by reference, but plain values were built"
        }
    }

    private static func mismatch(_ table: LuaTable, at index: Int32, on L: OpaquePointer, path: String) -> String? {
        precondition(lua_checkstack(L, 4) != 0)
        var entries = 0
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            entries += 1
            let key: LuaKey
            switch lua_type(L, -2) {
            case LUA_TNUMBER:
                key = lua_isinteger(L, -2) != 0 ? .integer(Int(lua_tointegerx(L, -2, nil))) : .number(lua_tonumberx(L, -2, nil))
            case LUA_TBOOLEAN:
                key = .boolean(lua_toboolean(L, -2) != 0)
            case LUA_TSTRING:
                let raw = bytes(at: -2, on: L)
                guard let text = String(validating: raw, as: UTF8.self) else {
                    lunar_pop(L, 2)
                    return "\(path): key \(raw) is not UTF-8, so LuaKey cannot hold it"
                }
                key = .string(text)
            default:
                lunar_pop(L, 2)
                return "\(path): a \(typeName(lua_type(L, -2), on: L)) key was built"
            }
            if let difference = mismatch(table[key], at: -1, on: L, path: "\(path)[\(key)]") {
                lunar_pop(L, 2)
                return difference
            }
            lunar_pop(L, 1)
        }
        let copied = table.array.count + table.fields.count
        return copied == entries ? nil : "\(path): \(entries) entries in Lua, \(copied) in the copy"
    }

    private static func bytes(at index: Int32, on L: OpaquePointer) -> [UInt8] {
        var length = 0
        guard let pointer = lua_tolstring(L, index, &length) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: length))
    }

    private static func typeName(_ type: Int32, on L: OpaquePointer) -> String {
        String(cString: lua_typename(L, type))
    }
}
