import Synchronization

/// Collects registry references dropped by Swift on any thread; the owning
/// state releases them the next time it runs on its executor.
final class LuaReleaseQueue: Sendable {
    private let pending = Mutex<(refs: [Int32], closed: Bool)>(([], false))
    /// Lets the hot path skip the lock when nothing was dropped.
    private let count = Atomic<Int>(0)

    func release(_ ref: Int32) {
        pending.withLock { if !$0.closed { $0.refs.append(ref) } }
        count.add(1, ordering: .releasing)
    }

    func drain() -> [Int32] {
        guard count.load(ordering: .acquiring) > 0 else { return [] }
        count.store(0, ordering: .releasing)
        return pending.withLock { state in
            let refs = state.refs
            state.refs.removeAll(keepingCapacity: true)
            return refs
        }
    }

    func close() { pending.withLock { $0.closed = true; $0.refs = [] } }
}

/// A Lua object (table, function, userdata, thread) kept alive by Swift.
///
/// The reference is released when the last Swift copy is dropped, from any
/// thread; the Lua object is then collectable. Using it (pushing, calling)
/// happens only on the owning state's executor.
public final class LuaReference: Hashable, @unchecked Sendable {
    let ref: Int32
    let releases: LuaReleaseQueue
    /// Lua's type name of the referenced value.
    public let typeName: String

    init(ref: Int32, typeName: String, releases: LuaReleaseQueue) {
        self.ref = ref
        self.typeName = typeName
        self.releases = releases
    }

    deinit { releases.release(ref) }

    public static func == (a: LuaReference, b: LuaReference) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

/// A Lua function held by Swift; call it with ``LuaState/call(_:_:)``.
public struct LuaFunction: Hashable, Sendable {
    public let reference: LuaReference
    public init(reference: LuaReference) { self.reference = reference }
}

/// A Lua table held by reference (not copied); read and write it through the state.
public struct LuaTableReference: Hashable, Sendable {
    public let reference: LuaReference
    public init(reference: LuaReference) { self.reference = reference }
}
