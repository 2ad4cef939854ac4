import Foundation
import LunarBridge
import LunarLuaLSStubs
import Testing

/// The LuaLS annotation reader that describes Lua-written modules for stubs
/// and the bridge API version (``LuaModuleDescription/init(annotated:)``).
@Suite struct LuaAnnotationsTests {
    static func source(_ text: String, name: String = "lunar.sample") -> LuaSource {
        LuaSource(name, embedded: Array(text.utf8))
    }

    static func describe(_ text: String) throws -> LuaModuleDescription {
        try LuaModuleDescription(annotated: source(text))
    }

    static func error(_ text: String) -> LuaAnnotationError? {
        do throws(LuaAnnotationError) {
            _ = try LuaModuleDescription(annotated: source(text))
            return nil
        } catch {
            return error
        }
    }

    static let sample = """
        local helper = require("lunar.json")

        ---Samples for the reader.
        ---@class lunar.sample
        ---@field hud { show: fun(text: string?), hide: fun() } The HUD.
        ---@field count? integer
        local M = {}

        ---A thing's fields.
        ---@class lunar.sample.Spec: lunar.sample.Base
        ---@field name string
        ---@field size? number The size.
        ---@field [integer] string

        --- Reads a value.
        --- Two lines of summary.
        ---@param t table?
        ---@param key? string|integer
        ---@param fn fun(value: any, index: integer): boolean
        ---@return string value the value read
        ---@return integer
        function M.read(t, key, fn, extra) end

        ---@generic T
        ---@param ... T
        ---@return T[]
        function M.list(...) end

        function M.plain(a, b) return a, b end

        function M._private() end

        --- Shows a thing.
        ---@param text string
        local function show(text) return text end
        M.show = show

        --- Re-exported as it is.
        ---@type fun(text: string, seconds: number?): boolean
        M.native = helper.encode

        ---A thing.
        ---@class lunar.sample.Thing: lunar.sample.Base
        local Thing = { __name = "thing" }
        Thing.__index = Thing

        --- Grows it.
        ---@param self lunar.sample.Thing
        ---@param by number
        ---@return self
        function Thing:grow(by) return self, by end

        --- Makes one.
        ---@return lunar.sample.Thing
        function Thing.new() return setmetatable({}, Thing) end

        function Thing.__tostring() return "thing" end

        local app = {}
        function app.open(url) return url end
        M.app = app

        M.extra = 42
        M.count = 1

        return M
        """

    @Test func readsFunctionsParametersReturnsAndSummaries() throws {
        let module = try Self.describe(Self.sample)
        #expect(module.name == "lunar.sample")
        #expect(module.summary == "Samples for the reader.")
        #expect(module.functions.map(\.signature.name) == ["read", "list", "plain", "show", "native"])
        let read = module.functions[0]
        #expect(read.signature.summary == "Reads a value. Two lines of summary.")
        #expect(read.parameterNames == ["t", "key", "fn", "extra"])
        // An optional name (`key?`) makes the type optional; a union gets `|nil`; an unannotated parameter is any.
        #expect(read.signature.parameters == ["table?", "string|integer|nil", "fun(value: any, index: integer): boolean", "any"])
        #expect(read.signature.results == ["string", "integer"])
        let list = module.functions[1]
        #expect(list.generics == ["T"])
        #expect(list.signature.parameters == ["T..."])
        #expect(list.signature.results == ["T[]"])
        // No annotations at all: still a function, its parameters of type any.
        #expect(module.functions[2].signature.parameters == ["any", "any"])
        #expect(module.functions[2].signature.summary == nil)
        // A local function assigned to the module, and a re-export typed with ---@type fun(...).
        #expect(module.functions[3].signature.summary == "Shows a thing.")
        #expect(module.functions[3].signature.parameters == ["string"])
        let native = module.functions[4]
        #expect(native.parameterNames == ["text", "seconds"])
        #expect(native.signature.parameters == ["string", "number?"])
        #expect(native.signature.results == ["boolean"])
    }

