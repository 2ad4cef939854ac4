import Foundation

/// A debugger for one Lua state: breakpoints, steps, pause and stops on script errors, and,
/// while stopped, the stack, variables and evaluation.
///
/// Cost: attached, Lua reports calls and returns only; line events are on only inside functions
/// whose chunk and line range hold a breakpoint, or while stepping. Breakpoints are kept by
/// chunk name and line, so functions a hot reload re-created bind them again.
///
/// Stopping blocks the executor inside Lua: timers, renders and network completions wait (the
/// whole app pauses), and the stopped call's instruction budget does not count; expressions
/// evaluated in a stop (and conditions, logpoints) each run under a budget of their own. While
/// stopped, the executor runs only jobs given to ``submit(_:)``; a client's own I/O must live on
/// another thread. Frame ids, references and pages are any `Int`: one that names nothing gives
/// nothing, never a trap.
///
/// Threading: ``submit(_:)``, ``resume(_:)``, ``pause()`` and ``cancelEvaluation()`` may be called from any thread;
/// every other method runs on the executor, inside a submitted job.
///
/// The debugger is written on the core's debug operations (`LuaStack+Debug`, `LuaState+Debug`)
/// and calls no Lua C API itself. Its parts: this file, control and the stop; `+Stops`,
/// breakpoints, hit conditions, logpoints and exception breaks; `+Variables`, frames, scopes,
/// variables and their handles; `+Evaluation`, expressions evaluated in a frame.
public final class LuaDebugger: @unchecked Sendable {
    let executor: LuaExecutor
    let condition = NSCondition()
    var jobs: [@Sendable (LuaDebugger) -> Void] = []
    var resumeAction: LuaResumeAction?
    /// An evaluation runs inside a stop (guarded by `condition`), and it was cancelled.
    var evaluatingInStop = false
    var evaluationCancelled = false
    /// The state's pause request and interrupt, for any thread.
    let pauseRequest: LuaDebugPause
    let interrupt: LuaInterruptHandle
    /// Reports stops, resumes and output, on the executor's thread. Set before ``attach()``.
    public var onEvent: @Sendable (LuaDebugEvent) -> Void = { _ in }

    // Executor-confined from here on.
    weak var state: LuaState?
    var breakpoints: [String: [Int: LuaBreakpoint]] = [:]
    var hits: [String: Int] = [:]
    /// The stopped thread's stack, while stopped.
    var stoppedThread: LuaStack?
    var handles: [Int: Handle] = [:]
    var nextHandle = 1
    var detachRequested = false

    /// A debugger for `state`, whose jobs run on `executor` (the state's). Executor only. Nothing
    /// is hooked until ``attach()``.
    public init(state: LuaState, executor: LuaExecutor) {
        self.executor = executor
        self.pauseRequest = state.debugPause
        self.interrupt = state.interruptHandle
        self.state = state
        _ = LuaState.debugHandlerInstalled
        state.debugger = self
    }

    // MARK: Any thread

    /// Runs `job` on the executor: at once when Lua is stopped (the stop serves it), otherwise
    /// as the executor's next job.
    public func submit(_ job: @escaping @Sendable (LuaDebugger) -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
        executor.enqueue { [self] in runJobs() }
    }

    /// Resumes a stopped script (ignored when it is not stopped).
    public func resume(_ action: LuaResumeAction) {
        condition.lock()
        resumeAction = action
        condition.signal()
        condition.unlock()
    }

    /// Stops the script at its next line. When no Lua runs, the app stops at once (no frames),
    /// paused as a whole until resumed.
    public func pause() {
        // The flag first: a script running now stops at its next line, and this job then finds it stopped.
        pauseRequest.request()
        submit { debugger in
            guard debugger.attached, let state = debugger.state, debugger.stoppedThread == nil,
                  debugger.pauseRequest.takePending() else { return }
            // Lua was not running when this job came (no stop took the pause): stop here, between jobs.
            debugger.stop(on: state.stack, reason: .pause)
        }
    }

    /// Stops an expression running inside a stop now (a client that sent it went away), with
    /// the error "the debugger's client went away"; nothing when none runs.
    public func cancelEvaluation() {
        condition.lock()
        defer { condition.unlock() }
        guard evaluatingInStop, !evaluationCancelled else { return }
        evaluationCancelled = true
        interrupt.interrupt("the debugger's client went away")
    }

    // MARK: Executor

    /// Whether a client is attached (``attach()``).
    public private(set) var attached = false

    /// Turns debugging on: calls and returns are hooked from now on. Executor only.
    public func attach() {
        guard let state, !attached else { return }
        attached = true
        state.setDebugHooked(true)
    }

    /// Turns debugging off: every breakpoint and exception filter is dropped, a stopped script
    /// goes on, and Lua runs at full speed again. Executor only.
    public func detach() {
        guard let state, attached else { return }
        attached = false
        breakpoints = [:]
        hits = [:]
        if stoppedThread == nil { releaseHandles() }
        state.setDebugHooked(false)
        if stoppedThread != nil {
            detachRequested = true
            resume(.continue)
        }
    }

    /// Whether Lua is stopped now.
    public var isStopped: Bool { stoppedThread != nil }

    // MARK: The stop

    /// What the hook reports on `stack`'s thread (``LuaState/debugHandlerInstalled``): stops when
    /// a breakpoint, a step, a pause or a raised error says so.
    func hookReported(_ stack: LuaStack, event: LuaDebugHookEvent, line: Int) {
        guard stoppedThread == nil else { return }
        if event.contains(.exception) {
            stop(on: stack, reason: .exception(Self.errorText(on: stack)))
            return
        }
        var reason: LuaStopReason?
        if event.contains(.breakpoint), breakpointStops(stack, line: line) { reason = .breakpoint }
        if reason == nil, event.contains(.step) {
            reason = stack.isDebugPauseDue ? .pause : .step
        }
        guard let reason else { return }
        stop(on: stack, reason: reason)
    }

    /// Blocks the executor inside Lua, serving jobs, until resumed.
    func stop(on stack: LuaStack, reason: LuaStopReason) {
        stoppedThread = stack
        stack.armDebugStep(.none)
        stack.clearDebugPause()
        condition.lock()
        resumeAction = nil
        condition.unlock()
        onEvent(.stopped(reason))
        var action = LuaResumeAction.continue
        while true {
            condition.lock()
            while jobs.isEmpty && resumeAction == nil { condition.wait() }
            // A resume asked for first wins: jobs the client sent after it run once the app goes on.
            let resumed = resumeAction
            let taken = resumed == nil ? jobs : []
            if resumed == nil { jobs = [] }
            condition.unlock()
            for job in taken { job(self) }
            if let resumed {
                action = resumed
                break
            }
        }
        releaseHandles()
        stoppedThread = nil
        if !detachRequested, attached {
            switch action {
            case .continue: stack.armDebugStep(.none)
            case .stepOver: stack.armDebugStep(.over)
            case .stepIn: stack.armDebugStep(.into)
            case .stepOut: stack.armDebugStep(.out)
            }
        }
        stack.clearDebugPause()
        detachRequested = false
        onEvent(.resumed)
    }

    func runJobs() {
        condition.lock()
        let taken = jobs
        jobs = []
        condition.unlock()
        for job in taken { job(self) }
    }
}
