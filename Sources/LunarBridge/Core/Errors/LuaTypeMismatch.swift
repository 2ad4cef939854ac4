/// A conversion failure, before the argument position is known.
public struct LuaTypeMismatch: Error, Sendable, CustomStringConvertible {
    public var problem: String
    public init(expected: String, got: String) { problem = "\(expected) expected, got \(got)" }
    public init(problem: String) { self.problem = problem }
    public var description: String { problem }
}
