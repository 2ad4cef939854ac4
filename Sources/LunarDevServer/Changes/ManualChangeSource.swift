import Synchronization

/// A change source that reports what its owner sends: for tests, and for a
/// host that learns of changes some other way.
///
/// `send` may be called from any thread; batches sent while no stream is open
/// are dropped.
public final class ManualChangeSource: BundleChangeSource {
    private let streams = Mutex<[Int: AsyncStream<Set<String>>.Continuation]>([:])
    private let nextID = Atomic<Int>(0)

    public init() {}

    public func changes() -> AsyncStream<Set<String>> {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let (stream, continuation) = AsyncStream<Set<String>>.makeStream()
        continuation.onTermination = { [weak self] _ in
            _ = self?.streams.withLock { $0.removeValue(forKey: id) }
        }
        streams.withLock { $0[id] = continuation }
        return stream
    }

    /// Reports a batch of changed bundle-relative paths to every open stream.
    public func send(_ paths: Set<String>) {
        for continuation in streams.withLock({ Array($0.values) }) { continuation.yield(paths) }
    }

    /// The number of open streams (a dev server that is running holds one).
    public var subscriberCount: Int { streams.withLock { $0.count } }
}
