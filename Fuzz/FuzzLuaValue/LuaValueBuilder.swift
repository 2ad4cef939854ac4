import CLunar

/// Builds Lua values on the stack by interpreting the fuzz input as a program.
///
/// Each operation reads one byte: push a scalar, a string, a new table or a
/// copy of a value already on the stack (so tables get shared and can hold
/// themselves), or store the top value into the table below it. Only the raw
/// API is used, and never in a way that can raise: keys are checked (no nil,
/// no NaN) before `lua_rawset`.
struct LuaValueBuilder {
    /// The most values the program may keep on the stack at once.
    static let maximumHeight: Int32 = 48

    let L: OpaquePointer
    var input: FuzzInput
    private let base: Int32

    init(L: OpaquePointer, input: FuzzInput) {
        self.L = L
        self.input = input
        base = lua_gettop(L)
        precondition(lua_checkstack(L, Self.maximumHeight + 8) != 0)
    }

    private var height: Int32 { lua_gettop(L) - base }

    mutating func run() {
        while !input.isAtEnd {
            step(input.byte())
        }
    }

    private mutating func step(_ operation: UInt8) {
        let canPush = height < Self.maximumHeight
        switch operation % 12 {
        case 0:
            let flag = input.bool()
            if canPush { lua_pushboolean(L, flag ? 1 : 0) }
        case 1:
            let integer = input.integer()
            if canPush { lua_pushinteger(L, integer) }
        case 2:
            let number = input.double()
            if canPush { lua_pushnumber(L, number) }
        case 3:
            let bytes = input.rawBytes()
            if canPush {
                bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
                }
            }
        case 4:
            if canPush { lua_createtable(L, 0, 0) }
        case 5:
            // A copy of a value below: a shared table, or a cycle once it is stored.
            let choice = Int32(input.byte())
            if canPush, height > 0 { lua_pushvalue(L, base + 1 + choice % height) }
        case 6, 7: storeField()
        case 8, 9: appendToSequence()
        case 10:
            // Store into a table further down, so tables nest (and can point back up).
            let choice = Int32(input.byte())
            guard height >= 2 else { return }
            let target = base + 1 + choice % (height - 1)
            guard lua_type(L, target) == LUA_TTABLE else { return }
            lua_rawseti(L, target, Int64(lua_rawlen(L, target)) + 1)
        default:
            if height > 0 { lunar_pop(L, 1) }
        }
    }

    /// `[table, key, value]` on top: `table[key] = value`, leaving the table.
    private func storeField() {
        guard height >= 3, lua_type(L, -3) == LUA_TTABLE, isCopyableKey(at: -2) else { return }
        lua_rawset(L, -3)
    }

    /// `[table, value]` on top: appends the value, leaving the table.
    private func appendToSequence() {
        guard height >= 2, lua_type(L, -2) == LUA_TTABLE else { return }
        let length = Int64(lua_rawlen(L, -2))
        lua_rawseti(L, -2, length + 1)
    }

    /// Keys `LuaValue` can copy: numbers other than NaN, strings, booleans.
    private func isCopyableKey(at index: Int32) -> Bool {
        switch lua_type(L, index) {
        case LUA_TNUMBER:
            return lua_isinteger(L, index) != 0 || !lua_tonumberx(L, index, nil).isNaN
        case LUA_TSTRING, LUA_TBOOLEAN:
            return true
        default:
            return false
        }
    }
}
