/// The outcome of one `it` in a spec file.
public struct SpecCaseResult: Sendable, Equatable {
    /// The enclosing `describe` names, outermost first, then the `it` name.
    public var names: [String]
    /// Why it failed, each message starting with `file:line` when Lua knows it;
    /// empty when it passed. Script errors the app raised during the test count.
    public var failures: [String]
    /// Wall-clock seconds the test took (waiting on the network included); 0 for a test to write.
    public var duration: Double
    /// Why the test is pending, when it is and nothing failed: the reason it gave `pending(reason)`
    /// (possibly empty), or "not written yet" for an `it` without a function (``isTodo``).
    public var pending: String?
    /// An `it(name)` without a function: a test still to write (TAP `# TODO`); it does not run.
    public var isTodo: Bool

    /// A test passes when it ran to its end and nothing failed.
    public var passed: Bool { failures.isEmpty && pending == nil }
    /// A test is pending when nothing failed and it called `pending(...)` or has no function.
    public var isPending: Bool { failures.isEmpty && pending != nil }
    /// The names joined by spaces, as `--filter` matches them.
    public var fullName: String { names.joined(separator: " ") }

    public init(names: [String], failures: [String], duration: Double, pending: String? = nil, isTodo: Bool = false) {
        self.names = names
        self.failures = failures
        self.duration = duration
        self.pending = pending
        self.isTodo = isTodo
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
    /// What the run changed on disk, one line each: snapshots written or updated
    /// (`2 snapshots written to spec/__snapshots__/home_spec.snap`).
    public var notes: [String]

    public init(file: String, loadError: String? = nil, cases: [SpecCaseResult] = [], notes: [String] = []) {
        self.file = file
        self.loadError = loadError
        self.cases = cases
        self.notes = notes
    }

    /// Tests that passed.
    public var passedCount: Int { cases.count(where: \.passed) }
    /// Tests that failed, plus one for a load error.
    public var failedCount: Int { cases.count(where: { !$0.failures.isEmpty }) + (loadError == nil ? 0 : 1) }
    /// Tests pending: `pending(...)` called, or no function yet.
    public var pendingCount: Int { cases.count(where: \.isPending) }
}
