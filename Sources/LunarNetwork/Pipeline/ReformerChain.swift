import LunarJSON

/// Reformers applied in order, each to the previous one's output.
public struct ReformerChain {
    /// The reformers, first applied first.
    public var reformers: [any Reformer]

    /// Creates a chain.
    public init(_ reformers: [any Reformer]) {
        self.reformers = reformers
    }

    /// Runs every reformer in order. A thrown `NetworkError` passes through unchanged; any other error
    /// becomes a `.reform` error naming the reformer's position and type.
    public func apply(to value: JSONValue, context: ReformContext) throws(NetworkError) -> JSONValue {
        var current = value
        for (position, reformer) in reformers.enumerated() {
            do {
                current = try reformer.reform(current, context: context)
            } catch let error as NetworkError {
                throw error
            } catch {
                throw NetworkError(
                    kind: .reform,
                    message: "reformer \(position + 1) (\(type(of: reformer))) failed: \(error)",
                    status: context.status, url: context.url)
            }
        }
        return current
    }
}
