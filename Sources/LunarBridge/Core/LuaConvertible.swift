import CLunar

/// A Swift value that can be pushed onto a Lua stack.
///
/// Pushing never raises: it runs only while Swift is active, when allocations
/// are not refused.
public protocol LuaPushable: SendableMetatype {
    func push(to stack: LuaStack)
}

/// A Swift value that can be read from a Lua stack slot.
public protocol LuaReadable: SendableMetatype {
    /// Reads the value at `index`; throws a mismatch like Lua's own checks.
    static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> Self
    /// Reads the value at `index` when `read` would succeed, nil otherwise
    /// (`read` explains why). The bridge tries it first: a requirement that
    /// throws a typed error is not inlined into specialized generic code
    /// (Swift 6.3), so the common scalar types implement this one too.
    static func readIfValid(from stack: LuaStack, at index: Int32) -> Self?
    /// The LuaLS type name used in generated stubs ("integer", "string", ...).
    static var luaTypeName: String { get }
}

extension LuaReadable {
    public static var luaTypeName: String { "any" }
    @inlinable public static func readIfValid(from stack: LuaStack, at index: Int32) -> Self? {
        try? read(from: stack, at: index)
    }
}

/// Both directions.
public typealias LuaConvertible = LuaPushable & LuaReadable

// MARK: - Scalars

extension Int: LuaConvertible {
    @inlinable public func push(to stack: LuaStack) { lua_pushinteger(stack.L, lua_Integer(self)) }
    @inlinable public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> Int {
        if let v = readIfValid(from: stack, at: index) { return v }
        throw integerMismatch(stack, index)
    }
    @inlinable public static func readIfValid(from stack: LuaStack, at index: Int32) -> Int? {
        var ok: Int32 = 0
        let v = lua_tointegerx(stack.L, index, &ok)
        return ok != 0 ? Int(v) : nil
    }
    public static var luaTypeName: String { "integer" }

    @usableFromInline static func integerMismatch(_ stack: LuaStack, _ index: Int32) -> LuaTypeMismatch {
        if lua_type(stack.L, index) == LUA_TNUMBER { return LuaTypeMismatch(problem: "number has no integer representation") }
        return LuaTypeMismatch(expected: "number", got: stack.typeName(at: index))
    }
}

extension Int64: LuaConvertible {
    public func push(to stack: LuaStack) { lua_pushinteger(stack.L, lua_Integer(self)) }
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> Int64 {
        Int64(try Int.read(from: stack, at: index))
    }
    public static var luaTypeName: String { "integer" }
}

extension Int32: LuaConvertible {
    public func push(to stack: LuaStack) { lua_pushinteger(stack.L, lua_Integer(self)) }
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> Int32 {
        let v = try Int.read(from: stack, at: index)
        guard let r = Int32(exactly: v) else { throw LuaTypeMismatch(problem: "number out of range") }
        return r
    }
    public static var luaTypeName: String { "integer" }
}

extension Double: LuaConvertible {
    @inlinable public func push(to stack: LuaStack) { lua_pushnumber(stack.L, self) }
    @inlinable public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> Double {
        if let v = readIfValid(from: stack, at: index) { return v }
        throw LuaTypeMismatch(expected: "number", got: stack.typeName(at: index))
    }
    @inlinable public static func readIfValid(from stack: LuaStack, at index: Int32) -> Double? {
        var ok: Int32 = 0
        let v = lua_tonumberx(stack.L, index, &ok)
        return ok != 0 ? v : nil
    }
    public static var luaTypeName: String { "number" }
}

extension Float: LuaConvertible {
    public func push(to stack: LuaStack) { lua_pushnumber(stack.L, Double(self)) }
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> Float {
        Float(try Double.read(from: stack, at: index))
    }
    public static var luaTypeName: String { "number" }
}

extension Bool: LuaConvertible {
    @inlinable public func push(to stack: LuaStack) { lua_pushboolean(stack.L, self ? 1 : 0) }
    /// Reads a boolean strictly (Lua's truthiness is available through ``LuaValue``).
    @inlinable public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> Bool {
        if let v = readIfValid(from: stack, at: index) { return v }
        throw LuaTypeMismatch(expected: "boolean", got: stack.typeName(at: index))
    }
    @inlinable public static func readIfValid(from stack: LuaStack, at index: Int32) -> Bool? {
        lua_type(stack.L, index) == LUA_TBOOLEAN ? lua_toboolean(stack.L, index) != 0 : nil
    }
    public static var luaTypeName: String { "boolean" }
}

