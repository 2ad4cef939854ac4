/// Expressions evaluated in a frame (the console, hovers, watches, breakpoint conditions and
/// logpoints), each under an instruction budget.
extension LuaDebugger {
    /// The budget of one expression evaluated inside a stop when the state has none.
    public static let evaluationBudget = 200_000_000

    /// Evaluates `expression` (or runs it as a statement when it is not one) in the frame
    /// `frameID` while stopped, seeing its locals and upvalues; otherwise in the globals.
    /// Either way under an instruction budget (in a stop, ``evaluationBudget`` unless the state
    /// has one). Fails with the error's message.
    public func evaluate(_ expression: String, frame frameID: Int?) -> Result<LuaDebugValue, LuaDebugError> {
        guard let state else { return .failure(LuaDebugError(message: "not attached")) }
        let stack = stoppedThread ?? state.stack
        let level = stoppedThread == nil ? nil : Self.level(ofFrame: frameID ?? 1)
        let run = { () -> Result<LuaDebugValue, LuaDebugError> in
            let base = stack.top
            defer { stack.setTop(base) }
            switch self.call(expression, on: stack, level: level, results: 1) {
            case .failure(let error): return .failure(error)
            case .success:
                var value = self.describeValue(on: stack, at: -1)
                value.name = expression
                return .success(value)
            }
        }
        if stoppedThread != nil { return run() }
        return state.withHostCall(run)
    }

    /// Truthiness of `expression` in the frame at `level` of `stack`.
    func evaluateTruth(_ expression: String, on stack: LuaStack, level: Int32) -> Result<Bool, LuaDebugError> {
        let base = stack.top
        defer { stack.setTop(base) }
        return call(expression, on: stack, level: level, results: 1).map { stack.isTruthy(at: -1) }
    }

    /// Compiles `return EXPR` (or `EXPR` as a statement) with an environment that sees the
    /// frame's locals, then its upvalues, then its globals, and calls it protected, leaving
    /// `results` values on the stack.
    func call(_ expression: String, on stack: LuaStack, level: Int32?, results: Int32) -> Result<Void, LuaDebugError> {
        guard stack.reserve(12) else { return .failure(LuaDebugError(message: "stack overflow")) }
        if !stack.load("return " + expression, name: "=(debug)") {
            stack.pop()
            if !stack.load(expression, name: "=(debug)") {
                let message = stack.text(at: -1)
                stack.pop()
                return .failure(LuaDebugError(message: message))
            }
        }
        stack.pushEnvironment(ofFrameAt: level)
        stack.setEnvironment(ofFunctionAt: -2)
        if stoppedThread != nil || stack.isInsideDebugStop { return callInStop(on: stack, results: results) }
        // Evaluated while running, it is an ordinary turn, under the budget.
        guard stack.protectedCallLeavingError(arguments: 0, results: results) else {
            let message = errorMessage(on: stack)
            stack.pop()
            return .failure(LuaDebugError(message: message))
        }
        return .success(())
    }

    /// Calls the function on top of `stack` inside a stop (or a breakpoint's condition), under a
    /// budget of its own: the state's instruction budget (or ``evaluationBudget``), so an
    /// expression that loops ends with an error instead of holding the stopped app. Lua runs no
    /// hooks on a thread inside its hook, so the call runs on a new thread (which has the hook).
    /// The stopped call's budget is neither spent nor changed.
    func callInStop(on stack: LuaStack, results: Int32) -> Result<Void, LuaDebugError> {
        // A negative budget is the host's "unlimited"; an evaluation in a stop still gets one.
        let budget = max(1, state?.instructionBudget.flatMap { $0 >= 0 ? $0 : nil } ?? Self.evaluationBudget)
        let failure = stack.callOnNewThread(results: results, budget: budget, describingError: errorMessage(on:)) { call in
            condition.lock()
            evaluatingInStop = true
            condition.unlock()
            call()
            condition.lock()
            evaluatingInStop = false
            let cancelled = evaluationCancelled
            evaluationCancelled = false
            condition.unlock()
            return cancelled
        }
        guard let failure else { return .success(()) }
        var message = failure.message
        if failure.outOfBudget { message += " (an expression evaluated while stopped runs under a budget of \(budget) instructions)" }
        return .failure(LuaDebugError(message: message))
    }

    /// The error value on top of `stack` as a message: a string as it is, another value as the
    /// variables view shows it.
    func errorMessage(on stack: LuaStack) -> String {
        stack.type(at: -1) == .string ? stack.text(at: -1) : describeValue(on: stack, at: -1).value
    }
}
