/// The Lua face of one class of objects, for stubs and the bridge API version:
/// its name, methods (called `obj:name(...)`), functions (called
/// `Class.name(...)`) and properties.
///
/// Read from a ``LuaObject`` class's own ``LuaObject/describe(_:)``, so the
/// stub says exactly what the bridge accepts; a Lua-written module's classes
/// come from its annotations (``LuaModuleDescription/init(annotated:)``).
public struct LuaClassDescription: Sendable, Hashable {
    /// The class name scripts and stubs use (`Signal`, or `Signal<T>` for a generic class).
    public var name: String
    /// One line about the class, or nil.
    public var summary: String?
    /// The classes it extends (`---@class Name: Parent`).
    public var supertypes: [String]
    /// The methods, their names unqualified (`map`, not `Signal:map`).
    public var methods: [LuaFunctionDescription]
    /// Functions called with a dot (`app.open(url)`).
    public var functions: [LuaFunctionDescription]
    /// The properties.
    public var properties: [LuaPropertySignature]

    /// Describes a class by hand (objects a native function makes without a ``LuaObject`` class).
    public init(
        name: String, summary: String? = nil, supertypes: [String] = [], methods: [LuaFunctionDescription] = [],
        functions: [LuaFunctionDescription] = [], properties: [LuaPropertySignature] = []
    ) {
        self.name = name
        self.summary = summary
        self.supertypes = supertypes
        self.methods = methods
        self.functions = functions
        self.properties = properties
    }

    /// Describes a ``LuaObject`` class from its ``LuaObject/describe(_:)``
    /// (run on a fresh builder; no state is touched). A class whose methods
    /// speak of a type parameter `T` (`get(): T`) is generic: `name<T>`.
    public init<Object: LuaObject>(_ type: Object.Type, summary: String? = nil, supertypes: [String] = []) {
        var builder = LuaClassBuilder<Object>()
        Object.describe(&builder)
        let prefix = Object.luaTypeName + ":"
        let methods = builder.methodDescriptions.map { description in
            var method = description
            if method.signature.name.hasPrefix(prefix) { method.signature.name.removeFirst(prefix.count) }
            return method
        }
        self.init(
            name: Object.luaTypeName + (builder.typeParameters.isEmpty ? "" : "<\(builder.typeParameters.joined(separator: ", "))>"),
            summary: summary, supertypes: supertypes, methods: methods,
            properties: builder.propertySignatures)
    }
}
