/// A mutation that breaks the protocol ``Mutation`` describes, refused by a ``MountedTree``
/// that was left as it was.
///
/// The reconciler never produces one, so it means a bug in whatever sent the batch. A
/// renderer chooses what to do: the headless renderer traps, the terminal renderer skips it.
public struct MutationError: Error, Hashable, Sendable {
    /// What is wrong with the mutation.
    public enum Reason: Hashable, Sendable {
        /// `create` of an id the tree already holds.
        case nodeExists
        /// The mutation names an id the tree does not hold.
        case noSuchNode(NodeID)
        /// `update` that changes nothing.
        case emptyUpdate
        /// `insert` of a node that already has a parent or is the root.
        case alreadyAttached
        /// `insert` into the root slot while it holds a node, or at an index other than 0.
        case rootTaken
        /// `insert` of a node into its own subtree.
        case insertIntoOwnSubtree
        /// `insert` or `move` to an index the parent's children do not reach.
        case indexOutOfRange
        /// `move` or `remove` of a node that is not a child of the parent named.
        case notAChild(of: NodeID)
        /// `remove` from the root slot of a node that is not the root.
        case notTheRoot
    }

    /// The mutation refused.
    public let mutation: Mutation
    /// Why.
    public let reason: Reason

    /// Pairs a mutation with the reason it was refused.
    public init(_ mutation: Mutation, _ reason: Reason) {
        self.mutation = mutation
        self.reason = reason
    }
}

extension MutationError: CustomStringConvertible {
    /// The mutation and what is wrong with it, e.g. `insert(n4, parent: n1, index: 3): index out of range`.
    public var description: String {
        let problem: String
        switch reason {
        case .nodeExists: problem = "the node already exists"
        case .noSuchNode(let id): problem = "no node \(id)"
        case .emptyUpdate: problem = "the update changes nothing"
        case .alreadyAttached: problem = "the node is already attached"
        case .rootTaken: problem = "the root slot is taken"
        case .insertIntoOwnSubtree: problem = "the parent is inside the node's own subtree"
        case .indexOutOfRange: problem = "index out of range"
        case .notAChild(let parent): problem = "the node is not a child of \(parent)"
        case .notTheRoot: problem = "the node is not the root"
        }
        return "\(mutation): \(problem)"
    }
}
