import Foundation
import LunarBridge

/// LuaLS definition files (`---@meta` stubs) for a set of modules and classes:
/// what `lunar types` writes so an editor completes and type-checks `require`d
/// modules.
///
/// One file per module, at the path `require` resolves (`lunar.timer` →
/// `lunar/timer.lua`, `lunar` → `lunar/init.lua`), plus `classes.lua` with
/// every class. Output is deterministic: modules and classes are sorted by
/// name, members keep their declaration order.
///
/// ```swift
/// let definitions = LuaTypeDefinitions(modules: [LuaModuleDescription(greeter)])
/// try definitions.write(to: URL(fileURLWithPath: ".lunar/types"))
/// ```
public struct LuaTypeDefinitions: Sendable {
    /// The versioned modules and classes: what a manifest's `bridgeAPI` names.
    public let api: LuaAPIDescription
    /// Modules stubbed but left out of ``apiVersion`` (the spec library, a
    /// host module a host does not version), sorted by name.
    public let unversioned: [LuaModuleDescription]
    /// Classes only the unversioned modules define.
    public let unversionedClasses: [LuaClassDescription]
    /// Global names, stubbed in `globals.lua` (not part of ``apiVersion``).
    public let globals: [LuaGlobal]

    /// The modules, sorted by name.
    public var modules: [LuaModuleDescription] { api.modules }
    /// Every class (native and the modules' own), sorted by name.
    public var classes: [LuaClassDescription] { api.classes }
    /// The bridge API version of ``api`` (``LuaAPIDescription/version``).
    public var apiVersion: String { api.version }

    /// Collects modules and classes; a class named twice keeps its first description.
    public init(
        modules: [LuaModuleDescription], classes: [LuaClassDescription] = [],
        unversioned: [LuaModuleDescription] = [], globals: [LuaGlobal] = []
    ) {
        self.init(LuaAPIDescription(modules: modules, classes: classes), unversioned: unversioned, globals: globals)
    }

    /// Stubs for `api`, plus modules and globals outside its version.
    public init(_ api: LuaAPIDescription, unversioned: [LuaModuleDescription] = [], globals: [LuaGlobal] = []) {
        self.api = api
        var seen = Set(api.classes.map(\.name))
        self.unversioned = unversioned.sorted { $0.name < $1.name }
        self.unversionedClasses = self.unversioned.flatMap(\.classes)
            .filter { seen.insert($0.name).inserted }
            .sorted { $0.name < $1.name }
        self.globals = globals
    }

    /// The files to write: relative path → contents, sorted by path.
    public var files: [(path: String, contents: String)] {
        var result = (modules + unversioned).map { (path: Self.path(forModule: $0.name), contents: stub(for: $0)) }
        result.append((path: "classes.lua", contents: classesStub()))
        if !globals.isEmpty { result.append((path: "globals.lua", contents: globalsStub())) }
        result.append((path: "bridge-api.txt", contents: apiVersion + "\n"))
        return result.sorted { $0.path < $1.path }
    }

    /// Where the stub of module `name` goes, relative to the definitions directory.
    public static func path(forModule name: String) -> String {
        name.contains(".") ? name.replacingOccurrences(of: ".", with: "/") + ".lua" : name + "/init.lua"
    }

