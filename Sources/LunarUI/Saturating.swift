extension Int {
    /// The whole part of `value`, kept within ±2^53 (NaN is 0): for numbers already checked at
    /// the script boundary, or reported by a renderer, that a layout or scroll computation turned
    /// into a count of rows or cells.
    ///
    /// `Int(_:)` traps on a value it cannot hold, and a trap kills the host; 2^53 leaves room
    /// for the arithmetic callers do next without overflowing.
    public init(saturating value: Double) {
        let bound = 9_007_199_254_740_992.0
        if value.isNaN { self = 0 } else { self = Int(Swift.min(Swift.max(value, -bound), bound)) }
    }
}
