import CLunar

/// Stops a running script from any thread.
public struct LuaInterruptHandle: @unchecked Sendable {
    let box: LuaContextBox
    /// Raises `reason` in the running script at its next instruction check.
    /// Harmless after the state is gone.
    public func interrupt(_ reason: String = "script interrupted") {
        lunar_budget_interrupt(box.pointer, reason)
    }

    /// Raises `reason` in the running script at its next instruction check, as
    /// ``interrupt(_:)`` does, and in every later call into the state at its first
    /// instruction: for a state whose owner is gone (a closed web tab), so neither the call
    /// running now nor the work it queued runs on. Final; harmless after the state is gone.
    public func stop(_ reason: String) {
        lunar_budget_stop(box.pointer, reason)
    }
}

/// Owns a state's `lunar_Context`; freed when the state and every interrupt
/// handle are gone.
final class LuaContextBox: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<lunar_Context>
    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: lunar_Context())
    }
    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
