/// One hook: its position and its body, typed by what the hook point runs.
///
/// `Invocation` describes one call (its subject and arguments); `Output` is
/// what the call produces. An `instead` hook gets a `proceed` function that
/// runs the rest of the chain (the next `instead` hook, or the original) for
/// an invocation of its choice, and returns what the call should produce.
///
/// ```swift
/// point.add(.before { call in log("opening \(call.name)") })
/// point.add(.instead { call, proceed in cache[call] ?? (try proceed(call)) })
/// point.add(.after { call, outcome in if case .failure(let e) = outcome { log(e) } })
/// ```
public enum Hook<Invocation, Output> {
    /// Runs the rest of an interception chain.
    public typealias Proceed = (Invocation) throws -> Output

    case before((Invocation) throws -> Void)
    case instead((Invocation, @escaping Proceed) throws -> Output)
    case after((Invocation, Result<Output, any Error>) throws -> Void)

    /// The position this hook runs at.
    public var position: HookPosition {
        switch self {
        case .before: .before
        case .instead: .instead
        case .after: .after
        }
    }
}
