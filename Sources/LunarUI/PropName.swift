/// The name of an element prop.
///
/// Names are open-ended so an adapter can pass props a renderer understands without this
/// module knowing them; the constants below are the ones every renderer must honour.
public struct PropName: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral {
    /// The name as written in a script (`"placeholder"`, `"maxLength"`).
    public let rawValue: String

    /// Wraps a name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a name written as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    public static func < (lhs: PropName, rhs: PropName) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The element's id (a string): what scripts, tests and focus requests name it by.
    public static let id: PropName = "id"
    /// The string a `Text` shows.
    public static let text: PropName = "text"
    /// The string a `Button` shows.
    public static let title: PropName = "title"
    /// The hint a `TextField` shows while it is empty.
    public static let placeholder: PropName = "placeholder"
    /// The string in a `TextField`.
    public static let value: PropName = "value"
    /// Whether a `TextField` hides what is typed (a boolean).
    public static let secure: PropName = "secure"
    /// The most characters a `TextField` accepts (an integer); the renderer enforces it.
    public static let maxLength: PropName = "maxLength"
    /// Whether a `Button` or `TextField` refuses input (a boolean).
    public static let disabled: PropName = "disabled"
    /// The text shown for an `Image` where images cannot be shown.
    public static let alt: PropName = "alt"
    /// Where an `Image` comes from (a string the host understands: a bundle path or a URL).
    public static let source: PropName = "source"
    /// The element's ``Style`` (a ``PropValue/style(_:)``): layout, colours, borders, text.
    public static let style: PropName = "style"
    /// Whether a `ScrollView` scrolls sideways (a boolean): its content is laid out in a row.
    public static let horizontal: PropName = "horizontal"
}

extension PropName: CustomStringConvertible {
    /// The raw name.
    public var description: String { rawValue }
}