    @Test func readsFieldsAndClasses() throws {
        let module = try Self.describe(Self.sample)
        // Declared fields keep their declared types; other assignments are any; a table of functions is a class.
        #expect(module.fields.map(\.name) == ["hud", "count", "app", "extra"])
        #expect(module.fields.map(\.type) == ["{ show: fun(text: string?), hide: fun() }", "integer?", "lunar.sample.app", "any"])
        let classes = Dictionary(uniqueKeysWithValues: module.classes.map { ($0.name, $0) })
        #expect(Set(classes.keys) == ["lunar.sample.Spec", "lunar.sample.Thing", "lunar.sample.app"])
        let spec = try #require(classes["lunar.sample.Spec"])
        #expect(spec.summary == "A thing's fields.")
        #expect(spec.supertypes == ["lunar.sample.Base"])
        #expect(spec.properties == [
            LuaPropertySignature(name: "name", type: "string", isWritable: true),
            LuaPropertySignature(name: "size", type: "number?", isWritable: true),
        ])
        let thing = try #require(classes["lunar.sample.Thing"])
        #expect(thing.methods.map(\.signature.name) == ["grow"])
        #expect(thing.methods[0].signature.results == ["self"])
        #expect(thing.methods[0].parameterNames == ["by"])  // ---@param self is allowed and not a parameter
        #expect(thing.functions.map(\.signature.name) == ["new"])  // __tostring is private
        #expect(classes["lunar.sample.app"]?.functions.map(\.signature.name) == ["open"])
    }

    @Test func aMalformedAnnotationIsAnErrorAtFileAndLine() {
        let cases: [(String, Int, String)] = [
            ("local M = {}\n---@param\nfunction M.f(x) end\nreturn M", 2, "---@param needs a name and a type"),
            ("local M = {}\n\n---@param x\nfunction M.f(x) end\nreturn M", 3, "---@param needs a name and a type"),
            ("local M = {}\n---@param y string\nfunction M.f(x) end\nreturn M", 2, "---@param y names no parameter of f(x)"),
            ("local M = {}\n---@return\nfunction M.f() end\nreturn M", 2, "---@return needs a type"),
            ("local M = {}\n---@return fun(x: string\nfunction M.f() end\nreturn M", 2, "---@return needs a type"),
            ("---@class\nlocal M = {}\nreturn M", 1, "---@class needs a name"),
            ("---@class M\n---@field name\nlocal M = {}\nreturn M", 2, "---@field needs a name and a type"),
            ("local M = {}\n---@type fun(a string)\nM.f = print\nreturn M", 2, "is not a function type"),
            ("local M = {}\n---@class Oops\nfunction M.f() end\nreturn M", 2, "---@class Oops stands above function f"),
            ("local M = {}\nfunction M.f() end\n", 3, "the chunk returns no top-level local table"),
        ]
        for (text, line, says) in cases {
            let error = Self.error(text)
            #expect(error?.file == "lunar.sample", "\(text)")
            #expect(error?.line == line, "\(text): \(String(describing: error))")
            #expect(error?.message.contains(says) == true, "\(text): \(String(describing: error))")
            #expect(error?.description.hasPrefix("lunar.sample:\(line): ") == true)
        }
    }

    @Test func preludeAssignmentsBecomeGlobals() throws {
        let module = try Self.describe(Self.sample)
        let prelude = Self.source("""
            local m = require("lunar.sample")
            read, listAll = m.read, m.list
            app, unknown = m.app, m.nothing
            _G.plain = m.plain
            local runner = m._runner
            return runner
            """, name: "prelude")
        let globals = LuaGlobal.globals(assignedBy: prelude, from: module)
        #expect(globals.map(\.name) == ["read", "listAll", "app", "unknown", "plain"])
        guard case .function(let listAll) = globals[1] else { Issue.record("listAll is not a function"); return }
        #expect(listAll.signature.name == "listAll")
        #expect(listAll.generics == ["T"])
        #expect(globals[2] == .value(name: "app", type: "lunar.sample.app", summary: nil))
        #expect(globals[3] == .value(name: "unknown", type: "any", summary: nil))
    }
}
