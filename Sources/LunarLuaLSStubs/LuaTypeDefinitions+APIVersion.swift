import LunarBridge

extension LuaTypeDefinitions {
    /// The bridge API version: a stable hash of every module's and class's
    /// signatures (names, parameter and result types, async, fields, events,
    /// properties), as 16 hex digits. Equal declarations give the same version
    /// on every machine and run; any change to what scripts can call changes it.
    /// Summaries and parameter names do not count.
    public var apiVersion: String {
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

/// 64-bit FNV-1a: Swift's `Hasher` is seeded per process, so it cannot give a stable version.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ line: String) {
        for byte in line.utf8 + [0x0a] {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
