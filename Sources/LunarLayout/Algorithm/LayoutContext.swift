/// What every step of one `calculateLayout` shares: the pass number (a dirty node drops its
/// cached results once per pass), the root (whose own flex factors are ignored), the counters,
/// and whether caches and shortcuts may serve results (off only to check that they change none).
struct LayoutContext {
    var pass: UInt64
    unowned(unsafe) var root: LayoutNode
    let counters: LayoutPassCounters
    let shortcuts: Bool
}

final class LayoutPassCounters {
    @exclusivity(unchecked) var statistics = LayoutPassStatistics()
}
