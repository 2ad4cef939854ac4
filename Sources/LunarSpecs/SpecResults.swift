/// The outcome of one `it` in a spec file.
public struct SpecCaseResult: Sendable, Equatable {
    /// The enclosing `describe` names, outermost first, then the `it` name.
    public var names: [String]
    /// Why it failed, each message starting with `file:line` when Lua knows it;
    /// empty when it passed. Script errors the app raised during the test count.
    public var failures: [String]
    /// Wall-clock seconds the test took (waiting on the network included).
    public var duration: Double

    /// A test passes when nothing failed.
    public var passed: Bool { failures.isEmpty }
    /// The names joined by spaces, as `--filter` matches them.
    public var fullName: String { names.joined(separator: " ") }

    public init(names: [String], failures: [String], duration: Double) {
        self.names = names
        self.failures = failures
        self.duration = duration
    }
}

/// The outcome of one spec file: the tests it ran, or why it could not load.
public struct SpecFileResult: Sendable, Equatable {
    /// The file, relative to the bundle (`spec/login_spec.lua`).
    public var file: String
    /// Set when the file (or the app under it) failed to load: a syntax error,
    /// an error at its top level or in a `describe` body, or an entry route
    /// that does not open. Such a file counts as one failure.
    public var loadError: String?
    /// The tests run, in the order they were declared.
    public var cases: [SpecCaseResult]

    public init(file: String, loadError: String? = nil, cases: [SpecCaseResult] = []) {
        self.file = file
        self.loadError = loadError
        self.cases = cases
    }

    /// Tests that passed.
    public var passedCount: Int { cases.count(where: \.passed) }
    /// Tests that failed, plus one for a load error.
    public var failedCount: Int { cases.count(where: { !$0.passed }) + (loadError == nil ? 0 : 1) }
}
