import Foundation
import LunarBridge
import Testing

/// LuaLS stubs and the API version, generated from module declarations.
@Suite struct TypeDefinitionsTests {
    static let greeter = LuaModule("native.greeter") { m in
        m.function("hello") { (name: String, times: Int?) -> String in String(repeating: "hello, \(name) ", count: times ?? 1) }
        m.function("fetch") { (id: Int) async throws -> String in "item \(id)" }
        m.constant("version", "1.0")
        m.event("changed")
    }

    static func stub(_ definitions: LuaTypeDefinitions, _ path: String) throws -> String {
        try #require(definitions.files.first { $0.path == path }?.contents)
    }

    @Test func nativeModuleStub() throws {
        let stub = try Self.stub(LuaTypeDefinitions(modules: [LuaModuleDescription(Self.greeter)]), "native/greeter.lua")
        #expect(stub == """
            ---@meta native.greeter

            ---`require("native.greeter")`
            ---@class native.greeter
            ---@field version string
            local native_greeter = {}

            ---@param arg1 string
            ---@param arg2 integer?
            ---@return string
            function native_greeter.hello(arg1, arg2) end

            ---Asynchronous: awaited inside a coroutine (`lunar.async`, a script's main chunk), or called with a callback `(result, err)` as the last argument.
            ---@async
            ---@param arg1 integer
            ---@return string
            ---@overload fun(arg1: integer, callback: fun(result: string?, err: any))
            function native_greeter.fetch(arg1) end

            ---Listens to an event the host emits; `remove()` on the result stops listening.
            ---@param event "changed"
            ---@param fn fun(...)
            ---@return { remove: fun(): boolean }
            function native_greeter.on(event, fn) end

            return native_greeter

            """)
    }

    @Test func handWrittenModulesAndClasses() throws {
        let module = LuaModuleDescription("lunar.things", summary: "Things.") { d in
            d.function("make", ["name: string", "...: integer"], returns: ["Thing"], summary: "Makes a thing.")
            d.function("hello", from: Self.greeter)
            d.luaClass(LuaClassDescription(
                name: "Thing",
                methods: [LuaFunctionDescription("grow", ["by: number"], returns: ["Thing"])],
                properties: [LuaPropertySignature(name: "size", type: "number", isWritable: false)]))
        }
        let definitions = LuaTypeDefinitions(modules: [module])
        let stub = try Self.stub(definitions, "lunar/things.lua")
        #expect(stub.contains("---`require(\"lunar.things\")`: Things.\n"))
        #expect(stub.contains("---Makes a thing.\n---@param name string\n---@param ... integer\n---@return Thing\nfunction lunar_things.make(name, ...) end"))
        #expect(stub.contains("function lunar_things.hello(arg1, arg2) end"))
        let classes = try Self.stub(definitions, "classes.lua")
        #expect(classes.contains("---@class Thing\n---@field size number (read-only)\nlocal Thing = {}\n\n---@param by number\n---@return Thing\nfunction Thing:grow(by) end"))
        #expect(definitions.files.map(\.path) == ["bridge-api.txt", "classes.lua", "lunar/things.lua"])
    }

    @Test func apiVersionIsStableAndFollowsSignatures() {
        let one = LuaTypeDefinitions(modules: [LuaModuleDescription(Self.greeter)])
        #expect(one.apiVersion == LuaTypeDefinitions(modules: [LuaModuleDescription(Self.greeter)]).apiVersion)
        #expect(one.apiVersion.count == 16)
        // Summaries do not count; a changed parameter type does.
        #expect(LuaTypeDefinitions(modules: [LuaModuleDescription(Self.greeter, summary: "Greets.")]).apiVersion == one.apiVersion)
        let changed = LuaModule("native.greeter") { m in
            m.function("hello") { (name: String, times: Double?) -> String in name + "\(times ?? 1)" }
            m.function("fetch") { (id: Int) async throws -> String in "item \(id)" }
            m.constant("version", "1.0")
            m.event("changed")
        }
        #expect(LuaTypeDefinitions(modules: [LuaModuleDescription(changed)]).apiVersion != one.apiVersion)
        // Module order does not matter: definitions sort by name.
        let other = LuaModule("native.other") { m in m.function("ping") { () -> Bool in true } }
        #expect(LuaTypeDefinitions(modules: [LuaModuleDescription(other), LuaModuleDescription(Self.greeter)]).apiVersion
            == LuaTypeDefinitions(modules: [LuaModuleDescription(Self.greeter), LuaModuleDescription(other)]).apiVersion)
    }

    @Test func writeReplacesOnlyOldStubs() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-types-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try "---@meta native.gone\n".write(to: dir.appendingPathComponent("gone.lua"), atomically: true, encoding: .utf8)
        try "print('mine')\n".write(to: dir.appendingPathComponent("mine.lua"), atomically: true, encoding: .utf8)
        try LuaTypeDefinitions(modules: [LuaModuleDescription(Self.greeter)]).write(to: dir)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
        #expect(names == ["mine.lua", "native", "classes.lua", "bridge-api.txt"])
    }

    @Test func luarcPointsAtTheDefinitions() {
        let luarc = LuaTypeDefinitions.luarc(definitionsPath: ".lunar/types", globals: ["app", "describe"])
        #expect(luarc.contains("\"workspace.library\": [\".lunar/types\"],"))
        #expect(luarc.contains("\"diagnostics.globals\": [\"app\", \"describe\"]"))
        #expect((try? JSONSerialization.jsonObject(with: Data(luarc.utf8))) != nil)
    }
}
