/// Whether and how a node takes part in the layout. Yoga's default is `flex`.
public enum Display: Sendable, Hashable {
    /// A flex container (and a flex item of its parent).
    case flex
    /// Takes no space; the subtree's frames are emptied.
    case none
    /// Its children are laid out as if they were its parent's; the node itself gets an empty frame.
    case contents
}
