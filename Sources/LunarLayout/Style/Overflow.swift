/// What a container does with content larger than itself. Yoga's default is `visible`. The
/// layout treats `hidden` as `visible`; under `scroll` children are not limited to the
/// container's size on the main axis, and the container stays within its available size.
public enum Overflow: Sendable, Hashable {
    /// The content may overflow.
    case visible
    /// The content is clipped by the renderer (laid out as `visible`).
    case hidden
    /// The content scrolls: children are measured with no limit on the main axis.
    case scroll
}