extension String: LuaConvertible {
    @inlinable public func push(to stack: LuaStack) {
        var s = self
        s.withUTF8 { buf in
            if buf.count >= LuaState.chargedStringLength { stack.state.account(units: buf.count / LuaState.bytesPerUnit) }
            buf.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(stack.L, $0.baseAddress, $0.count) }
        }
    }
    /// Reads a string (numbers convert, as in Lua); bytes that are not valid
    /// UTF-8 are refused; read `[UInt8]` or ``LuaValue`` for binary strings.
    @inlinable public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> String {
        let t = lua_type(stack.L, index)
        guard t == LUA_TSTRING || t == LUA_TNUMBER else {
            throw LuaTypeMismatch(expected: "string", got: stack.typeName(at: index))
        }
        var len = 0
        let p = lua_tolstring(stack.L, index, &len)!
        let buf = UnsafeRawBufferPointer(start: p, count: len).bindMemory(to: UInt8.self)
        if len >= LuaState.chargedStringLength { stack.state.account(units: len / LuaState.bytesPerUnit) }
        if let s = String.fromLua(buf) { return s }
        throw LuaTypeMismatch(problem: "string is not valid UTF-8")
    }
    public static var luaTypeName: String { "string" }
}

extension String {
    /// A String from Lua's bytes, or nil when they are not valid UTF-8.
    /// ASCII (the common case) skips the slower validating initializer.
    @inlinable
    static func fromLua(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var high: UInt8 = 0
        for b in bytes { high |= b }
        if high < 0x80 { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }
}

extension Array: LuaPushable where Element: LuaPushable {
    public func push(to stack: LuaStack) {
        _ = stack.reserve(3)
        stack.state.account(units: count * LuaState.entryCost)
        lua_createtable(stack.L, Int32(clamping: count), 0)
        for (i, e) in enumerated() {
            e.push(to: stack)
            lua_rawseti(stack.L, -2, lua_Integer(i + 1))
        }
    }
}

extension Array: LuaReadable where Element: LuaReadable {
    /// Reads a sequence `t[1]...t[#t]` (raw length, no metamethods).
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> [Element] {
        let L = stack.L
        guard lua_type(L, index) == LUA_TTABLE else {
            throw LuaTypeMismatch(expected: "table", got: stack.typeName(at: index))
        }
        guard stack.reserve(2) else { throw LuaTypeMismatch(problem: "stack overflow") }
        let abs = lua_absindex(L, index)
        let n = lua_rawlen(L, abs)
        stack.state.account(units: Swift.min(Int(clamping: n), 1 << 32) * LuaState.entryCost)
        var result: [Element] = []
        result.reserveCapacity(Int(n))
        var i: lua_Integer = 1
        while i <= lua_Integer(n) {
            lua_rawgeti(L, abs, i)
            defer { lunar_pop(L, 1) }
            do {
                result.append(try Element.read(from: stack, at: -1))
            } catch {
                throw LuaTypeMismatch(problem: "element \(i): \(error.problem)")
            }
            i += 1
        }
        return result
    }
    public static var luaTypeName: String { Element.luaTypeName + "[]" }
}

extension Dictionary: LuaPushable where Key == String, Value: LuaPushable {
    public func push(to stack: LuaStack) {
        _ = stack.reserve(3)
        stack.state.account(units: count * LuaState.entryCost)
        lua_createtable(stack.L, 0, Int32(clamping: count))
        for (k, v) in self {
            k.push(to: stack)
            v.push(to: stack)
            lua_rawset(stack.L, -3)
        }
    }
}

extension Dictionary: LuaReadable where Key == String, Value: LuaReadable {
    /// Reads every string-keyed field; other keys are refused.
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> [String: Value] {
        let L = stack.L
        guard lua_type(L, index) == LUA_TTABLE else {
            throw LuaTypeMismatch(expected: "table", got: stack.typeName(at: index))
        }
        guard stack.reserve(3) else { throw LuaTypeMismatch(problem: "stack overflow") }
        let abs = lua_absindex(L, index)
        var result: [String: Value] = [:]
        lua_pushnil(L)
        while lua_next(L, abs) != 0 {
            guard lua_type(L, -2) == LUA_TSTRING else {
                lunar_pop(L, 2)
                throw LuaTypeMismatch(problem: "table with string keys expected, got a \(stack.typeName(at: -1)) key")
            }
            let key: String
            do { key = try String.read(from: stack, at: -2) } catch {
                lunar_pop(L, 2)
                throw error
            }
            do {
                result[key] = try Value.read(from: stack, at: -1)
            } catch {
                lunar_pop(L, 2)
                throw LuaTypeMismatch(problem: "field '\(key)': \(error.problem)")
            }
            lunar_pop(L, 1)
        }
        stack.state.account(units: result.count * LuaState.entryCost)
        return result
    }
    public static var luaTypeName: String { "table<string, \(Value.luaTypeName)>" }
}

extension Optional: LuaPushable where Wrapped: LuaPushable {
    @inlinable public func push(to stack: LuaStack) {
        if let v = self { v.push(to: stack) } else { lua_pushnil(stack.L) }
    }
}

extension Optional: LuaReadable where Wrapped: LuaReadable {
    /// `nil` and a missing argument read as `nil`.
    @inlinable public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> Wrapped? {
        if lua_type(stack.L, index) <= LUA_TNIL { return nil }
        return try Wrapped.read(from: stack, at: index)
    }
    public static var luaTypeName: String { Wrapped.luaTypeName + "?" }
}

/// A Lua string read as raw bytes.
extension [UInt8] {
    /// Pushes the bytes as a Lua string.
    public func pushBytes(to stack: LuaStack) {
        withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(stack.L, $0.baseAddress, $0.count) }
        }
    }
}

