import Foundation
import LunarBridge
import LunarBundle
import LunarNetwork
import LunarNetworkLua
import LunarRouter

/// Live reload of `manifest.json`: routes, the API settings and the rest, applied to the
/// running app (see docs/development.md, "Editing manifest.json").
extension ScreenHost {
    /// Registers manifest route `pattern` → `module` in both routers.
    func addManifestRoute(_ pattern: String, module: String) throws(BundleError) {
        do {
            let target = try screenRoutes.addTarget(pattern, module: module)
            let app = try router.add(pattern) { [weak self] match in
                guard let self else { return false }
                return self.navigate(module: module, target: match.url, parameters: match.parameters, modal: false)
            }
            screenRoutes.registered[pattern] = ManifestRoute(module: module, tokens: [target, app])
        } catch {
            throw BundleError("manifest.json: route '\(pattern)': \(error)")
        }
    }

    /// Makes `manifest` the app's manifest: routes that are gone or name another module are
    /// removed, new ones added (unchanged ones keep their registration). Checks it first, so a
    /// manifest that is refused changes nothing: every route pattern must parse and the entry
    /// must match one of the routes.
    func applyManifest(_ manifest: BundleManifest) throws(BundleError) {
        let check = Router()
        for (pattern, _) in manifest.routes.sorted(by: { $0.key < $1.key }) {
            do { _ = try check.add(pattern) { _ in true } } catch {
                throw BundleError("manifest.json: route '\(pattern)': \(error)")
            }
        }
        guard check.canOpen(manifest.entry) else {
            throw BundleError("manifest.json: entry '\(manifest.entry)' matches no route (routes: \(manifest.routes.keys.sorted().joined(separator: ", ")))")
        }
        for (pattern, route) in screenRoutes.registered.sorted(by: { $0.key < $1.key }) where manifest.routes[pattern] != route.module {
            for token in route.tokens { _ = token.remove() }
            screenRoutes.registered[pattern] = nil
        }
        for (pattern, module) in manifest.routes.sorted(by: { $0.key < $1.key }) where screenRoutes.registered[pattern] == nil {
            try addManifestRoute(pattern, module: module)
        }
        bundle.manifest = manifest
    }
}

extension LunarRuntime {
    /// Reads `manifest.json` again and applies it: routes and `api` at once, a `bridgeAPI`
    /// other than the host's refused, `entry` kept for the next start (said in `notes`).
    /// A manifest that does not load or is refused changes nothing and is the error returned.
    func reloadManifest() -> (notes: [String], error: BundleError?) {
        let old = host.bundle.manifest
        let new: BundleManifest
        do {
            new = try BundleManifest.load(root: host.bundle.root)
            if new.bridgeAPI != nil { try new.requireBridgeAPI(bridgeAPI) }
            try host.applyManifest(new)
        } catch {
            return ([], error)
        }
        if new.api != old.api, let network = state[extension: ScriptNetwork.self] {
            // As at start: the host's base URL (the mock API) wins over the manifest's. A base URL
            // a script set with net.config stays unless the manifest's own changed.
            if apiBaseURL == nil, new.api?.baseURL != old.api?.baseURL {
                network.client.configuration.baseURL = new.api?.baseURL.flatMap(URL.init(string:))
            }
            // Validated by the load above, so this does not fail.
            if let policy = try? new.hostPolicy(apiBaseURL: apiBaseURL) {
                network.client.configuration.hostPolicy = policy
            }
        }
        var notes: [String] = []
        if new.entry != old.entry {
            notes.append("manifest.json: the entry '\(new.entry)' opens when the app starts again; the running app keeps its screens")
        }
        return (notes, nil)
    }
}
