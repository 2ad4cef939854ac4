/// A group of disposables disposed together.
///
/// Once the group is disposed, anything added later is disposed at once, so a resource created
/// after its owner went away never leaks. Not thread-safe: use it on one executor.
public final class CompositeDisposable: Disposable {
    @usableFromInline
    var members: [any Disposable] = []

    /// Member count at which ended members are next swept out, so long-lived groups that see
    /// many short subscriptions (flatMap, delay) stay small.
    private var sweepThreshold = 16

    /// Whether the group has been disposed.
    public private(set) var isDisposed = false

    /// Makes an empty group.
    public init() {}

    /// Makes a group holding `disposables`.
    public init(_ disposables: [any Disposable]) {
        members = disposables
    }

    /// Adds `disposable` to the group, or disposes it at once if the group is already disposed.
    public func add(_ disposable: (any Disposable)?) {
        guard let disposable else { return }
        if isDisposed {
            disposable.dispose()
            return
        }
        if members.count >= sweepThreshold {
            members.removeAll { $0.isDisposed }
            sweepThreshold = max(16, members.count * 2)
        }
        members.append(disposable)
    }

    /// Adds an action to run when the group is disposed (at once if it already is).
    public func add(_ action: @escaping () -> Void) {
        add(ActionDisposable(action))
    }

    /// Removes `disposable` from the group without disposing it (compared by identity).
    public func remove(_ disposable: any Disposable) {
        if let index = members.firstIndex(where: { $0 === disposable }) {
            members.remove(at: index)
        }
    }

    /// Disposes every member, in the order they were added, then empties the group.
    public func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let disposing = members
        members = []
        for member in disposing {
            member.dispose()
        }
    }
}
