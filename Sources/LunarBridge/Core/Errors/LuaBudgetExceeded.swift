/// The running call's instruction budget is spent, or a stop was asked for: thrown by
/// ``LuaState/charge(units:)``. Let it propagate out of the bridged function: the trampoline
/// raises the stop at the script's line (it cannot be caught and replaced by Swift).
public struct LuaBudgetExceeded: Error, Sendable, CustomStringConvertible {
    public init() {}
    public var description: String { "instruction budget exceeded" }
}
