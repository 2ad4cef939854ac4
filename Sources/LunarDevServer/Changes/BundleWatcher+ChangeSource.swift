import LunarBundle

/// The runtime's watcher feeds the dev server's change feed directly;
/// each stream is a subscriber of its own.
extension BundleWatcher: BundleChangeSource {
    public func changes() -> AsyncStream<Set<String>> {
        let (stream, continuation) = AsyncStream<Set<String>>.makeStream()
        do {
            let subscription = try start { paths in continuation.yield(Set(paths)) }
            continuation.onTermination = { [weak self] _ in self?.remove(subscription) }
        } catch {
            continuation.finish()
        }
        return stream
    }
}
