import CLunar
import LunarBridge
import LunarUI

/// Reads the element tree a screen's `render()` returned (plain Lua tables
/// built by `lunar.ui`) into `Element` values, with raw access only.
/// On error the stack is left as is: the caller restores its top.
struct ElementReader {
    let stack: LuaStack
    /// Props bound to signals, by child-index path from the root.
    var bound: [(path: [Int], prop: String, source: LuaValue)] = []

    init(stack: LuaStack) { self.stack = stack }

    /// Reads the element at `index` (absolute).
    mutating func read(at index: Int32, path: [Int] = [], depth: Int = 0) throws(RenderError) -> Element {
        let L = stack.L
        guard depth < 200 else { throw RenderError("the element tree is nested more than 200 levels deep") }
        guard lua_type(L, index) == LUA_TTABLE else {
            throw RenderError("\(describe(path)) is a \(stack.typeName(at: index)), not an element (build elements with lunar.ui)")
        }
        guard stack.reserve(6) else { throw RenderError("the element tree is too deep") }
        let kindName = rawString(index, "kind")
        guard let kindName, let kind = ElementKind(rawValue: kindName) else {
            throw RenderError("\(describe(path)) has no valid 'kind' (got \(kindName.map { "'\($0)'" } ?? "none")): build elements with lunar.ui")
        }
        var element = Element(kind, id: scalarString(index, "id"), key: scalarString(index, "key"))

        try forEachStringKey(of: "props", in: index) { name, value throws(RenderError) in
            if let prop = propValue(at: value) {
                element.props[PropName(rawValue: name)] = prop
            } else if lua_type(L, value) == LUA_TSTRING {
                throw RenderError("\(describe(path, kind)) prop '\(name)' is not valid UTF-8 text (\(invalidUTF8(at: value))); "
                                  + "text shown on screen must be UTF-8")
            } else if lua_type(L, value) != LUA_TNIL {
                throw RenderError("\(describe(path, kind)) prop '\(name)' is a \(stack.typeName(at: value)); props are strings, numbers, booleans or signals")
            }
        }
        try forEachStringKey(of: "events", in: index) { name, value throws(RenderError) in
            if lua_type(L, value) == LUA_TFUNCTION { element.events.insert(EventName(rawValue: name)) }
        }
        var bound: [(path: [Int], prop: String, source: LuaValue)] = []
        try forEachStringKey(of: "bound", in: index) { name, value throws(RenderError) in
            lua_pushvalue(L, value)
            bound.append((path, name, .reference(stack.state.popReference(on: L))))
        }
        self.bound += bound

        // children
        "children".push(to: stack)
        lua_rawget(L, index)
        if lua_type(L, -1) == LUA_TTABLE {
            let children = lua_gettop(L)
            let n = lua_rawlen(L, children)
            if n > 0 {
                element.children.reserveCapacity(Int(n))
                for i in 1...Int(n) {
                    lua_rawgeti(L, children, lua_Integer(i))
                    do {
                        element.children.append(try read(at: lua_gettop(L), path: path + [i - 1], depth: depth + 1))
                    } catch {
                        lunar_pop(L, 2)
                        throw error
                    }
                    lunar_pop(L, 1)
                }
            }
        }
        lunar_pop(L, 1)
        return element
    }

    /// Calls `body(key, valueIndex)` for each string key of the table in field
    /// `field` of the table at `table` (raw access; nothing when absent).
    private func forEachStringKey(of field: String, in table: Int32, _ body: (String, Int32) throws(RenderError) -> Void) throws(RenderError) {
        let L = stack.L
        field.push(to: stack)
        lua_rawget(L, table)
        defer { lunar_pop(L, 1) }
        guard lua_type(L, -1) == LUA_TTABLE else { return }
        let fields = lua_gettop(L)
        lua_pushnil(L)
        while lua_next(L, fields) != 0 {
            defer { lunar_pop(L, 1) }
            guard lua_type(L, -2) == LUA_TSTRING, let key = try? String.read(from: stack, at: -2) else { continue }
            try body(key, lua_gettop(L))
        }
    }

    private func propValue(at index: Int32) -> PropValue? {
        let L = stack.L
        switch lua_type(L, index) {
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return .int(Int(lua_tointegerx(L, index, nil))) }
            return .double(lua_tonumberx(L, index, nil))
        case LUA_TSTRING:
            return (try? String.read(from: stack, at: index)).map(PropValue.string)
        default: return nil
        }
    }

    /// Where the string at `index` stops being UTF-8: "byte 5 is 0xff".
    private func invalidUTF8(at index: Int32) -> String {
        var length = 0
        guard let bytes = lua_tolstring(stack.L, index, &length) else { return "unreadable" }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: length)
        var offset = 0
        var decoder = UTF8()
        var iterator = buffer.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return "unreadable"
            case .error:
                let byte = buffer[min(offset, buffer.count - 1)]
                return "byte \(offset + 1) is 0x\(String(byte, radix: 16))"
            }
        }
    }

    private func rawString(_ table: Int32, _ key: String) -> String? {
        key.push(to: stack)
        lua_rawget(stack.L, table)
        defer { lunar_pop(stack.L, 1) }
        guard lua_type(stack.L, -1) == LUA_TSTRING else { return nil }
        return try? String.read(from: stack, at: -1)
    }

    /// A string or number field as a string (ids and keys may be numbers).
    private func scalarString(_ table: Int32, _ key: String) -> String? {
        key.push(to: stack)
        lua_rawget(stack.L, table)
        defer { lunar_pop(stack.L, 1) }
        let t = lua_type(stack.L, -1)
        guard t == LUA_TSTRING || t == LUA_TNUMBER else { return nil }
        // Convert a copy: lua_tolstring would turn the number in place.
        lua_pushvalue(stack.L, -1)
        defer { lunar_pop(stack.L, 1) }
        return try? String.read(from: stack, at: -1)
    }

    private func describe(_ path: [Int], _ kind: ElementKind? = nil) -> String {
        let place = path.isEmpty ? "the root element" : "element at " + path.map { String($0 + 1) }.joined(separator: ".")
        return kind.map { "\(place) (\($0.rawValue))" } ?? place
    }
}

/// A problem with what `render()` returned.
struct RenderError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

