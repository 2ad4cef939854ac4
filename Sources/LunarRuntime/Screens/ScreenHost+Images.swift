import Foundation
import LunarBridge
import LunarNetwork
import LunarUI

/// An `Image` node on a screen: its source, and whether its script has heard how it ended.
struct ShownImage {
    var source: String
    var reported = false
    /// What onLoad reports as the cache for this node: the load's own for a node that waited
    /// for it, `memory` for one that found the image already loaded.
    var cache: String?
}

/// Images: `ui.Image`'s `source`, as ``ImageSources`` knows it. The runtime sets `loadState` and
/// `imageFile` on the node for the renderer and calls the script's `onLoad`/`onError`.
extension ScreenHost {
    /// Sets `loadState` and `imageFile` on every image with a source in `element`, starting
    /// the loads not yet started; returns their paths and sources.
    func resolveImages(in element: inout Element, path: [Int] = []) -> [(path: [Int], source: String)] {
        var found: [(path: [Int], source: String)] = []
        if element.kind == .image, let source = element.props[.source]?.stringValue, !source.isEmpty {
            let sourceState = images.state(for: source, in: bundle.root, driver: state.asyncDriver) { [weak self] result in
                self?.imageLoaded(source, result)
            }
            switch sourceState {
            case .loading:
                element.props[.loadState] = "loading"
            case .loaded(let file, _, _):
                element.props[.loadState] = "loaded"
                element.props[.imageFile] = .string(file)
            case .failed:
                element.props[.loadState] = "failed"
            }
            found.append((path, source))
        }
        for index in element.children.indices {
            found += resolveImages(in: &element.children[index], path: path + [index])
        }
        return found
    }

    /// Keeps the images a render showed under their nodes, forgets sources no screen shows,
    /// and reports to the script the images that were already settled when their node appeared.
    func recordImages(_ found: [(path: [Int], source: String)], on screen: ScreenInstance) {
        var shownImages: [NodeID: ShownImage] = [:]
        var settled = false
        for (path, source) in found {
            guard let node = screen.reconciler.node(at: path) else { continue }
            if let known = screen.images[node], known.source == source {
                shownImages[node] = known
                continue
            }
            var shown = ShownImage(source: source)
            switch images[source] {
            case .loaded(_, _, let cache)?:
                // A URL another element loaded is in the loader's memory; a bundle file is read as it is.
                shown.cache = cache == "none" && !ImageSources.isURL(source) ? nil : "memory"
                settled = true
            case .failed?:
                settled = true
            case .loading?, nil:
                break
            }
            shownImages[node] = shown
        }
        screen.images = shownImages
        var shownSources: Set<String> = []
        for other in screens.byID.values { for image in other.images.values { shownSources.insert(image.source) } }
        images.keep(only: shownSources)
        if settled, let driver = state.asyncDriver {
            let bound = ExecutorBound(self)
            driver.enqueue { bound.value.reportSettledImages() }
        }
    }

    /// A load ended: every node showing the source is updated, then its script is told.
    private func imageLoaded(_ source: String, _ result: Result<ImageLoader.LoadedImage, NetworkError>) {
        let settled: ImageSourceState
        var props = Props()
        switch result {
        case .success(let image):
            let cache = image.origin == .network ? "none" : image.origin.rawValue
            settled = .loaded(file: image.file.path, bytes: image.data.count, cache: cache)
            props[.loadState] = "loaded"
            props[.imageFile] = .string(image.file.path)
        case .failure(let error):
            settled = .failed(message: error.message, kind: error.kind.rawValue, status: error.status)
            props[.loadState] = "failed"
        }
        var shown = false
        for screen in screens.byID.values {
            for (node, image) in screen.images where image.source == source {
                shown = true
                if let mutation = screen.reconciler.updateProps(props, of: node) {
                    renderer?.apply([mutation], to: screen.id)
                    onContentChange?()
                }
            }
        }
        guard shown else {
            images[source] = nil
            return
        }
        images[source] = settled
        reportSettledImages()
    }

    /// Calls `onLoad` or `onError` of every image whose source has settled and whose script
    /// has not heard of it, then re-renders.
    func reportSettledImages() {
        var calls: [(screen: ScreenInstance, node: NodeID, event: EventName, payload: LuaTable)] = []
        for screen in screens.byID.values {
            for (node, image) in screen.images where !image.reported {
                var payload = LuaTable()
                payload["source"] = .string(image.source)
                switch images[image.source] {
                case .loaded(_, let bytes, let cache)?:
                    payload["cache"] = .string(image.cache ?? cache)
                    payload["bytes"] = .integer(bytes)
                    calls.append((screen, node, .load, payload))
                case .failed(let message, let kind, let status)?:
                    payload["message"] = .string(message)
                    if let kind { payload["kind"] = .string(kind) }
                    if let status { payload["status"] = .integer(status) }
                    calls.append((screen, node, .error, payload))
                case .loading?, nil:
                    continue
                }
                screen.images[node]?.reported = true
            }
        }
        guard !calls.isEmpty else { return }
        operationDepth += 1
        defer { operationDepth -= 1 }
        for (screen, node, event, payload) in calls.sorted(by: { ($0.screen.id.rawValue, $0.node.rawValue) < ($1.screen.id.rawValue, $1.node.rawValue) }) {
            guard let path = screen.reconciler.path(of: node), let tree = screen.lastTree else { continue }
            let luaPath = LuaValue.table(LuaTable(array: path.map { .integer($0 + 1) }))
            do {
                _ = try state.callHelper(helpers.function("dispatch", in: state),
                                         [.reference(tree.reference), luaPath, .string(event.rawValue), .table(payload)])
            } catch {
                onScriptError(error)
                renderer?.showToast("error: " + error.message)
            }
        }
        renderVisible()
    }
}
