import LunarRouter

/// One manifest route as registered: its screen module and its tokens in the host's two
/// routers (navigation targets and the app's router).
struct ManifestRoute {
    let module: String
    let tokens: [RouteToken]
}

/// The manifest's routes as navigation targets: a router of their own that resolves a target
/// URL to its screen module and parameters without running the app's route handlers, and each
/// route's registrations (pattern → ``ManifestRoute``), so a manifest reload can remove or replace it.
final class ScreenRoutes {
    private let targets = Router()
    private var found: (module: String, parameters: [String: RouteValue])?
    /// The registrations of each manifest route, by pattern.
    var registered: [String: ManifestRoute] = [:]

    /// Makes `pattern` a target that resolves to `module`.
    func addTarget(_ pattern: String, module: String) throws -> RouteToken {
        try targets.add(pattern) { [unowned self] match in
            found = (module, match.parameters)
            return true
        }
    }

    /// The screen module and route parameters `url` resolves to; nil when no route matches.
    func screen(for url: String) -> (module: String, parameters: [String: RouteValue])? {
        found = nil
        guard targets.open(url) else { return nil }
        return found
    }
}
