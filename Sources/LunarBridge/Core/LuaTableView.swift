import CLunar

/// A table on the stack read and written in place, without copying or referencing it: a table
/// argument, or one a host pushed. Access is raw (no metamethods). Valid while its slot is: for
/// an argument, while the bridged call that received it runs.
public struct LuaTableView: LuaReadable {
    public let stack: LuaStack
    /// The table's absolute index.
    public let index: Int32

    @usableFromInline init(stack: LuaStack, index: Int32) {
        self.stack = stack
        self.index = index
    }

    public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> LuaTableView {
        guard let view = stack.table(at: index) else {
            throw LuaTypeMismatch(expected: "table", got: stack.typeName(at: index))
        }
        return view
    }
    public static var luaTypeName: String { "table" }

    /// The raw length (`#t` without metamethods).
    @inlinable public var count: Int { Int(lua_rawlen(stack.L, index)) }

    // MARK: Reading values

    /// Reads a field (raw: no metamethods).
    public subscript(key: String) -> LuaValue {
        withField(key) { value in LuaValue.readLossy(from: stack, at: value) }
    }

    /// Reads element `i` (raw).
    public subscript(i: Int) -> LuaValue {
        withElement(i) { value in LuaValue.readLossy(from: stack, at: value) }
    }

    /// Reads a typed field, nil when absent.
    public func field<T: LuaReadable>(_ key: String, as type: T.Type = T.self) throws(LuaTypeMismatch) -> T? {
        try withField(key) { value throws(LuaTypeMismatch) -> T? in
            if lua_type(stack.L, value) == LUA_TNIL { return nil }
            do throws(LuaTypeMismatch) { return try T.read(from: stack, at: value) } catch {
                throw LuaTypeMismatch(problem: "field '\(key)': \(error.problem)")
            }
        }
    }

    // MARK: Reading in place

    /// Pushes field `key`, runs `body` with the value's absolute index (the top), and pops it:
    /// the way to read a field without copying it (as JSON, as a nested table, by type).
    @inlinable
    public func withField<R, E: Error>(_ key: String, _ body: (Int32) throws(E) -> R) throws(E) -> R {
        _ = stack.reserve(2)
        key.push(to: stack)
        lua_rawget(stack.L, index)
        defer { lunar_pop(stack.L, 1) }
        return try body(lua_gettop(stack.L))
    }

    /// Pushes element `position`, runs `body` with its absolute index (the top), and pops it.
    @inlinable
    public func withElement<R, E: Error>(_ position: Int, _ body: (Int32) throws(E) -> R) throws(E) -> R {
        _ = stack.reserve(1)
        lua_rawgeti(stack.L, index, lua_Integer(position))
        defer { lunar_pop(stack.L, 1) }
        return try body(lua_gettop(stack.L))
    }

    /// Calls `body(position, value)` for elements 1 through ``count``, each pushed at absolute index
    /// `value` during the call and popped after; stops early when `body` returns false.
    @inlinable
    public func forEachElement<E: Error>(_ body: (Int, Int32) throws(E) -> Bool) throws(E) {
        let count = lua_rawlen(stack.L, index)
        guard count > 0 else { return }
        _ = stack.reserve(1)
        var position: lua_Integer = 1
        while position <= lua_Integer(count) {
            lua_rawgeti(stack.L, index, position)
            defer { lunar_pop(stack.L, 1) }
            guard try body(Int(position), lua_gettop(stack.L)) else { return }
            position += 1
        }
    }

    /// Calls `body(key, value)` for every pair (`next`'s order), with the key and the value
    /// pushed at those absolute indices during the call and popped after (also when it throws).
    /// `body` must not convert the key in place: read a key as a string only when its type is
    /// ``LuaType/string`` (converting a number key would break the traversal).
    @inlinable
    public func forEachPair<E: Error>(_ body: (Int32, Int32) throws(E) -> Void) throws(E) {
        _ = stack.reserve(3)
        let L = stack.L
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            let value = lua_gettop(L)
            do { try body(value - 1, value) } catch {
                lunar_pop(L, 2)
                throw error
            }
            lunar_pop(L, 1)
        }
    }

    // MARK: Writing

    /// Sets `table[key] = value` (raw).
    @inlinable public func set(_ key: String, _ value: some LuaPushable) {
        _ = stack.reserve(2)
        key.push(to: stack)
        value.push(to: stack)
        lua_rawset(stack.L, index)
    }

    /// Sets `table[k] = value` (raw), where `k` is the value at `keyIndex` (a table as a key, say).
    @inlinable public func set(keyAt keyIndex: Int32, _ value: some LuaPushable) {
        _ = stack.reserve(2)
        lua_pushvalue(stack.L, keyIndex)
        value.push(to: stack)
        lua_rawset(stack.L, index)
    }

    /// Sets `table[position] = value` (raw).
    @inlinable public func set(_ position: Int, _ value: some LuaPushable) {
        _ = stack.reserve(1)
        value.push(to: stack)
        lua_rawseti(stack.L, index, lua_Integer(position))
    }
}

extension LuaTableReference {
    /// Pushes the referenced table on the main thread's stack, lends `body` a view of it, and
    /// pops it: how a host reads or fills a table it holds without copying it.
    @inlinable
    public func withView<R, E: Error>(in state: LuaState, _ body: (LuaTableView) throws(E) -> R) throws(E) -> R {
        let stack = state.stack
        _ = stack.reserve(1)
        push(to: stack)
        defer { lunar_pop(stack.L, 1) }
        return try body(LuaTableView(stack: stack, index: lua_gettop(stack.L)))
    }
}
