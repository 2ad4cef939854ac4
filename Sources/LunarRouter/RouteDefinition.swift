/// One concrete route in a ``RouteTrie``: an expanded pattern with its
/// handler, priority and registration order.
///
/// A class so the trie, the owning ``RouteToken`` and an in-flight dispatch
/// can share it and see ``isRegistered`` turn false when it is removed.
final class RouteDefinition {
    /// The expanded pattern text, handed to handlers as ``RouteMatch/pattern``.
    let pattern: String
    let segments: [PathSegment]
    let priority: Int
    /// Router-wide registration counter; breaks priority ties, earlier first.
    let sequence: Int
    let handler: Router.Handler
    var isRegistered = true

    init(pattern: String, segments: [PathSegment], priority: Int, sequence: Int, handler: @escaping Router.Handler) {
        self.pattern = pattern
        self.segments = segments
        self.priority = priority
        self.sequence = sequence
        self.handler = handler
    }

    /// Whether this route is tried before `other`: higher priority first, then earlier registration.
    func precedes(_ other: RouteDefinition) -> Bool {
        priority != other.priority ? priority > other.priority : sequence < other.sequence
    }
}
