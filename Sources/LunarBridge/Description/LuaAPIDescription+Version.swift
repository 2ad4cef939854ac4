extension LuaAPIDescription {
    /// The bridge API version: a stable hash of every module's and class's
    /// signatures (names, parameter and result types, async, fields, events,
    /// properties), as 16 hex digits. Equal declarations give the same version
    /// on every machine and run; any change to what scripts can call changes it.
    /// Summaries and parameter names do not count.
    public var version: String {
        var hash = FNV1a()
        for module in modules {
            hash.add("module \(module.name)")
            for function in module.functions { hash.add(Self.canonical(function)) }
            for field in module.fields { hash.add("field \(field.name): \(field.type)") }
            for event in module.events { hash.add("event \(event)") }
        }
        for luaClass in classes {
            hash.add("class \(luaClass.name): \(luaClass.supertypes.joined(separator: ", "))")
            for function in luaClass.functions { hash.add("static " + Self.canonical(function)) }
            for method in luaClass.methods { hash.add(Self.canonical(method)) }
            for property in luaClass.properties {
                hash.add("property \(property.name): \(property.type)\(property.isWritable ? " rw" : "")")
            }
        }
        return hash.hex
    }

    static func canonical(_ function: LuaFunctionDescription) -> String {
        let signature = function.signature
        let generics = function.generics.isEmpty ? "" : "<\(function.generics.joined(separator: ", "))>"
        return "\(signature.isAsync ? "async " : "")function \(signature.name)\(generics)(\(signature.parameters.joined(separator: ", "))) -> \(signature.results.joined(separator: ", "))"
    }
}
