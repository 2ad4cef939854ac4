/// A source of time for timers: the real monotonic clock, or a virtual one
/// that only moves when a test advances it.
public enum LuaClock: Sendable {
    case realTime
    case virtual
}
