/// One interceptable call site: the hooks registered on it, and `run`, which
/// runs a call through them.
///
/// Order of one call: every `before` hook; then the `instead` hooks as a
/// chain (the first registered is outermost; each calls `proceed` to reach
/// the next, the last reaches the original), or the original when there are
/// none; then every `after` hook with the outcome. Within a position, Swift
/// hooks run before script hooks, and each side's hooks in registration order.
///
/// Rules:
/// - A call uses the hooks registered when it started: hooks added or removed
///   while it runs (by a hook, say) take effect from the next call.
/// - A `once` hook removes itself the first time it runs (its token's
///   `remove()` then returns false) and never runs twice, even when the hook
///   point is re-entered from inside a call.
/// - An error thrown by a hook is reported through `onFailure` and the call
///   goes on: the other hooks run, and the original runs unless an `instead`
///   hook returned without proceeding. An `instead` hook that throws before
///   calling `proceed` is skipped (the chain proceeds); one that throws after
///   `proceed` returned gives the call what `proceed` returned (a failure of
///   `proceed` itself passes through unreported, as the call's own error).
/// - The original's error is the call's error: `after` hooks see it and
///   `run` rethrows it.
///
/// Confined: use a hook point on one executor (the runtime's, for Lunar).
/// It takes no locks, and with no hooks registered `isEmpty` is one stored
/// load, so a call site can skip `run` entirely.
public final class HookPoint<Invocation, Output> {
    public typealias Proceed = (Invocation) throws -> Output

    @usableFromInline final class Entry {
        @usableFromInline let hook: Hook<Invocation, Output>
        @usableFromInline let side: HookSide
        @usableFromInline let once: Bool
        @usableFromInline let scope: HookScope<Invocation>
        let tag: AnyObject?
        @usableFromInline var fired = false
        @usableFromInline weak var token: HookToken?

        init(hook: Hook<Invocation, Output>, side: HookSide, once: Bool, scope: HookScope<Invocation>, tag: AnyObject?) {
            self.hook = hook
            self.side = side
            self.once = once
            self.scope = scope
            self.tag = tag
        }
    }

    /// The name used in failure reports, for example `screen.didAppear`.
    public let name: String
    /// Where hook errors go. Runs on the hook point's executor.
    public var onFailure: (HookFailure) -> Void
    /// Called after a hook is added or removed, so an owner can switch a fast
    /// path on or off (the bridge's per-function interceptor, for example).
    public var onChange: (() -> Void)?
    /// True when no hook is registered: the call site may skip ``run(_:original:)``.
    public private(set) var isEmpty = true

    @usableFromInline var before: [Entry] = []
    @usableFromInline var instead: [Entry] = []
    @usableFromInline var after: [Entry] = []

    /// Creates an empty hook point named `name`.
    public init(_ name: String, onFailure: @escaping (HookFailure) -> Void = { _ in }) {
        self.name = name
        self.onFailure = onFailure
    }

    /// How many hooks are registered at `position`.
    public func count(at position: HookPosition) -> Int {
        switch position {
        case .before: before.count
        case .instead: instead.count
        case .after: after.count
        }
    }

    /// The registered hooks in run order (every `before`, then `instead`, then `after`), as
    /// descriptions: for listing what intercepts a point (the inspector's State panel).
    public var registrations: [HookRegistration] {
        (before + instead + after).map {
            HookRegistration(point: name, position: $0.hook.position, side: $0.side, once: $0.once,
                             scoped: $0.scope.predicate != nil)
        }
    }

    /// The tags of the hooks in run order when every registered hook is an
    /// `after` hook that runs for every invocation, every time (scope `.all`,
    /// not `once`), and has a tag; nil otherwise (also when empty). An owner
    /// that can run such hooks on a faster path of its own (the bridge runs
    /// script after-hooks of a call from C) uses this to decide, from `onChange`.
    public var plainAfterTags: [AnyObject]? {
        guard before.isEmpty, instead.isEmpty, !after.isEmpty else { return nil }
        var tags: [AnyObject] = []
        for entry in after {
            guard !entry.once, entry.scope.predicate == nil, let tag = entry.tag else { return nil }
            tags.append(tag)
        }
        return tags
    }

