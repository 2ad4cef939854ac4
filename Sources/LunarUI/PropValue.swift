/// A plain value carried by an element prop: what a renderer needs to draw a node.
///
/// Props never hold closures or references, so a tree of them can be diffed by value,
/// copied across threads and printed. A prop bound to a signal is delivered as the
/// signal's current value; the binding itself stays with the runtime.
public enum PropValue: Hashable, Sendable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// An element's checked style (prop ``PropName/style``).
    case style(Style)

    /// The string, when this value is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The style, when this value is one.
    public var styleValue: Style? {
        if case .style(let value) = self { return value }
        return nil
    }

    /// The boolean, when this value is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer, when this value is an integer or a double with no fractional part.
    public var intValue: Int? {
        switch self {
        case .int(let value):
            return value
        case .double(let value):
            // Bounds and round-trip checks by hand: `Int(exactly:)` needs libm's `trunc` at link time.
            guard value >= -9.223_372_036_854_775_808e18, value < 9.223_372_036_854_775_808e18 else { return nil }
            let integer = Int(value)
            return Double(integer) == value ? integer : nil
        case .bool, .string, .style:
            return nil
        }
    }
}

extension PropValue: CustomStringConvertible {
    /// The value as it would be written in a literal: strings quoted, numbers and booleans bare,
    /// a style as a Lua table.
    public var description: String {
        switch self {
        case .bool(let value): return String(value)
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let value): return quoted(value)
        case .style(let value): return value.description
        }
    }
}

extension PropValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension PropValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension PropValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension PropValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
