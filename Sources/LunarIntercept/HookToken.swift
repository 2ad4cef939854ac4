/// The registration of one hook. `remove()` unregisters it.
///
/// A token belongs to the executor of the hook point it came from: call
/// `remove()` there. It is `Sendable` only so a host can keep it in an actor
/// or hand it back to that executor later, as with other executor-bound handles.
public final class HookToken: @unchecked Sendable {
    private var removal: (() -> Void)?

    init(removal: @escaping () -> Void) { self.removal = removal }

    /// A token that was never registered (its `remove()` returns false).
    public static func inactive() -> HookToken {
        let token = HookToken(removal: {})
        token.removal = nil
        return token
    }

    /// Unregisters the hook. Returns true the first time, false after (and
    /// false for a `once` hook that already ran and removed itself). A call
    /// already running keeps the hooks it started with; the change applies
    /// from the next call.
    @discardableResult
    public func remove() -> Bool {
        guard let removal else { return false }
        self.removal = nil
        removal()
        return true
    }

    /// True until the hook is removed (by `remove()` or by running once).
    public var isActive: Bool { removal != nil }

    /// Marks the token removed without running the removal (the owner already did).
    func invalidate() { removal = nil }
}
