/// What every step of one `calculateLayout` shares: the pass number (a dirty node drops its
/// cached results once per pass), the root (whose own flex factors are ignored) and the counters.
struct LayoutContext {
    var pass: UInt64
    unowned(unsafe) var root: LayoutNode
    let counters: LayoutPassCounters
}

final class LayoutPassCounters {
    @exclusivity(unchecked) var statistics = LayoutPassStatistics()
}
