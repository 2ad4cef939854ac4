import CLunar

/// Where a Lua error happened: a chunk name and a line, as in `screens/login.lua:12`.
public struct LuaSourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// Parses `file:line` (the form Lua's short_src and error prefixes use).
    public init?(parsing text: String) {
        guard let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]) else {
            return nil
        }
        self.init(file: String(text[..<colon]), line: line)
    }

    public var description: String { "\(file):\(line)" }
}

extension LuaStack {
    /// Where the Lua function `level` frames up the call stack is running: level 1 is the Lua
    /// code that called the running C (or bridged Swift) function. nil when that frame is not
    /// Lua (a C caller) or has no line. Never raises.
    public func callerLocation(level: Int32 = 1) -> LuaSourceLocation? {
        guard reserve(1) else { return nil }
        lunar_where(L, level)
        defer { lunar_pop(L, 1) }
        // luaL_where pushes "chunk:line: ", or "" for a C caller.
        guard let place = try? String.read(from: self, at: -1), place.hasSuffix(": ") else { return nil }
        return LuaSourceLocation(parsing: String(place.dropLast(2)))
    }
}

extension LuaStack {
    /// Where the Lua function at `index` is defined (its file and first line): the place to
    /// blame for what it returned. nil for a C function. Never raises.
    public func definitionLocation(ofFunctionAt index: Int32) -> LuaSourceLocation? {
        guard lua_type(L, index) == LUA_TFUNCTION, reserve(1) else { return nil }
        lua_pushvalue(L, index)
        var info = lua_Debug()
        guard lua_getinfo(L, ">S", &info) != 0, info.linedefined > 0 else { return nil }
        let source = withUnsafeBytes(of: &info.short_src) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return LuaSourceLocation(file: source, line: Int(info.linedefined))
    }
}
