import Foundation
import LunarBridge
import LunarNetwork

/// Where one image source stands, shared by every `Image` showing it.
enum ImageSourceState {
    case loading
    /// `file` holds the bytes; `cache` is what onLoad reports (`memory`, `disk`, `none`).
    case loaded(file: String, bytes: Int, cache: String)
    case failed(message: String, kind: String?, status: Int?)
}

/// The image sources some screen shows (`ui.Image`'s `source`) and where each stands: a bundle
/// file is looked up on disk, an http(s) URL is loaded through the network layer's
/// ``ImageLoader`` with its memory and disk caches. The screen host owns one and puts what it
/// knows on the nodes and to the scripts. Confined to the runtime's executor.
final class ImageSources {
    /// Loads the URL sources, with its caches (nil: URLs fail).
    var loader: ImageLoader?
    private var states: [String: ImageSourceState] = [:]

    /// Where `source` stands, nil when nothing is known of it.
    subscript(source: String) -> ImageSourceState? {
        get { states[source] }
        set { states[source] = newValue }
    }

    /// Forgets every source not in `shown`.
    func keep(only shown: Set<String>) {
        states = states.filter { shown.contains($0.key) }
    }

    /// Whether `source` is an http(s) URL rather than a bundle path.
    static func isURL(_ source: String) -> Bool {
        let lowered = source.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// The state of `source`, starting its load when nothing is known of it: a bundle file
    /// under `bundleRoot` settles at once; a URL load counts as work in flight on `driver` (so
    /// `wait` and `lunar test` wait for images too) and calls `loaded` on the executor when it ends.
    func state(
        for source: String, in bundleRoot: URL, driver: (any LuaAsyncDriver)?,
        loaded: @escaping (Result<ImageLoader.LoadedImage, NetworkError>) -> Void
    ) -> ImageSourceState {
        if let known = states[source] { return known }
        let state = startLoading(source, in: bundleRoot, driver: driver, loaded: loaded)
        states[source] = state
        return state
    }

    private func startLoading(
        _ source: String, in bundleRoot: URL, driver: (any LuaAsyncDriver)?,
        loaded: @escaping (Result<ImageLoader.LoadedImage, NetworkError>) -> Void
    ) -> ImageSourceState {
        let lowered = source.lowercased()
        if Self.isURL(source) {
            guard let url = URL(string: source), let loader else {
                return .failed(message: "'\(source)' is not a URL that can be loaded", kind: "invalidRequest", status: nil)
            }
            if let image = loader.cachedImage(for: url) {
                return .loaded(file: image.file.path, bytes: image.data.count, cache: "memory")
            }
            driver?.beginWork()
            loader.load(url) { result in
                defer { driver?.endWork() }
                loaded(result)
            }
            return .loading
        }
        if source.contains("://") || lowered.hasPrefix("data:") {
            return .failed(message: "image source '\(source)' is neither a bundle file nor an http(s) URL", kind: "invalidRequest", status: nil)
        }
        // A bundle file: relative, inside the bundle.
        let parts = source.split(separator: "/", omittingEmptySubsequences: true)
        guard !source.hasPrefix("/"), !parts.contains(".."), !parts.isEmpty else {
            return .failed(message: "image source '\(source)' must be a path inside the bundle", kind: "invalidRequest", status: nil)
        }
        let file = bundleRoot.appendingPathComponent(parts.joined(separator: "/"))
        guard let values = try? file.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey]), values.isRegularFile == true else {
            return .failed(message: "the bundle has no file '\(source)'", kind: "notFound", status: nil)
        }
        return .loaded(file: file.path, bytes: values.fileSize ?? 0, cache: "none")
    }
}
