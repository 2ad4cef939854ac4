/// What one module shows scripts, for stubs and the bridge API version: its
/// functions, constants and other fields, events and the classes it defines.
///
/// A native module is described from its declaration (``init(_:summary:)``),
/// a module written in Lua (``LuaState/registerSource(_:)``) from the LuaLS
/// annotations in its source (``init(annotated:)``), so the stub and the
/// code never disagree.
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
    public init(_ module: LuaModule) {
        name = module.name
        summary = module.summary
        functions = module.functions
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

    /// Describes a module field by field; a module written in Lua is
    /// described from its annotations (``init(annotated:)``).
    public init(
        name: String, summary: String? = nil, functions: [LuaFunctionDescription] = [], fields: [Field] = [],
        events: [String] = [], classes: [LuaClassDescription] = []
    ) {
        self.name = name
        self.summary = summary
        self.functions = functions
        self.fields = fields
        self.events = events
        self.classes = classes
    }
}
