import Foundation
import LunarBase

/// Loads images by URL through a ``NetworkClient``, with a memory cache and a disk cache in
/// front of it (React Native's image loader, FastImage's caching).
///
/// A URL is fetched at most once at a time: loads of a URL already in flight wait for it. A
/// loaded image is kept in memory (least recently used out, within ``memoryLimit``) and on disk
/// (within ``diskLimit``, surviving restarts), keyed by its URL; an image's URL is taken to name
/// fixed bytes (HTTP cache headers are not consulted). Failures are not cached.
///
/// Confined to the client's executor, like the client: call it there; completions run there,
/// never inside the call that asked.
public final class ImageLoader {
    /// Where a loaded image came from.
    public enum Origin: String, Sendable {
        /// The memory cache.
        case memory
        /// The disk cache (a previous run, or an image evicted from memory).
        case disk
        /// The network.
        case network
    }

    /// A loaded image.
    public struct LoadedImage: Sendable {
        /// The image's bytes, as served.
        public var data: Data
        /// A file holding the same bytes (the disk cache's entry) that a renderer may open.
        public var file: URL
        /// Where it came from.
        public var origin: Origin
    }

    /// The client that fetches what no cache holds.
    public let client: NetworkClient
    /// Where images are kept on disk.
    public let directory: URL
    /// The most bytes kept in memory.
    public var memoryLimit: Int { memory.limit }
    /// The most bytes kept on disk.
    public var diskLimit: Int { disk.limit }
    /// The largest image accepted, in bytes.
    public var maximumImageSize = 32 << 20

    private var memory: ImageMemoryCache
    private let disk: ImageDiskCache
    private var waiting: [URL: [(Result<LoadedImage, NetworkError>) -> Void]] = [:]

    /// A loader fetching through `client`, keeping images in `directory` on disk.
    public init(client: NetworkClient, directory: URL, memoryLimit: Int = 32 << 20, diskLimit: Int = 256 << 20) {
        self.client = client
        self.directory = directory
        memory = ImageMemoryCache(limit: memoryLimit)
        disk = ImageDiskCache(directory: directory, limit: diskLimit)
    }

    /// The image for `url` if the memory cache holds it, synchronously (a renderer can show it
    /// in the same frame).
    public func cachedImage(for url: URL) -> LoadedImage? {
        memory.image(for: url).map { LoadedImage(data: $0.data, file: $0.file, origin: .memory) }
    }

    /// Whether a load of `url` is in flight.
    public func isLoading(_ url: URL) -> Bool { waiting[url] != nil }

    /// How many images the memory cache holds, and their bytes.
    public var memoryUsage: (count: Int, bytes: Int) { (memory.count, memory.size) }

    /// Loads `url`: from memory, else from disk, else from the network (an `http`/`https` URL,
    /// under the client's host policy). `completion` runs later on the executor.
    public func load(_ url: URL, completion: @escaping (Result<LoadedImage, NetworkError>) -> Void) {
        if let image = cachedImage(for: url) {
            let bound = ExecutorBound(completion)
            client.scheduler.schedule { bound.value(.success(image)) }
            return
        }
        if waiting[url] != nil {
            waiting[url]?.append(completion)
            return
        }
        waiting[url] = [completion]
        if let stored = disk.image(for: url) {
            memory.store(stored.data, file: stored.file, for: url)
            let image = LoadedImage(data: stored.data, file: stored.file, origin: .disk)
            let bound = ExecutorBound(self)
            client.scheduler.schedule { bound.value.finish(url, .success(image)) }
            return
        }
        var request = Request(.get, url: url)
        request.decoding = .raw
        request.maximumBodySize = maximumImageSize
        client.send(request) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let response):
                guard let file = self.disk.store(response.body, for: url) else {
                    self.finish(url, .failure(NetworkError(kind: .transport, message: "the image could not be stored in \(self.directory.path)", url: url)))
                    return
                }
                self.memory.store(response.body, file: file, for: url)
                self.finish(url, .success(LoadedImage(data: response.body, file: file, origin: .network)))
            case .failure(let error):
                self.finish(url, .failure(error))
            }
        }
    }

    private func finish(_ url: URL, _ result: Result<LoadedImage, NetworkError>) {
        for completion in waiting.removeValue(forKey: url) ?? [] { completion(result) }
    }
}
