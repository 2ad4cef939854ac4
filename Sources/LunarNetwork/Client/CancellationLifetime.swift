import LunarSignals

extension NetworkTask {
    /// Cancels this request, batch or chain when `lifetime` ends (at once if it has), so a closing
    /// screen takes its requests with it. One that finished first is left alone.
    @discardableResult
    public func tie(to lifetime: Lifetime) -> Self {
        lifetime.add(ActionDisposable { [weak self] in self?.cancel() })
        return self
    }
}
