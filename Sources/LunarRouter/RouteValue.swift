/// A parameter value handed to a route handler.
///
/// The router itself only produces `.string` (one value) and `.list` (a query
/// key given more than once). `.opaque` exists so a caller of
/// ``Router/open(_:extra:)`` (the Lua bridge, for instance) can hand values the
/// router never looks at, such as a Lua table or function, straight to the
/// handler. A `RouteValue` is not `Sendable`: it lives on the router's executor.
public enum RouteValue {
    /// One text value.
    case string(String)
    /// Several text values, in the order they appeared.
    case list([String])
    /// A value the router carries without inspecting; the caller owns its meaning.
    case opaque(Any)

    /// The text of a `.string` value, or `nil` for the other cases.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The texts of a `.list` value, or `nil` for the other cases.
    public var listValue: [String]? {
        if case .list(let texts) = self { return texts }
        return nil
    }

    /// The payload of an `.opaque` value, or `nil` for the other cases.
    public var opaqueValue: Any? {
        if case .opaque(let value) = self { return value }
        return nil
    }
}

extension RouteValue: ExpressibleByStringLiteral {
    /// Creates a `.string` value from a literal.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension RouteValue: ExpressibleByArrayLiteral {
    /// Creates a `.list` value from a literal.
    public init(arrayLiteral elements: String...) {
        self = .list(elements)
    }
}

extension RouteValue: CustomStringConvertible {
    /// A readable form for logs: the text, the list in brackets, or the opaque payload's description.
    public var description: String {
        switch self {
        case .string(let text): return text
        case .list(let texts): return "[" + texts.joined(separator: ", ") + "]"
        case .opaque(let value): return "opaque(\(value))"
        }
    }
}
