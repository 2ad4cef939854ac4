/// The identity of one open screen, minted by the runtime when it opens the screen and
/// never reused. Every renderer call and every event names its screen by it.
public struct ScreenID: Hashable, Comparable, Sendable {
    /// The number behind the id.
    public let rawValue: Int

    /// Wraps a number.
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: ScreenID, rhs: ScreenID) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension ScreenID: CustomStringConvertible {
    /// `s` followed by the number (`s3`).
    public var description: String { "s\(rawValue)" }
}
