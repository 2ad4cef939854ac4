/// The stable identity of a rendered node within one screen.
///
/// The ``Reconciler`` gives a node its id when it creates it and keeps it for as long as
/// the node survives re-renders; ids are never reused within a reconciler. Renderers key
/// their views by it; events name the node by it.
public struct NodeID: Hashable, Comparable, Sendable {
    /// The number behind the id; positive, increasing in creation order.
    public let rawValue: Int

    /// Wraps a number.
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension NodeID: CustomStringConvertible {
    /// `n` followed by the number (`n12`).
    public var description: String { "n\(rawValue)" }
}
