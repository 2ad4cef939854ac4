/// Errors of the state itself (creation, loading, the sandbox).
public struct LuaStateError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
