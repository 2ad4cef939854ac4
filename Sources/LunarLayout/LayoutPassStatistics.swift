/// What one `calculateLayout` did: how many nodes it laid out and measured (not counting results
/// reused from the caches) and how many times it called measure functions.
public struct LayoutPassStatistics: Hashable, Sendable {
    /// Nodes laid out (sized and their children positioned).
    public var layouts = 0
    /// Nodes measured (sized only, for their parent's flex step).
    public var measures = 0
    /// Calls of measure functions.
    public var measureCallbacks = 0
    /// No layouts, measurements or calls.
    public init() {}
}