/// Raw bytes that cross the bridge as a Lua string.
public struct LuaBytes: LuaConvertible, Hashable, Sendable {
    public var bytes: [UInt8]
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public func push(to stack: LuaStack) { bytes.pushBytes(to: stack) }
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> LuaBytes {
        let t = lua_type(stack.L, index)
        guard t == LUA_TSTRING || t == LUA_TNUMBER else {
            throw LuaTypeMismatch(expected: "string", got: stack.typeName(at: index))
        }
        var len = 0
        let p = lua_tolstring(stack.L, index, &len)!
        return LuaBytes(Array(UnsafeRawBufferPointer(start: p, count: len)))
    }
    public static var luaTypeName: String { "string" }
}

// MARK: - References

extension LuaFunction: LuaConvertible {
    public func push(to stack: LuaStack) { stack.state.push(reference, on: stack.L) }
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> LuaFunction {
        guard lua_type(stack.L, index) == LUA_TFUNCTION else {
            throw LuaTypeMismatch(expected: "function", got: stack.typeName(at: index))
        }
        lua_pushvalue(stack.L, index)
        return LuaFunction(reference: stack.state.makeReference(stack.L))
    }
    public static var luaTypeName: String { "function" }
}

extension LuaTableReference: LuaConvertible {
    public func push(to stack: LuaStack) { stack.state.push(reference, on: stack.L) }
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> LuaTableReference {
        guard lua_type(stack.L, index) == LUA_TTABLE else {
            throw LuaTypeMismatch(expected: "table", got: stack.typeName(at: index))
        }
        lua_pushvalue(stack.L, index)
        return LuaTableReference(reference: stack.state.makeReference(stack.L))
    }
    public static var luaTypeName: String { "table" }
}

extension LuaReference: LuaPushable {
    public func push(to stack: LuaStack) { stack.state.push(self, on: stack.L) }
}

// MARK: - Dynamic values

extension LuaValue: LuaConvertible {
    public func push(to stack: LuaStack) { push(to: stack, depth: 0) }

