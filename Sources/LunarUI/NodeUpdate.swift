/// The changes to one existing node: only what differs from what the renderer already has.
public struct NodeUpdate: Hashable, Sendable {
    /// Props that are new or have a new value; apply each over the node's current props.
    public var props: Props
    /// Props the node no longer has; the renderer returns each to its default.
    public var removedProps: [PropName]
    /// The node's new set of handled events, or nil when it did not change.
    public var events: Set<EventName>?

    /// An update setting `props`, removing `removedProps` and, when given, replacing the events.
    public init(props: Props = Props(), removedProps: [PropName] = [], events: Set<EventName>? = nil) {
        self.props = props
        self.removedProps = removedProps
        self.events = events
    }

    /// Whether the update changes nothing.
    public var isEmpty: Bool { props.isEmpty && removedProps.isEmpty && events == nil }
}
