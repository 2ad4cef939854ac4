/// A bad argument to a bridged function; formatted like Lua's own
/// `bad argument #2 to 'log.info' (string expected, got nil)`.
public struct LuaArgumentError: Error, Sendable, CustomStringConvertible {
    public var position: Int
    public var problem: String

    public init(position: Int, problem: String) {
        self.position = position
        self.problem = problem
    }

    public var description: String { "bad argument #\(position) (\(problem))" }

    func message(function: String) -> String { "bad argument #\(position) to '\(function)' (\(problem))" }
}
