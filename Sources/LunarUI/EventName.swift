/// The name of something a user can do to an element, which the element declares it handles.
///
/// The tree holds no closures: an element lists the events it handles, the renderer
/// reports them as ``RendererEvent/element(screen:node:event:payload:)``, and the runtime
/// looks up the handler of the *current* render, so a hot-reloaded script's new code runs.
public struct EventName: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral {
    /// The name as a script writes it, without the `on` prefix (`"press"`).
    public let rawValue: String

    /// Wraps a name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a name written as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    public static func < (lhs: EventName, rhs: EventName) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The element was pressed (a `Button`, or any element that declares it). No payload.
    public static let press: EventName = "press"
    /// A `TextField`'s text changed; the payload is the whole new text as a string.
    public static let change: EventName = "change"
    /// The user finished a `TextField` (return key); the payload is its text as a string.
    public static let submit: EventName = "submit"
}

extension EventName: CustomStringConvertible {
    /// The raw name.
    public var description: String { rawValue }
}