    /// Writes ``files`` into `directory` (created if needed), first removing
    /// stubs (`.lua` files starting `---@meta`) an earlier run left there, so a
    /// removed module's stub goes too; other files are left alone.
    public func write(to directory: URL) throws {
        let fileManager = FileManager.default
        if let existing = fileManager.enumerator(at: directory, includingPropertiesForKeys: nil) {
            for case let url as URL in existing where url.pathExtension == "lua" {
                if let text = try? String(contentsOf: url, encoding: .utf8), text.hasPrefix("---@meta") {
                    try fileManager.removeItem(at: url)
                }
            }
        }
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
        }
    }

    /// A `.luarc.json` that points LuaLS at `definitionsPath` (relative to
    /// the `.luarc.json`'s directory, or absolute) and at Lua 5.4.
    public static func luarc(definitionsPath: String, globals: [String] = []) -> String {
        var lines = [
            "{",
            "  \"$schema\": \"https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json\",",
            "  \"runtime.version\": \"Lua 5.4\",",
            "  \"runtime.path\": [\"?.lua\", \"?/init.lua\"],",
            "  \"workspace.library\": [\(quoted(definitionsPath))],",
            "  \"workspace.checkThirdParty\": false,",
        ]
        let names = globals.sorted().map(quoted).joined(separator: ", ")
        lines.append("  \"diagnostics.globals\": [\(names)]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Rendering

    func stub(for module: LuaModuleDescription) -> String {
        let local = Self.identifier(module.name)
        var out = ["---@meta \(module.name)", ""]
        out.append("---`require(\"\(module.name)\")`" + (module.summary.map { ": " + $0 } ?? ""))
        out.append("---@class \(module.name)")
        for field in module.fields {
            out.append("---@field \(field.name) \(field.type)")
        }
        out.append("local \(local) = {}")
        for function in module.functions {
            out.append("")
            out += Self.render(function, owner: local, separator: ".")
        }
        if !module.events.isEmpty {
            let events = module.events.map { "\"\($0)\"" }.joined(separator: "|")
            out.append("")
            out.append("---Listens to an event the host emits; `remove()` on the result stops listening.")
            out.append("---@param event \(events)")
            out.append("---@param fn fun(...)")
            out.append("---@return { remove: fun(): boolean }")
            out.append("function \(local).on(event, fn) end")
        }
        out.append("")
        out.append("return \(local)")
        return out.joined(separator: "\n") + "\n"
    }

    func classesStub() -> String {
        var out = ["---@meta", "", "-- Classes of the objects modules return."]
        for luaClass in (classes + unversionedClasses).sorted(by: { $0.name < $1.name }) {
            out.append("")
            out.append(contentsOf: luaClass.summary.map { ["---\($0)"] } ?? [])
            let parents = luaClass.supertypes.isEmpty ? "" : ": " + luaClass.supertypes.joined(separator: ", ")
            out.append("---@class \(luaClass.name)\(parents)")
            for property in luaClass.properties {
                out.append("---@field \(property.name) \(property.type)" + (property.isWritable ? "" : " (read-only)"))
            }
            let local = Self.identifier(luaClass.name)
            out.append("local \(local) = {}")
            for function in luaClass.functions {
                out.append("")
                out += Self.render(function, owner: local, separator: ".")
            }
            for method in luaClass.methods {
                out.append("")
                out += Self.render(method, owner: local, separator: ":")
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    func globalsStub() -> String {
        var out = ["---@meta", "", "-- Global names (the spec prelude's describe, it, expect, ...)."]
        for global in globals {
            out.append("")
            switch global {
            case .function(let function):
                out += Self.render(function, owner: "", separator: "")
            case .value(let name, let type, let summary):
                if let summary { out.append("---" + summary) }
                out.append("---@type \(type)")
                out.append("\(name) = nil")
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// One function: doc lines then `function owner.name(params) end`. An
    /// async function documents the awaited form and, as an overload, the
    /// callback form `(..., callback: fun(result, err))`.
    static func render(_ function: LuaFunctionDescription, owner: String, separator: String) -> [String] {
        let signature = function.signature
        var out: [String] = []
        if let summary = signature.summary { out.append("---" + summary) }
        if signature.isAsync {
            out.append("---Asynchronous: awaited inside a coroutine (`lunar.async`, a script's main chunk), or called with a callback `(result, err)` as the last argument.")
            out.append("---@async")
        }
        if !function.generics.isEmpty { out.append("---@generic " + function.generics.joined(separator: ", ")) }
        var names: [String] = []
        var typed: [String] = []
        for (index, type) in signature.parameters.enumerated() {
            let name = function.parameterName(at: index)
            let bare = type == "..." ? "any" : (type.hasSuffix("...") ? String(type.dropLast(3)) : type)
            names.append(name)
            typed.append("\(name): \(bare)")
            out.append("---@param \(name) \(bare)")
        }
        let results = signature.results.filter { $0 != "nil" }
        for result in results { out.append("---@return \(result)") }
        if signature.isAsync {
            let callback = "callback: fun(result: \(optional(results.first ?? "any")), err: any)"
            out.append("---@overload fun(\((typed + [callback]).joined(separator: ", ")))")
        }
        out.append("function \(owner)\(separator)\(signature.name)(\(names.joined(separator: ", "))) end")
        return out
    }

    static func optional(_ type: String) -> String {
        type.hasSuffix("?") || type == "any" || type == "nil" ? type : type + "?"
    }

    /// A Lua identifier for a dotted name (`lunar.timer` → `lunar_timer`).
    static func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    static func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
