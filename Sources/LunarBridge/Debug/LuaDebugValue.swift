/// A variable or an evaluation result, shown as text; `reference` is nonzero when it has
/// children (a table), to be read with ``LuaDebugger/variables(of:start:count:filter:)``.
public struct LuaDebugValue: Sendable, Equatable {
    public var name: String
    public var value: String
    public var type: String
    /// A handle for the children while this stop lasts (0: none).
    public var reference: Int
    /// For a table: its sequence length (1...n) and how many other keys it has.
    public var indexedCount: Int
    public var namedCount: Int
}
