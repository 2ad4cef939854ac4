/// How urgently the transport should serve a request relative to others in flight.
public enum RequestPriority: Sendable, Hashable {
    case low
    case normal
    case high

    /// The value URLSession's task priority takes (0...1).
    var sessionPriority: Float {
        switch self {
        case .low: 0.25
        case .normal: 0.5
        case .high: 0.75
        }
    }
}
