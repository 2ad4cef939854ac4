/// The error `timeout` fails with when the source has not ended in time.
public struct TimeoutError: Error, CustomStringConvertible, Equatable {
    /// The time limit that passed, in seconds.
    public let seconds: Double

    /// Makes the error for a limit of `seconds`.
    public init(seconds: Double) {
        self.seconds = seconds
    }

    /// "signal timed out after N seconds".
    public var description: String { "signal timed out after \(seconds) seconds" }
}

/// The error a `Command`'s `execute` returns while the command is disabled (or, without
/// concurrent execution, already executing).
public struct CommandDisabledError: Error, CustomStringConvertible, Equatable {
    /// Makes the error.
    public init() {}

    /// "command is disabled".
    public var description: String { "command is disabled" }
}
