import Foundation
import LunarBridge
import LunarLuaLSStubs
import Testing

/// LuaLS stubs and the API version, generated from module declarations.
@Suite struct TypeDefinitionsTests {
    static let greeter = LuaModule("native.greeter", summary: "Greets.") { m in
        m.function("hello(name, times)", summary: "A greeting, times over.") { (name: String, times: Int?) -> String in
            String(repeating: "hello, \(name) ", count: times ?? 1)
        }
        m.function("fetch(id)") { (id: Int) async throws -> String in "item \(id)" }
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

            ---`require("native.greeter")`: Greets.
            ---@class native.greeter
            ---@field version string
            local native_greeter = {}

            ---A greeting, times over.
            ---@param name string
            ---@param times integer?
            ---@return string
            function native_greeter.hello(name, times) end

            ---Asynchronous: awaited inside a coroutine (`lunar.async`, a script's main chunk), or called with a callback `(result, err)` as the last argument.
            ---@async
            ---@param id integer
            ---@return string
            ---@overload fun(id: integer, callback: fun(result: string?, err: any))
            function native_greeter.fetch(id) end

            ---Listens to an event the host emits; `remove()` on the result stops listening.
            ---@param event "changed"
            ---@param fn fun(...)
            ---@return { remove: fun(): boolean }
            function native_greeter.on(event, fn) end

            return native_greeter

            """)
    }

    @Test func declarationsNameParametersAndMayGiveTypes() throws {
        let module = LuaModule("native.things") { m in
            // Names only: types from Swift. A type or results written in the declaration replace Swift's.
            m.function("make(name, options: table?): Thing") { (name: String, options: LuaValue?) -> LuaValue in .nil }
            m.function("count") { (a: Int) -> Int in a }
            m.rawFunction("each<T>(list: T[], fn: fun(item: T), ...: any): integer") { _ in .results(0) }
            m.rawFunction("loose") { _ in .results(0) }
        }
        let described = LuaModuleDescription(module)
        let byName = Dictionary(uniqueKeysWithValues: described.functions.map { ($0.signature.name, $0) })
        #expect(byName["make"]?.signature.parameters == ["string", "table?"])
        #expect(byName["make"]?.signature.results == ["Thing"])
        #expect(byName["make"]?.parameterNames == ["name", "options"])
        #expect(byName["count"]?.parameterNames == [])
        #expect(byName["each"]?.generics == ["T"])
        #expect(byName["each"]?.signature.parameters == ["T[]", "fun(item: T)", "any..."])
        #expect(byName["loose"]?.signature.parameters == ["..."])
        #expect(byName["loose"]?.signature.results == ["any"])
        let stub = try Self.stub(LuaTypeDefinitions(modules: [described]), "native/things.lua")
        #expect(stub.contains("---@generic T\n---@param list T[]\n---@param fn fun(item: T)\n---@param ... any\n---@return integer\nfunction native_things.each(list, fn, ...) end"))
        #expect(stub.contains("---@param arg1 integer\n---@return integer\nfunction native_things.count(arg1) end"))
        // The name scripts call is the declaration's name.
        let state = try LuaState()
        state.register(module)
        #expect(try state.callReturningAll(state.load("return require('native.things').count(4)", name: "=t"), []) == [4])
    }

    @Test func classesWithParentsAndDotFunctions() throws {
        let thing = LuaClassDescription(
            name: "Thing", supertypes: ["Base"],
            methods: [LuaFunctionDescription("grow", ["by: number"], returns: ["Thing"])],
            functions: [LuaFunctionDescription("new", [], returns: ["Thing"])],
            properties: [LuaPropertySignature(name: "size", type: "number", isWritable: false)])
        let definitions = LuaTypeDefinitions(modules: [LuaModuleDescription(name: "lunar.things", classes: [thing])])
        let classes = try Self.stub(definitions, "classes.lua")
        #expect(classes.contains(
            "---@class Thing: Base\n---@field size number (read-only)\nlocal Thing = {}\n\n---@return Thing\nfunction Thing.new() end\n\n---@param by number\n---@return Thing\nfunction Thing:grow(by) end"))
        #expect(definitions.files.map(\.path) == ["bridge-api.txt", "classes.lua", "lunar/things.lua"])
        // A parent is part of the API.
        var other = thing
        other.supertypes = []
        #expect(LuaTypeDefinitions(modules: [LuaModuleDescription(name: "lunar.things", classes: [other])]).apiVersion != definitions.apiVersion)
    }

    @Test func unversionedModulesAndGlobalsAreStubbedButNotVersioned() throws {
        let tool = LuaModuleDescription(
            name: "lunar.tool", functions: [LuaFunctionDescription("run", ["name: string"], summary: "Runs.")],
            classes: [LuaClassDescription(name: "ToolThing")])
        let plain = LuaTypeDefinitions(modules: [LuaModuleDescription(Self.greeter)])
        let more = LuaTypeDefinitions(
            modules: [LuaModuleDescription(Self.greeter)], unversioned: [tool],
            globals: [.function(LuaFunctionDescription("run", ["name: string"])), .value(name: "app", type: "App", summary: "The app.")])
        #expect(more.apiVersion == plain.apiVersion)
        #expect(more.files.map(\.path) == ["bridge-api.txt", "classes.lua", "globals.lua", "lunar/tool.lua", "native/greeter.lua"])
        #expect(try Self.stub(more, "classes.lua").contains("---@class ToolThing\n"))
        let globals = try Self.stub(more, "globals.lua")
        #expect(globals.contains("---@param name string\nfunction run(name) end\n"))
        #expect(globals.contains("---The app.\n---@type App\napp = nil\n"))
    }

    @Test func apiVersionIsStableAndFollowsSignatures() {
        let one = LuaTypeDefinitions(modules: [LuaModuleDescription(Self.greeter)])
        #expect(one.apiVersion == LuaTypeDefinitions(modules: [LuaModuleDescription(Self.greeter)]).apiVersion)
        #expect(one.apiVersion.count == 16)
        // Summaries and parameter names do not count; a changed parameter type does.
        let renamed = LuaModule("native.greeter") { m in
            m.function("hello(who, count)") { (name: String, times: Int?) -> String in name + "\(times ?? 1)" }
            m.function("fetch") { (id: Int) async throws -> String in "item \(id)" }
            m.constant("version", "1.0")
            m.event("changed")
        }
        #expect(LuaTypeDefinitions(modules: [LuaModuleDescription(renamed)]).apiVersion == one.apiVersion)
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

    /// The repository's own `.luarc.json` (LuaLS on Sources/*/Lua) is what `lunar types` writes at the root.
    @Test func theRepositoryLuarcIsTheGeneratedOne() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(".luarc.json"), encoding: .utf8)
        #expect(text == LuaTypeDefinitions.luarc(definitionsPath: ".lunar/types"))
        #expect(text.contains("\"runtime.version\": \"Lua 5.4\""))
    }

    @Test func luarcPointsAtTheDefinitions() {
        let luarc = LuaTypeDefinitions.luarc(definitionsPath: ".lunar/types", globals: ["app", "describe"])
        #expect(luarc.contains("\"workspace.library\": [\".lunar/types\"],"))
        #expect(luarc.contains("\"diagnostics.globals\": [\"app\", \"describe\"]"))
        #expect((try? JSONSerialization.jsonObject(with: Data(luarc.utf8))) != nil)
    }
}
