import Dispatch

/// Where a `NetworkClient` runs everything it calls back: completions, progress, accessories,
/// reformers. It must be the serial executor the client itself is confined to (the runtime's),
/// so callbacks never race with the caller.
///
/// The transport completes on its own threads; the client hands each event to `schedule` to get
/// back onto this executor.
public protocol CallbackScheduler: Sendable {
    /// Runs `work` later, on the client's executor, after work scheduled before it.
    /// Must not run `work` synchronously inside the call.
    func schedule(_ work: @escaping @Sendable () -> Void)
}

extension DispatchQueue: CallbackScheduler {
    /// Runs `work` asynchronously on this queue (use a serial queue, or `.main`).
    public func schedule(_ work: @escaping @Sendable () -> Void) {
        async(execute: work)
    }
}
