/// Observes a request's life, for example to show and hide a progress HUD or to count traffic.
///
/// Global accessories (`NetworkConfiguration.accessories`) and the request's own
/// (`Request.accessories`) are called for every request, global ones first, each list in order.
/// For every request that starts, the hooks run exactly once each, in the order will-start,
/// will-stop, did-stop — also when it fails, is cancelled or is answered from the cache.
/// Will-stop runs just before the result is delivered, did-stop just after. All hooks run on the
/// client's executor; every method has an empty default.
public protocol RequestAccessory {
    /// The request is about to start (before the cache is read or the transport is asked).
    func requestWillStart(_ task: RequestTask)
    /// The request has its result (`task.result`) and is about to deliver it.
    func requestWillStop(_ task: RequestTask)
    /// The result has been delivered.
    func requestDidStop(_ task: RequestTask)
}

extension RequestAccessory {
    /// Does nothing.
    public func requestWillStart(_ task: RequestTask) {}
    /// Does nothing.
    public func requestWillStop(_ task: RequestTask) {}
    /// Does nothing.
    public func requestDidStop(_ task: RequestTask) {}
}