    /// Registers `hook`. Swift hooks go after the other Swift hooks of their
    /// position (so before every script hook); script hooks go last.
    /// - Parameters:
    ///   - side: who registers it; decides its place among the position's hooks.
    ///   - once: remove the hook the first time it runs.
    ///   - scope: the invocations it applies to.
    ///   - tag: what the owner knows the hook by (see ``plainAfterTags``).
    /// - Returns: the token that removes it. Dropping the token keeps the hook.
    @discardableResult
    public func add(_ hook: Hook<Invocation, Output>, side: HookSide = .swift, once: Bool = false,
                    scope: HookScope<Invocation> = .all, tag: AnyObject? = nil) -> HookToken {
        let entry = Entry(hook: hook, side: side, once: once, scope: scope, tag: tag)
        switch hook.position {
        case .before: insert(entry, into: &before)
        case .instead: insert(entry, into: &instead)
        case .after: insert(entry, into: &after)
        }
        let token = HookToken { [weak self] in self?.remove(entry) }
        entry.token = token
        changed()
        return token
    }

    private func insert(_ entry: Entry, into list: inout [Entry]) {
        let index = list.lastIndex(where: { $0.side <= entry.side }).map { $0 + 1 } ?? 0
        list.insert(entry, at: index)
    }

    @usableFromInline func remove(_ entry: Entry) {
        switch entry.hook.position {
        case .before: before.removeAll { $0 === entry }
        case .instead: instead.removeAll { $0 === entry }
        case .after: after.removeAll { $0 === entry }
        }
        changed()
    }

    private func changed() {
        isEmpty = before.isEmpty && instead.isEmpty && after.isEmpty
        onChange?()
    }

    /// Runs one call through the hooks: see the type's rules for the order and
    /// for what happens to errors. Returns the call's output or rethrows its error.
    /// Inlinable so call sites specialize it for their types: it is on every hooked call.
    @inlinable
    public func run(_ invocation: Invocation, original: @escaping Proceed) throws -> Output {
        // Snapshots: registrations made during this call apply from the next one.
        let before = self.before, instead = self.instead, after = self.after
        for entry in before where admits(entry, invocation) {
            guard case .before(let body) = entry.hook else { continue }
            do { try body(invocation) } catch { report(entry, error) }
        }
        let outcome: Result<Output, any Error>
        if instead.isEmpty {
            outcome = Result { try original(invocation) }
        } else {
            outcome = Result { try chain(instead, from: 0, original: original)(invocation) }
        }
        for entry in after where admits(entry, invocation) {
            guard case .after(let body) = entry.hook else { continue }
            do { try body(invocation, outcome) } catch { report(entry, error) }
        }
        return try outcome.get()
    }

    /// The `proceed` of the instead-hook chain starting at `start`.
    @inlinable
    func chain(_ hooks: [Entry], from start: Int, original: @escaping Proceed) -> Proceed {
        { [self] invocation in
            var index = start
            while index < hooks.count {
                let entry = hooks[index]
                index += 1
                guard admits(entry, invocation), case .instead(let body) = entry.hook else { continue }
                let next = chain(hooks, from: index, original: original)
                var proceeded: Result<Output, any Error>?
                let proceed: Proceed = { invocation in
                    let result = Result { try next(invocation) }
                    proceeded = result
                    return try result.get()
                }
                do {
                    return try body(invocation, proceed)
                } catch {
                    guard let proceeded else {
                        report(entry, error)
                        return try next(invocation)
                    }
                    if case .success = proceeded { report(entry, error) }
                    return try proceeded.get()
                }
            }
            return try original(invocation)
        }
    }

    /// Whether `entry` runs for `invocation`; claims a `once` hook.
    @inlinable
    func admits(_ entry: Entry, _ invocation: Invocation) -> Bool {
        if entry.once, entry.fired { return false }
        guard entry.scope.admits(invocation) else { return false }
        if entry.once {
            entry.fired = true
            if let token = entry.token { token.remove() } else { remove(entry) }
        }
        return true
    }

    @usableFromInline
    func report(_ entry: Entry, _ error: any Error) {
        onFailure(HookFailure(point: name, position: entry.hook.position, side: entry.side, error: error))
    }
}