    func push(to stack: LuaStack, depth: Int) {
        let L = stack.L
        switch self {
        case .nil: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(L, lua_Integer(i))
        case .number(let d): lua_pushnumber(L, d)
        case .string(let s): s.push(to: stack)
        case .bytes(let b): b.pushBytes(to: stack)
        case .function(let f): f.push(to: stack)
        case .reference(let r): r.push(to: stack)
        case .table(let t):
            guard depth < LuaValue.maxDepth, stack.reserve(4) else {
                lua_pushnil(L)  // deeper than any sane value; Lua would refuse it too
                return
            }
            // Copying a table is native work a script asked for: charged per entry.
            stack.state.account(units: (t.array.count + t.fields.count) * LuaState.entryCost)
            lua_createtable(L, Int32(clamping: t.array.count), Int32(clamping: t.fields.count))
            for (i, v) in t.array.enumerated() {
                v.push(to: stack, depth: depth + 1)
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
            for (k, v) in t.fields where !v.isNil {
                switch k {
                case .integer(let i): lua_pushinteger(L, lua_Integer(i))
                case .string(let s): s.push(to: stack)
                case .number(let d):
                    if d.isNaN { continue }  // NaN is not a valid key
                    lua_pushnumber(L, d)
                case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
                }
                v.push(to: stack, depth: depth + 1)
                lua_rawset(L, -3)
            }
        }
    }

    static let maxDepth = 200

    public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> LuaValue {
        var visiting: Set<UnsafeRawPointer> = []
        return try read(from: stack, at: lua_absindex(stack.L, index), visiting: &visiting)
    }

    public static var luaTypeName: String { "any" }

    /// Reads a value, turning what cannot be copied (cycles) into references.
    static func readLossy(from stack: LuaStack, at index: Int32) -> LuaValue {
        do { return try read(from: stack, at: index) } catch {
            lua_pushvalue(stack.L, index)
            return .reference(stack.state.makeReference(stack.L))
        }
    }

    static func read(from stack: LuaStack, at index: Int32, visiting: inout Set<UnsafeRawPointer>) throws(LuaTypeMismatch) -> LuaValue {
        let L = stack.L
        switch lua_type(L, index) {
        case LUA_TNONE, LUA_TNIL: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return .integer(Int(lua_tointegerx(L, index, nil))) }
            return .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING:
            var len = 0
            let p = lua_tolstring(L, index, &len)!
            let buf = UnsafeRawBufferPointer(start: p, count: len).bindMemory(to: UInt8.self)
            if let s = String.fromLua(buf) { return .string(s) }
            return .bytes(Array(buf))
        case LUA_TFUNCTION:
            lua_pushvalue(L, index)
            return .function(LuaFunction(reference: stack.state.makeReference(L)))
        case LUA_TTABLE:
            guard let ptr = lua_topointer(L, index) else { return .nil }
            guard !visiting.contains(ptr) else { throw LuaTypeMismatch(problem: "table contains a cycle") }
            guard visiting.count < maxDepth else { throw LuaTypeMismatch(problem: "table nested too deeply") }
            guard stack.reserve(4) else { throw LuaTypeMismatch(problem: "stack overflow") }
            visiting.insert(ptr)
            defer { visiting.remove(ptr) }
            var table = LuaTable()
            var i: lua_Integer = 1
            while true {
                lua_rawgeti(L, index, i)
                if lua_type(L, -1) == LUA_TNIL { lunar_pop(L, 1); break }
                do {
                    table.array.append(try read(from: stack, at: lua_gettop(L), visiting: &visiting))
                } catch {
                    lunar_pop(L, 1)
                    throw error
                }
                lunar_pop(L, 1)
                i += 1
            }
            let sequenceCount = lua_Integer(table.array.count)
            lua_pushnil(L)
            while lua_next(L, index) != 0 {
                let key: LuaKey?
                switch lua_type(L, -2) {
                case LUA_TNUMBER:
                    if lua_isinteger(L, -2) != 0 {
                        let k = lua_tointegerx(L, -2, nil)
                        key = (k >= 1 && k <= sequenceCount) ? nil : .integer(Int(k))
                    } else {
                        key = .number(lua_tonumberx(L, -2, nil))
                    }
                case LUA_TSTRING:
                    var len = 0
                    let p = lua_tolstring(L, -2, &len)!
                    let bytes = UnsafeRawBufferPointer(start: p, count: len).bindMemory(to: UInt8.self)
                    // LuaKey holds text only: repairing the bytes would merge distinct keys.
                    guard let text = String.fromLua(bytes) else {
                        lunar_pop(L, 2)
                        throw LuaTypeMismatch(problem: "table key is not valid UTF-8")
                    }
                    key = .string(text)
                case LUA_TBOOLEAN: key = .boolean(lua_toboolean(L, -2) != 0)
                default: key = nil  // table/function keys cannot be copied; they are skipped
                }
                if let key {
                    do {
                        table.fields[key] = try read(from: stack, at: lua_gettop(L), visiting: &visiting)
                    } catch {
                        lunar_pop(L, 2)
                        throw error
                    }
                }
                lunar_pop(L, 1)
            }
            stack.state.account(units: (table.array.count + table.fields.count) * LuaState.entryCost)
            return .table(table)
        default:
            lua_pushvalue(L, index)
            return .reference(stack.state.makeReference(L))
        }
    }
}
