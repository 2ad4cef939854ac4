/// Lua that ships inside the binary: the one way Swift code carries Lua.
///
/// Each source is a `.lua` file in its target's `Lua/` folder, embedded at
/// build time by SwiftPM (`resources: [.embedInCode("Lua/name.lua")]` in
/// Package.swift, read as `PackageResources.name_lua`). So a copied `lunar`
/// binary needs no resource bundle, `Scripts/test` lints the files with
/// luacheck, and LuaLS reads them like any other script. Load one with
/// ``LuaState/load(_:)`` (a helper chunk) or make it a module with
/// ``LuaState/registerSource(_:)``; either way its chunk name is `=name`, so
/// an error inside it reads `lunar.net:12: ...`.
public struct LuaSource: Sendable {
    /// The module or helper name (`lunar.net`).
    public let name: String
    /// The Lua text.
    public let text: String

    /// The source named `name` whose text is the embedded file's bytes.
    public init(_ name: String, embedded bytes: [UInt8]) {
        self.name = name
        self.text = String(decoding: bytes, as: UTF8.self)
    }

    /// The chunk name messages use: `=` + the name.
    public var chunkName: String { "=" + name }
}

extension LuaState {
    /// Compiles an embedded source into a function (chunk name `=name`).
    public func load(_ source: LuaSource) throws(LuaScriptError) -> LuaFunction {
        try load(source.text, name: source.chunkName)
    }

    /// Makes an embedded source a module `require` finds under its name
    /// (chunk name `=name`); scripts that already required it keep the old table.
    public func registerSource(_ source: LuaSource) {
        sourceModules[source.name] = source
    }

    /// The source of a module registered with ``registerSource(_:)``, or nil.
    public func source(named name: String) -> LuaSource? { sourceModules[name] }
}
