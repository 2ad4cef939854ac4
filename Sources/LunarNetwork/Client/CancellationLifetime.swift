import LunarSignals

extension RequestTask {
    /// Cancels this request when `lifetime` ends (at once if it has), so a closing screen takes its
    /// requests with it. A request that finished first is left alone.
    @discardableResult
    public func tie(to lifetime: Lifetime) -> RequestTask {
        lifetime.add(ActionDisposable { [weak self] in self?.cancel() })
        return self
    }
}

extension BatchTask {
    /// Cancels the batch when `lifetime` ends (at once if it has).
    @discardableResult
    public func tie(to lifetime: Lifetime) -> BatchTask {
        lifetime.add(ActionDisposable { [weak self] in self?.cancel() })
        return self
    }
}

extension ChainTask {
    /// Cancels the chain when `lifetime` ends (at once if it has).
    @discardableResult
    public func tie(to lifetime: Lifetime) -> ChainTask {
        lifetime.add(ActionDisposable { [weak self] in self?.cancel() })
        return self
    }
}
