/// The Lua face of one class of objects, for stubs and the bridge API version:
/// its name, methods (called `obj:name(...)`) and properties.
///
/// Read from a ``LuaObject`` class's own ``LuaObject/describe(_:)``, so the
/// stub says exactly what the bridge accepts; Lua-written classes (tables with
/// a metatable) are described by hand with ``init(name:summary:methods:properties:)``.
public struct LuaClassDescription: Sendable, Hashable {
    /// The class name scripts and stubs use (`Signal`).
    public var name: String
    /// One line about the class, or nil.
    public var summary: String?
    /// The methods, their names unqualified (`map`, not `Signal:map`).
    public var methods: [LuaFunctionDescription]
    /// The properties.
    public var properties: [LuaPropertySignature]

    /// Describes a class by hand.
    public init(name: String, summary: String? = nil, methods: [LuaFunctionDescription] = [], properties: [LuaPropertySignature] = []) {
        self.name = name
        self.summary = summary
        self.methods = methods
        self.properties = properties
    }

    /// Describes a ``LuaObject`` class from its ``LuaObject/describe(_:)``
    /// (run on a fresh builder; no state is touched).
    public init<Object: LuaObject>(_ type: Object.Type, summary: String? = nil) {
        var builder = LuaClassBuilder<Object>()
        Object.describe(&builder)
        let prefix = Object.luaTypeName + ":"
        self.init(
            name: Object.luaTypeName,
            summary: summary,
            methods: builder.methodSignatures.map { signature in
                var method = signature
                if method.name.hasPrefix(prefix) { method.name.removeFirst(prefix.count) }
                return LuaFunctionDescription(method)
            },
            properties: builder.propertySignatures
        )
    }
}
