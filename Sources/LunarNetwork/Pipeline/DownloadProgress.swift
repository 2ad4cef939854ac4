/// How much of a response body has arrived.
public struct DownloadProgress: Sendable, Hashable {
    /// Body bytes received so far.
    public let receivedBytes: Int64
    /// The body length the server announced, if it announced one.
    public let expectedBytes: Int64?

    /// Creates a progress report.
    public init(receivedBytes: Int64, expectedBytes: Int64?) {
        self.receivedBytes = receivedBytes
        self.expectedBytes = expectedBytes
    }

    /// `receivedBytes / expectedBytes` clamped to 0...1, or `nil` when the length is unknown.
    public var fractionCompleted: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, Double(receivedBytes) / Double(expectedBytes))
    }
}
