import LunarRouter

/// Records which routes ran and what they received.
final class RouteRecorder {
    private(set) var calls: [(label: String, match: RouteMatch)] = []

    var labels: [String] { calls.map(\.label) }
    var last: RouteMatch? { calls.last?.match }

    /// A handler that records `label` and answers `result`.
    func handler(_ label: String, returning result: Bool = true) -> Router.Handler {
        { match in
            self.calls.append((label, match))
            return result
        }
    }

    /// The string parameter `key` of the last call.
    func string(_ key: String) -> String? {
        last?.parameters[key]?.stringValue
    }
}
