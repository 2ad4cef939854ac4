/// Options fixed when a state is created.
public struct LuaStateOptions: Sendable {
    /// Cap on the bytes Lua may allocate (nil: no cap). A script that goes over
    /// gets Lua's "not enough memory" error; the state stays usable.
    public var memoryLimit: Int?
    /// Instructions one host call may run (nil: unlimited). A script that goes
    /// over is stopped with "instruction budget exceeded".
    public var instructionBudget: Int?
    /// Which parts of the standard library scripts get.
    public var sandbox: LuaSandbox

    public init(memoryLimit: Int? = nil, instructionBudget: Int? = nil, sandbox: LuaSandbox = .default) {
        self.memoryLimit = memoryLimit
        self.instructionBudget = instructionBudget
        self.sandbox = sandbox
    }
}
