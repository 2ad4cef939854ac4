/// Carries a value that is confined to an executor into a job for that same
/// executor (or back to it). The compiler cannot see the confinement, so this
/// box vouches for it: use it only for values touched exclusively on the
/// executor they belong to.
public struct ExecutorBound<T>: @unchecked Sendable {
    public let value: T
    public init(_ value: T) { self.value = value }
}
