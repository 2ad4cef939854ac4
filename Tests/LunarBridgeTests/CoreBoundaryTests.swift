import Foundation
import Testing

/// LunarBridge has the floor plan of `lua.h` and `lauxlib.h`: only `Core/` calls the Lua C API
/// (and CLunar's own functions); values, binding, execution, modules, sandbox and debugger are
/// written on the core's types.
@Suite struct CoreBoundaryTests {
    static let bridge = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/LunarBridge")

    /// A C API name: `lua_…`, `luaL_…`, `lunar_…` functions and `LUA_…`, `LUNAR_…` constants
    /// (types such as `lua_CFunction` or `lunar_Lane` may appear in signatures).
    static let cName = try! NSRegularExpression(pattern: #"\b(?:(?:lua|luaL|lunar)_[a-z]\w*|(?:LUA|LUNAR)_[A-Z]\w*)"#)

    /// The code of a Swift file without its comments and string literals.
    static func code(_ text: String) -> String {
        var code = text
        for pattern in [#"(?s)\"\"\".*?\"\"\""#, #"//[^\n]*"#, #"(?s)/\*.*?\*/"#, #""(?:[^"\\\n]|\\.)*""#] {
            code = code.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        return code
    }

    /// The C names each Swift file outside Core/ uses, by path relative to Sources/LunarBridge.
    static func callsOutsideCore() throws -> [String: [String]] {
        var found: [String: [String]] = [:]
        let walker = try #require(FileManager.default.enumerator(atPath: bridge.path))
        while let path = walker.nextObject() as? String {
            guard path.hasSuffix(".swift"), !path.hasPrefix("Core/") else { continue }
            let code = Self.code(try String(contentsOf: bridge.appendingPathComponent(path), encoding: .utf8))
            let range = NSRange(code.startIndex..., in: code)
            let names = cName.matches(in: code, range: range).compactMap { Range($0.range, in: code).map { String(code[$0]) } }
            if !names.isEmpty { found[path] = names }
        }
        return found
    }

    @Test func onlyCoreCallsTheCAPI() throws {
        let found = try Self.callsOutsideCore()
        for (path, names) in found.sorted(by: { $0.key < $1.key }) {
            Issue.record("\(path) calls the C API (\(Set(names).sorted().joined(separator: ", "))): make it an operation of Core/")
        }
    }

    /// The check sees what it looks for, and not in comments or strings.
    @Test func theCheckFindsCallsInCodeOnly() {
        #expect(Self.code("let x = lua_gettop(L) // lua_settop\nlet s = \"lua_pushnil\"") == "let x = lua_gettop(L) \nlet s = ")
        let code = "lua_type(L, 1) == LUA_TNIL; lunar_pop(L, 1); luaL_ref(L, t); let f: lua_CFunction; __lunar_searcher"
        let matches = Self.cName.matches(in: code, range: NSRange(code.startIndex..., in: code))
        #expect(matches.count == 4)
    }
}
