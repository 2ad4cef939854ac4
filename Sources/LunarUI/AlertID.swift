/// The identity of one alert, minted by the runtime; the renderer names it when it reports
/// which button was chosen.
public struct AlertID: Hashable, Comparable, Sendable {
    /// The number behind the id.
    public let rawValue: Int

    /// Wraps a number.
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: AlertID, rhs: AlertID) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension AlertID: CustomStringConvertible {
    /// `a` followed by the number (`a2`).
    public var description: String { "a\(rawValue)" }
}
