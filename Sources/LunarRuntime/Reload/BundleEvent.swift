import Foundation

/// What happens to the bundle a session runs while it runs: files saved (from a watcher or a
/// dev server's change feed), or a notice about where the changes come from.
public enum BundleEvent: Sendable, Equatable {
    /// Files changed, as paths relative to the bundle root.
    case changed([String])
    /// A line for the user (a lost dev server, a reconnection).
    case notice(String)
}

/// One line that says what applying changed files did: what a session shows its user
/// (`lunar dev`, `lunar run http://…`) and writes to its log.
public struct ReloadNotice: Sendable, Equatable, CustomStringConvertible {
    /// `reloaded screens/home.lua` (followed by the report's notes, `; manifest.json: the
    /// entry ...`), or `reload failed: screens/home.lua:2: message; the app keeps running`.
    public var text: String
    /// Whether a file failed to load (its error overlay shows; the last good code runs).
    public var isFailure: Bool

    public var description: String { text }
}

extension LunarRuntime {
    /// Hot-reloads the app's files among `paths` (see ``reload(changedFiles:)``) and says what
    /// happened in one line; nil when none of them is app code (the mock API and specs are
    /// not part of the running app).
    public func applyChanges(_ paths: [String]) -> ReloadNotice? {
        guard paths.contains(where: { !$0.hasPrefix("mock-api/") && !$0.hasPrefix("spec/") }) else { return nil }
        let report = reload(changedFiles: paths)
        guard report.failures.isEmpty else {
            return ReloadNotice(text: "reload failed: \(report.failures.joined(separator: "; ")); the app keeps running", isFailure: true)
        }
        let applied = "reloaded \(paths.joined(separator: ", "))"
        return ReloadNotice(text: ([applied] + report.notes).joined(separator: "; "), isFailure: false)
    }
}
