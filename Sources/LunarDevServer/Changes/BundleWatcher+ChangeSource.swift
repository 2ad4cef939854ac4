import LunarRuntime

/// The runtime's inotify watcher feeds the dev server's change feed directly.
extension BundleWatcher: BundleChangeSource {
    public func changes() -> AsyncStream<Set<String>> {
        let (stream, continuation) = AsyncStream<Set<String>>.makeStream()
        do {
            try start { paths in continuation.yield(Set(paths)) }
        } catch {
            continuation.finish()
        }
        continuation.onTermination = { [weak self] _ in self?.stop() }
        return stream
    }
}
