extension LuaState {
    /// The value Lua sees for a Swift error: the error table or message.
    func luaValue(for error: any Error) -> LuaValue {
        switch error {
        case let e as LuaErrorConvertible: e.luaErrorValue
        case let e as LuaError:
            switch e {
            case .message(let m): .string(m)
            case .value(let v): v
            }
        case let e as LuaScriptError: e.value
        default: .string(String(describing: error))
        }
    }

    /// Starts an async bridged call; see ``LuaModuleBuilder/function(_:_:)-async``.
    @usableFromInline func startAsync(_ operation: LuaAsyncOperation, name: String, callback: LuaFunction?, on L: OpaquePointer) throws -> LuaReturn {
        guard let driver = asyncDriver else {
            throw LuaError.message("'\(name)' is asynchronous and this state runs without an executor")
        }
        if let callback {
            runOffExecutor(operation, driver: driver) { state, outcome in state.deliver(outcome, to: callback) }
            return .results(0)
        }
        let thread = UnsafeMutableRawPointer(L)
        let stack = LuaStack(L: L, state: self)
        guard managedThreads.contains(thread), stack.isYieldable else {
            throw LuaError.message("'\(name)' is asynchronous: pass a callback as the last argument, or call it inside lunar.async(fn)")
        }
        stack.pushThread()
        let threadRef = stack.popReference()  // keeps the coroutine alive while it waits
        let coroutine = ExecutorBound(L)
        awaiting.insert(thread)
        runOffExecutor(operation, driver: driver) { state, outcome in
            withExtendedLifetime(threadRef) {
                let co = coroutine.value
                state.awaiting.remove(UnsafeMutableRawPointer(co))
                let stack = LuaStack(L: co, state: state)
                _ = stack.reserve(3)
                switch outcome {
                case .success(let value):
                    value.push(to: stack)
                    state.resumeManaged(co, arguments: 1)
                case .failure(let error):
                    stack.pushErrorSentinel()
                    state.luaValue(for: error).push(to: stack)
                    state.resumeManaged(co, arguments: 2)
                }
            }
        }
        return .yield(0)
    }

    /// Runs `operation` off the executor, then `completion` back on it; the
    /// work counts as pending until then.
    private func runOffExecutor(_ operation: LuaAsyncOperation, driver: any LuaAsyncDriver,
                     completion: @escaping (LuaState, Result<any LuaPushable & Sendable, any Error>) -> Void) {
        let bound = ExecutorBound((self, completion))
        driver.beginWork()
        Task {
            let outcome: Result<any LuaPushable & Sendable, any Error>
            do { outcome = .success(try await operation.run()) } catch { outcome = .failure(error) }
            driver.enqueue {
                defer { driver.endWork() }
                bound.value.1(bound.value.0, outcome)
            }
        }
    }

    /// Calls a callback `(result, nil)` or `(nil, err)`; its errors go to the error handler.
    func deliver(_ outcome: Result<any LuaPushable & Sendable, any Error>, to callback: LuaFunction) {
        do {
            switch outcome {
            case .success(let value):
                try callPushing(callback) { stack in
                    value.push(to: stack)
                    stack.pushNil()
                    return 2
                }
            case .failure(let error):
                let value = luaValue(for: error)
                try callPushing(callback) { stack in
                    stack.pushNil()
                    value.push(to: stack)
                    return 2
                }
            }
        } catch {
            report(error)
        }
    }

    /// Calls `function` with arguments pushed by `pushArguments`, discarding results.
    public func callPushing(_ function: LuaFunction, _ pushArguments: (LuaStack) -> Int32) throws(LuaScriptError) {
        try withHostCall { () throws(LuaScriptError) in
            let stack = self.stack
            _ = stack.reserve(8)
            let base = stack.top
            function.push(to: stack)
            let n = pushArguments(stack)
            try stack.protectedCall(arguments: n, results: 0)
            stack.setTop(base)
        }
    }

    /// Starts `function` as a coroutine the runtime manages: bridged async
    /// functions called inside it await instead of needing a callback.
    /// `completion` gets the results or the error when it finishes.
    public func spawn(_ function: LuaFunction, arguments: [LuaValue] = [],
                      completion: @escaping (Result<[LuaValue], LuaScriptError>) -> Void = { _ in }) {
        drainReleases()
        let stack = self.stack
        _ = stack.reserve(3)
        guard let co = stack.pushNewThread() else { return }
        let threadRef = stack.popReference()  // keeps the coroutine alive while it runs
        let key = UnsafeMutableRawPointer(co)
        managedThreads.insert(key)
        coroutineCompletions[key] = (threadRef, completion)
        let coStack = LuaStack(L: co, state: self)
        _ = coStack.reserve(Int32(arguments.count) + 2)
        push(function.reference, on: co)
        for a in arguments { a.push(to: coStack) }
        resumeManaged(co, arguments: Int32(arguments.count))
    }

    /// Resumes a managed coroutine and handles how it stops.
    func resumeManaged(_ co: OpaquePointer, arguments: Int32) {
        let stack = self.stack
        let outcome = withHostCall { () -> LuaResumeOutcome in stack.resume(co, arguments: arguments) }
        let key = UnsafeMutableRawPointer(co)
        let coStack = LuaStack(L: co, state: self)
        switch outcome {
        case .yielded(let results):
            coStack.pop(results)  // only the yielded values: the suspended frames stay
            // A yield of ours awaits a pending operation; a plain coroutine.yield
            // at the top of a managed coroutine just gives other jobs a turn.
            if !awaiting.contains(key) {
                if let driver = asyncDriver {
                    let bound = ExecutorBound((self, co))
                    driver.beginWork()
                    driver.enqueue {
                        defer { driver.endWork() }
                        bound.value.0.resumeManaged(bound.value.1, arguments: 0)
                    }
                } else {
                    // Nothing would ever resume it: end it with an error instead of hanging.
                    finishCoroutine(key, .failure(LuaScriptError(
                        kind: .runtime, message: "coroutine.yield in a managed coroutine needs an executor",
                        location: nil, traceback: nil, value: .nil)))
                }
            }
        case .finished(let results):
            var values: [LuaValue] = []
            if results > 0 { for i in 1...results { values.append(LuaValue.readLossy(from: coStack, at: i)) } }
            coStack.setTop(0)
            finishCoroutine(key, .success(values))
        case .failed(let status):
            let error = popError(status: status, on: co, fresh: true)
            finishCoroutine(key, .failure(error))
        }
    }

    private func finishCoroutine(_ key: UnsafeMutableRawPointer, _ result: Result<[LuaValue], LuaScriptError>) {
        managedThreads.remove(key)
        guard let (ref, completion) = coroutineCompletions.removeValue(forKey: key) else { return }
        withExtendedLifetime(ref) { completion(result) }
    }
}
