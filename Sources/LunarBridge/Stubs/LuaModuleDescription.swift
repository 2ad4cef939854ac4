/// What one module shows scripts, for stubs and the bridge API version: its
/// functions, constants and other fields, events and the classes it defines.
///
/// A native module is described from its declaration (``init(_:)``), so the
/// stub and the bridge never disagree. A module written in Lua
/// (``LuaState/registerSource(_:_:)``) has no Swift declaration; describe it
/// by hand next to its source:
///
/// ```swift
/// LuaModuleDescription("lunar.decode", summary: "Lenient readers for decoded JSON.") { d in
///     d.function("string", ["t: table?", "key: string|integer", "default: string?"], returns: ["string"])
/// }
/// ```
public struct LuaModuleDescription: Sendable, Hashable {
    /// A field that is not a function: a constant or a value set up by code.
    public struct Field: Sendable, Hashable {
        /// The field name (`module.name`).
        public var name: String
        /// Its LuaLS type.
        public var type: String
        /// Describes a field.
        public init(name: String, type: String) {
            self.name = name
            self.type = type
        }
    }

    /// The name scripts `require`.
    public var name: String
    /// One line about the module, or nil.
    public var summary: String?
    /// The functions, in declaration order.
    public var functions: [LuaFunctionDescription]
    /// Constants and other non-function fields.
    public var fields: [Field]
    /// The events scripts can listen to with `module.on(event, fn)`.
    public var events: [String]
    /// Classes the module's functions return (Lua-written ones; ``LuaObject``
    /// classes are listed separately, once, by whoever generates the stubs).
    public var classes: [LuaClassDescription]

    /// Describes a native module from its declaration.
    public init(_ module: LuaModule, summary: String? = nil) {
        name = module.name
        self.summary = summary
        functions = module.functions.map { LuaFunctionDescription($0) }
        fields = module.members.compactMap { member in
            switch member {
            case .constant(let name, _, let type): Field(name: name, type: type)
            case .raw(let name, _): Field(name: name, type: "any")  // set up by code: its type is not declared
            default: nil
            }
        }
        events = module.events
        classes = []
    }

    /// Describes a module by hand (a module written in Lua).
    public init(_ name: String, summary: String? = nil, _ build: (inout LuaModuleDescription) -> Void) {
        self.name = name
        self.summary = summary
        functions = []
        fields = []
        events = []
        classes = []
        build(&self)
    }

    /// Adds a function with named parameters (`"key: string"`; see ``LuaFunctionDescription``).
    public mutating func function(
        _ name: String, _ parameters: [String] = [], returns results: [String] = [],
        isAsync: Bool = false, summary: String? = nil
    ) {
        functions.append(LuaFunctionDescription(name, parameters, returns: results, isAsync: isAsync, summary: summary))
    }

    /// Adds the function `name` of a native module, as declared there: for a
    /// Lua module that re-exports its native part's functions.
    public mutating func function(_ name: String, from module: LuaModule) {
        guard let signature = module.functions.first(where: { $0.name == name }) else {
            preconditionFailure("\(module.name) declares no function '\(name)'")
        }
        functions.append(LuaFunctionDescription(signature))
    }

    /// Adds a non-function field.
    public mutating func field(_ name: String, _ type: String) {
        fields.append(Field(name: name, type: type))
    }

    /// Adds a class the module defines.
    public mutating func luaClass(_ description: LuaClassDescription) {
        classes.append(description)
    }
}
