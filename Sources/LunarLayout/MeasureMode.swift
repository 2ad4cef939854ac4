/// How a measured size is constrained (Yoga's `MeasureMode`, its algorithm's sizing mode):
/// exactly the given size, at most it, or not at all (content-sized; the size is `.nan`).
public enum MeasureMode: Sendable, Hashable {
    /// No constraint: the size is `.nan` and the content decides (CSS's max-content).
    case undefined
    /// The size is the given size (CSS's stretch-fit).
    case exactly
    /// The content's size, at most the given size (CSS's fit-content).
    case atMost
}
