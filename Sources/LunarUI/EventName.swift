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
    /// The element was held down (a `Pressable`, or any element that declares it). No payload.
    public static let longPress: EventName = "longPress"
    /// A `Pressable` whose style is a function of its pressed state was touched down (pointer
    /// or key down, a headless `pressin`): the runtime restyles it as pressed. No payload.
    public static let pressIn: EventName = "pressIn"
    /// The touch on a `Pressable` that reported ``pressIn`` ended (lifted, cancelled, or moved
    /// off it): the runtime restyles it as not pressed. Report it also when the press was
    /// cancelled; a ``press`` follows a lift on the element. No payload.
    public static let pressOut: EventName = "pressOut"
    /// A `ScrollView` or `List` scrolled; the payload is the content offset along its axis, in
    /// points (`y` for a vertical one, `x` for a horizontal one), as a double.
    public static let scroll: EventName = "scroll"
    /// A `ScrollView` or `List` learned its visible extent along its axis (its height, or its
    /// width when horizontal), or that extent changed; the payload is the extent in points, a double.
    /// A renderer reports it before the first ``scroll`` and whenever the extent changes.
    public static let viewport: EventName = "viewport"
    /// A `List` was scrolled to within its threshold of the end (for paging). Reported by the
    /// runtime, never by a renderer. No payload.
    public static let endReached: EventName = "endReached"
    /// An `Image`'s source loaded. Reported by the runtime, never by a renderer.
    public static let load: EventName = "load"
    /// An `Image`'s source could not be loaded. Reported by the runtime, never by a renderer.
    public static let error: EventName = "error"
    /// The element's frame changed (`onLayout`): a renderer reports it as
    /// ``RendererEvent/layout(screen:node:frame:)`` after laying the element out.
    public static let layout: EventName = "layout"
}

extension EventName: CustomStringConvertible {
    /// The raw name.
    public var description: String { rawValue }
}
