/// Something that notices when files of a bundle change: the dev server's
/// change feed forwards what it reports to every connected host.
///
/// The runtime's `BundleWatcher` conforms: with file events (`lunar dev`) or
/// polling (`lunar serve`); ``ManualChangeSource`` reports what its owner tells it.
public protocol BundleChangeSource: Sendable {
    /// Batches of changed paths, relative to the bundle root and
    /// `/`-separated (added, modified and removed files alike), until the
    /// consuming task is cancelled or the source stops. Each call starts an
    /// independent stream; the dev server makes one.
    func changes() -> AsyncStream<Set<String>>
}
