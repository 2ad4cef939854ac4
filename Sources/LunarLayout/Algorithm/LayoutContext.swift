/// What every step of one `calculateLayout` shares: the pass number (a dirty node drops its
/// cached results once per pass), the root (whose own flex factors are ignored), the counters,
/// and whether caches and shortcuts may serve results (off only to check that they change none).
struct LayoutContext {
    var pass: UInt64
    unowned(unsafe) var root: LayoutNode
    let counters: LayoutPassCounters
    let shortcuts: LayoutShortcuts
}

/// The caches and shortcuts a layout may take; each only makes it faster. All of them but in
/// tests that check that.
package struct LayoutShortcuts: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// A node's cached layout or measurement serves the same (or compatible) constraints.
    package static let cachedResults = LayoutShortcuts(rawValue: 1)
    /// A container measured at an exact size on one axis is laid out while measured.
    package static let layoutWhileMeasuring = LayoutShortcuts(rawValue: 2)
    /// A clean child keeps its flex basis while its container's inputs to it are the same.
    package static let keptFlexBases = LayoutShortcuts(rawValue: 4)
    /// A column of rows moves its unchanged rows instead of laying them out again.
    package static let shiftedRows = LayoutShortcuts(rawValue: 8)
    package static let all: LayoutShortcuts = [.cachedResults, .layoutWhileMeasuring, .keptFlexBases, .shiftedRows]
}

final class LayoutPassCounters {
    @exclusivity(unchecked) var statistics = LayoutPassStatistics()
}
