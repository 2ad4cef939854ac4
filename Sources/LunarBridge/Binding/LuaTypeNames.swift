/// Maps Swift type names to LuaLS names for stubs.
public enum LuaTypeNames {
    /// The LuaLS name of a Swift type: a ``LuaObject`` class is its class name.
    public static func name(of type: Any.Type) -> String {
        if let readable = type as? any LuaReadable.Type { return readable.luaTypeName }
        return name(String(describing: type))
    }

    public static func name(_ swiftName: String) -> String {
        switch swiftName {
        case "Int", "Int64", "Int32": "integer"
        case "Double", "Float": "number"
        case "String": "string"
        case "Bool": "boolean"
        case "()": "nil"
        case "LuaValue": "any"
        case "LuaFunction": "function"
        case "LuaTableReference", "LuaTable": "table"
        default:
            if swiftName.hasPrefix("Optional<") { name(String(swiftName.dropFirst(9).dropLast())) + "?" }
            else if swiftName.hasPrefix("Array<") { name(String(swiftName.dropFirst(6).dropLast())) + "[]" }
            else { "any" }
        }
    }
}
