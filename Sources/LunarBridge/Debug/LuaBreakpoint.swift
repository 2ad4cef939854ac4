/// A line breakpoint in one chunk (`@screens/login.lua`), as a debugger client sets it.
public struct LuaBreakpoint: Sendable, Equatable {
    /// The line (1-based) the breakpoint sits on.
    public var line: Int
    /// A Lua expression: the breakpoint stops only when it is truthy in the stopped frame.
    public var condition: String?
    /// How many hits stop: `5` (the fifth), `>= 5`, `> 5`, `== 5`, `% 5` (every fifth).
    public var hitCondition: String?
    /// A logpoint's message: printed (with `{expression}` parts evaluated) instead of stopping.
    public var logMessage: String?

    public init(line: Int, condition: String? = nil, hitCondition: String? = nil, logMessage: String? = nil) {
        self.line = line
        self.condition = condition
        self.hitCondition = hitCondition
        self.logMessage = logMessage
    }
}
