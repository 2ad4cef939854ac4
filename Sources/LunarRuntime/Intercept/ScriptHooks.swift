import LunarBridge
import LunarIntercept

/// Hooks whose body is a Lua function (what `lunar.intercept` registers).
///
/// What the Lua function receives, by position:
/// - screen steps: `before`/`after` get `(screen, ...)` (the method's
///   arguments); `instead` gets `(proceed, screen, ...)`; `after` runs only
///   when the step succeeded.
/// - view-model steps: `(subject, screen)`, `instead` with `proceed` first;
///   `after` of `create` gets the new view-model as its subject.
/// - bridged calls: `before` gets the arguments, `instead` gets
///   `(proceed, ...)`, `after` gets what `pcall` of the call would return:
///   `(true, results...)` or `(false, err)`. Arguments are the caller's own
///   values (tables are not copied), so a `before` hook can change them.
enum ScriptHooks {
    static func screen(_ fn: LuaFunction, _ position: HookPosition, state: LuaState) -> ScreenHook {
        switch position {
        case .before:
            return .before { [unowned state] call in
                _ = try state.callReturningAll(fn, [.reference(call.instance.reference)] + call.arguments)
            }
        case .after:
            return .after { [unowned state] call, outcome in
                guard case .success = outcome else { return }
                _ = try state.callReturningAll(fn, [.reference(call.instance.reference)] + call.arguments)
            }
        case .instead:
            return .instead { [unowned state] call, proceed in
                try runInstead(fn, state: state, [.reference(call.instance.reference)] + call.arguments) { arguments in
                    var forwarded = call
                    forwarded.arguments = Array(arguments.dropFirst())
                    return try proceed(forwarded)
                }
            }
        }
    }

    static func viewModel(_ fn: LuaFunction, _ position: HookPosition, state: LuaState) -> ViewModelHook {
        switch position {
        case .before:
            return .before { [unowned state] call in
                _ = try state.callReturningAll(fn, [call.subject, .reference(call.screen.reference)])
            }
        case .after:
            return .after { [unowned state] call, outcome in
                guard case .success(let results) = outcome else { return }
                let subject = call.event == .create ? (results.first ?? .nil) : call.subject
                _ = try state.callReturningAll(fn, [subject, .reference(call.screen.reference)])
            }
        case .instead:
            return .instead { [unowned state] call, proceed in
                try runInstead(fn, state: state, [call.subject, .reference(call.screen.reference)]) { arguments in
                    var forwarded = call
                    forwarded.subject = arguments.first ?? .nil
                    return try proceed(forwarded)
                }
            }
        }
    }

    /// Calls an instead-hook with a fresh `proceed` that is valid during the call only.
    private static func runInstead(_ fn: LuaFunction, state: LuaState, _ arguments: [LuaValue],
                                   proceed: @escaping ([LuaValue]) throws -> [LuaValue]) throws -> [LuaValue] {
        let context = ProceedContext(proceed)
        defer { context.proceed = nil }
        let proceedFunction = state.makeFunction(named: "proceed") { frame in
            guard let proceed = context.proceed else {
                throw LuaError.message("proceed called after the intercepted step returned")
            }
            var arguments: [LuaValue] = []
            if frame.argumentCount > 0 {
                for i in 1...frame.argumentCount { arguments.append(frame.stack.value(at: i, keepingReferences: true)) }
            }
            let results = try proceed(arguments)
            _ = frame.stack.reserve(Int32(results.count) + 1)
            for result in results { result.push(to: frame.stack) }
            return .results(Int32(results.count))
        }
        return try state.callReturningAll(fn, [.function(proceedFunction)] + arguments, keepingReferences: true)
    }

    static func call(_ fn: LuaFunction, _ position: HookPosition) -> CallHook {
        switch position {
        case .before:
            return .before { call in
                let stack = call.frame.stack
                let count = call.frame.argumentCount
                _ = stack.reserve(count + 2)
                fn.push(to: stack)
                pushArguments(of: call)
                try stack.protectedCall(arguments: count, results: 0)
            }
        case .after:
            return .after { call, outcome in
                let stack = call.frame.stack
                switch outcome {
                case .success(let output):
                    let count = output.resultCount ?? 0
                    let top = stack.top
                    _ = stack.reserve(count + 3)
                    fn.push(to: stack)
                    true.push(to: stack)
                    stack.pushCopies(from: top - count + 1, through: top)
                    try stack.protectedCall(arguments: count + 1, results: 0)
                case .failure(let error):
                    _ = stack.reserve(4)
                    fn.push(to: stack)
                    false.push(to: stack)
                    stack.state.errorValue(for: error, function: call.frame.functionName).push(to: stack)
                    try stack.protectedCall(arguments: 2, results: 0)
                }
            }
        case .instead:
            return .instead { call, proceed in
                let stack = call.frame.stack
                let count = call.frame.argumentCount
                let context = CallProceedContext(call: call, proceed: proceed)
                defer {
                    context.call = nil
                    context.proceed = nil
                }
                let base = stack.top
                _ = stack.reserve(count + 3)
                fn.push(to: stack)
                stack.state.pushFunction(named: call.frame.functionName, on: stack.L) { frame in
                    guard let call = context.call, let proceed = context.proceed else {
                        throw LuaError.message("proceed called after the intercepted call returned")
                    }
                    let forwarded = InterceptedCall(function: call.function, frame: call.frame.forwarding(frame), original: call.original)
                    let output = try proceed(forwarded)
                    context.results = forwarded.results(of: output, keepingReferences: true)
                    return output
                }
                pushArguments(of: call)
                do {
                    try stack.protectedCall(arguments: count + 1, results: LuaStack.allResults)
                } catch {
                    // The hook point then answers with what proceed returned: put it back.
                    for value in context.results ?? [] { value.push(to: stack) }
                    throw error
                }
                return .results(stack.top - base)
            }
        }
    }

    private static func pushArguments(of call: InterceptedCall) {
        call.frame.stack.pushCopies(from: 1, through: call.frame.argumentCount)
    }
}

/// The `proceed` of one running instead-hook; cleared when the hook returns.
private final class ProceedContext {
    var proceed: (([LuaValue]) throws -> [LuaValue])?
    init(_ proceed: @escaping ([LuaValue]) throws -> [LuaValue]) { self.proceed = proceed }
}

private final class CallProceedContext {
    var call: InterceptedCall?
    var proceed: CallHook.Proceed?
    /// What the last successful proceed returned, copied.
    var results: [LuaValue]?

    init(call: InterceptedCall, proceed: @escaping CallHook.Proceed) {
        self.call = call
        self.proceed = proceed
    }
}
