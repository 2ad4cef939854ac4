/// Receives a request's outcome as method calls (the YTKNetwork delegate style).
///
/// The client holds the delegate weakly: if it is gone when the request finishes, nothing is called
/// (accessories still run). All methods run on the client's executor.
public protocol RequestDelegate: AnyObject {
    /// The request succeeded.
    func requestFinished(_ task: RequestTask, response: Response)
    /// The request failed (including when it was cancelled).
    func requestFailed(_ task: RequestTask, error: NetworkError)
    /// Body bytes arrived; empty by default.
    func request(_ task: RequestTask, didReceive progress: DownloadProgress)
}

extension RequestDelegate {
    /// Does nothing.
    public func request(_ task: RequestTask, didReceive progress: DownloadProgress) {}
}
