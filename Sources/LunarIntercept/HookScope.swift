/// Which invocations a hook applies to: all of them, those a predicate
/// accepts, or those of one instance. A hook outside its scope is skipped as
/// if it were not registered (an `instead` hook out of scope does not stop
/// the call reaching the original).
public struct HookScope<Invocation> {
    @usableFromInline let predicate: ((Invocation) -> Bool)?
    /// The instance an `.instance(id)` scope names (nil for other scopes), so
    /// an owner can drop such hooks when the instance goes away.
    public let instance: AnyHashable?

    init(predicate: ((Invocation) -> Bool)?, instance: AnyHashable? = nil) {
        self.predicate = predicate
        self.instance = instance
    }

    /// Every invocation.
    public static var all: HookScope { HookScope(predicate: nil) }

    /// Invocations `predicate` accepts (for example: the screen defines a method).
    /// The predicate runs on the hook point's executor, once per call.
    public static func matching(_ predicate: @escaping (Invocation) -> Bool) -> HookScope {
        HookScope(predicate: predicate)
    }

    @inlinable func admits(_ invocation: Invocation) -> Bool {
        guard let predicate else { return true }
        return predicate(invocation)
    }
}

extension HookScope where Invocation: Identifiable {
    /// Invocations whose subject is the instance `id` (one screen, not all).
    public static func instance(_ id: Invocation.ID) -> HookScope {
        HookScope(predicate: { $0.id == id }, instance: AnyHashable(id))
    }
}
