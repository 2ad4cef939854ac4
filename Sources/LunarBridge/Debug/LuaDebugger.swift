import CLunar
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
public final class LuaDebugger: @unchecked Sendable {
    private let executor: LuaExecutor
    private let condition = NSCondition()
    private var jobs: [@Sendable (LuaDebugger) -> Void] = []
    private var resumeAction: LuaResumeAction?
    /// An evaluation runs inside a stop (guarded by `condition`), and it was cancelled.
    private var evaluatingInStop = false
    private var evaluationCancelled = false
    /// Reports stops, resumes and output, on the executor's thread. Set before ``attach()``.
    public var onEvent: @Sendable (LuaDebugEvent) -> Void = { _ in }

    // Executor-confined from here on.
    private weak var state: LuaState?
    private var breakpoints: [String: [Int: LuaBreakpoint]] = [:]
    private var hits: [String: Int] = [:]
    /// The stopped thread, while stopped.
    private var stoppedThread: OpaquePointer?
    private var handles: [Int: Handle] = [:]
    private var nextHandle = 1
    private var detachRequested = false

    private enum Handle {
        case scope(LuaScopeKind, level: Int32)
        case table(Int32)  // registry reference
    }

    /// A debugger for `state`, whose jobs run on `executor` (the state's). Executor only. Nothing
    /// is hooked until ``attach()``.
    public init(state: LuaState, executor: LuaExecutor) {
        self.executor = executor
        self.contextBox = state.contextBox
        self.state = state
        _ = LuaDebugger.installed
        state.debugger = self
    }

    private let contextBox: LuaContextBox

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
        lunar_debug_pause(contextBox.pointer)
        submit { debugger in
            guard debugger.attached, let state = debugger.state, debugger.stoppedThread == nil,
                  lunar_debug_pause_pending(debugger.contextBox.pointer) != 0 else { return }
            // Lua was not running when this job came (no stop took the pause): stop here, between jobs.
            debugger.stop(on: state.L, reason: .pause)
        }
    }

    /// Stops an expression running inside a stop now (a client that sent it went away), with
    /// the error "the debugger's client went away"; nothing when none runs.
    public func cancelEvaluation() {
        condition.lock()
        defer { condition.unlock() }
        guard evaluatingInStop, !evaluationCancelled else { return }
        evaluationCancelled = true
        lunar_budget_interrupt(contextBox.pointer, "the debugger's client went away")
    }

    // MARK: Executor

    /// Whether a client is attached (``attach()``).
    public private(set) var attached = false

    /// Turns debugging on: calls and returns are hooked from now on. Executor only.
    public func attach() {
        guard let state, !attached else { return }
        attached = true
        lunar_debug_attach(state.L, 1)
    }

    /// Turns debugging off: every breakpoint and exception filter is dropped, a stopped script
    /// goes on, and Lua runs at full speed again. Executor only.
    public func detach() {
        guard let state, attached else { return }
        attached = false
        breakpoints = [:]
        hits = [:]
        if stoppedThread == nil { releaseHandles(on: state.L) }
        lunar_debug_attach(state.L, 0)
        if stoppedThread != nil {
            detachRequested = true
            resume(.continue)
        }
    }

    /// Whether Lua is stopped now.
    public var isStopped: Bool { stoppedThread != nil }

    /// Replaces the breakpoints of the chunk `chunk` (`@screens/login.lua`).
    public func setBreakpoints(_ list: [LuaBreakpoint], inChunk chunk: String) {
        guard let state else { return }
        var byLine: [Int: LuaBreakpoint] = [:]
        for breakpoint in list { byLine[breakpoint.line] = breakpoint }
        breakpoints[chunk] = byLine.isEmpty ? nil : byLine
        for key in hits.keys where key.hasPrefix(chunk + ":") { hits[key] = nil }
        // Lua's lines are `int`s: a line beyond them can never be reached.
        let lines = byLine.keys.compactMap { Int32(exactly: $0) }.filter { $0 > 0 }
        lines.withUnsafeBufferPointer { buffer in
            lunar_debug_set_lines(state.L, chunk, buffer.baseAddress, Int32(buffer.count))
        }
    }

    /// Which errors stop: those no script catches (they reach the host), and with `all`, also
    /// those a script's `pcall` catches.
    public func setExceptionBreaks(uncaught: Bool, all: Bool) {
        guard let state else { return }
        lunar_debug_set_exceptions(state.L, (uncaught ? LUNAR_BREAK_UNCAUGHT : 0) | (all ? LUNAR_BREAK_ALL : 0))
    }

    /// The lines of `source` that hold code (any function of the chunk), compiled and not run;
    /// nil when it does not compile.
    public func codeLines(of source: Data, chunk: String) -> Set<Int>? {
        guard let state, let bytes = try? state.compileToBytecode(source, name: chunk) else { return nil }
        return LuaChunkLines.lines(inDump: bytes)
    }

    // MARK: The stop

    static let installed: Void = {
        lunar_set_debug_handler { L, event, line in
            guard let L else { return }
            LuaState.owner(of: L).debugger?.handle(L, event: event, line: Int(line))
        }
    }()

    private func handle(_ L: OpaquePointer, event: Int32, line: Int) {
        guard stoppedThread == nil else { return }
        if event & LUNAR_DEBUG_EXCEPTION != 0 {
            stop(on: L, reason: .exception(describeTop(L)))
            return
        }
        var reason: LuaStopReason?
        if event & LUNAR_DEBUG_BREAKPOINT != 0, breakpointStops(L, line: line) { reason = .breakpoint }
        if reason == nil, event & LUNAR_DEBUG_STEP != 0 {
            reason = lunar_context(L)!.pointee.debug.step == LUNAR_STEP_PAUSE ? .pause : .step
        }
        guard let reason else { return }
        stop(on: L, reason: reason)
    }

    /// Counts the hit, prints a logpoint, checks the conditions: whether to stop.
    private func breakpointStops(_ L: OpaquePointer, line: Int) -> Bool {
        var ar = lua_Debug()
        guard lua_getstack(L, 0, &ar) != 0, lua_getinfo(L, "S", &ar) != 0, let source = ar.source else { return false }
        let chunk = String(cString: source)
        guard let breakpoint = breakpoints[chunk]?[line] else { return false }
        if let condition = breakpoint.condition, !condition.isEmpty {
            switch evaluateRaw(condition, on: L, level: 0) {
            case .success(let truthy): if !truthy { return false }
            case .failure(let message):
                onEvent(.output("breakpoint condition at \(chunk.dropFirst()):\(line) failed: \(message)\n"))
            }
        }
        let key = "\(chunk):\(line)"
        let count = (hits[key] ?? 0) + 1
        hits[key] = count
        if let hitCondition = breakpoint.hitCondition, !hitCondition.isEmpty, !Self.hitConditionHolds(hitCondition, count: count) {
            return false
        }
        if let message = breakpoint.logMessage, !message.isEmpty {
            onEvent(.output(interpolate(message, on: L) + "\n"))
            return false
        }
        return true
    }

    /// `5`, `>= 5`, `> 5`, `== 5`, `< 5`, `<= 5`, `% 5`; an unreadable one holds (the breakpoint stops).
    static func hitConditionHolds(_ text: String, count: Int) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for op in [">=", "<=", "==", ">", "<", "%", "="] where trimmed.hasPrefix(op) {
            guard let n = Int(trimmed.dropFirst(op.count).trimmingCharacters(in: .whitespaces)) else { return true }
            switch op {
            case ">=": return count >= n
            case "<=": return count <= n
            case ">": return count > n
            case "<": return count < n
            case "%": return n > 0 && count % n == 0
            default: return count == n
            }
        }
        guard let n = Int(trimmed) else { return true }
        return count == n
    }

    /// Blocks the executor inside Lua, serving jobs, until resumed.
    func stop(on L: OpaquePointer, reason: LuaStopReason) {
        stoppedThread = L
        lunar_debug_step(L, LUNAR_STEP_NONE)
        lunar_debug_clear_pause(lunar_context(L))
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
        releaseHandles(on: L)
        stoppedThread = nil
        if !detachRequested, attached {
            switch action {
            case .continue: lunar_debug_step(L, LUNAR_STEP_NONE)
            case .stepOver: lunar_debug_step(L, LUNAR_STEP_OVER)
            case .stepIn: lunar_debug_step(L, LUNAR_STEP_IN)
            case .stepOut: lunar_debug_step(L, LUNAR_STEP_OUT)
            }
        }
        lunar_debug_clear_pause(lunar_context(L))
        detachRequested = false
        onEvent(.resumed)
    }

    private func runJobs() {
        condition.lock()
        let taken = jobs
        jobs = []
        condition.unlock()
        for job in taken { job(self) }
    }

    // MARK: Stack and variables (while stopped)

    /// The stopped thread's Lua frames, innermost first.
    public func frames() -> [LuaDebugFrame] {
        guard let L = stoppedThread else { return [] }
        var result: [LuaDebugFrame] = []
        var ar = lua_Debug()
        var level: Int32 = 0
        while lua_getstack(L, level, &ar) != 0 {
            defer { level += 1 }
            guard lua_getinfo(L, "Sln", &ar) != 0, let what = ar.what, String(cString: what) != "C" else { continue }
            let chunk = ar.source.map { String(cString: $0) } ?? "?"
            let name = ar.name.map { String(cString: $0) } ?? (String(cString: what) == "main" ? "main chunk" : "?")
            result.append(LuaDebugFrame(id: Int(level) + 1, name: name, chunk: chunk, line: Int(ar.currentline)))
        }
        return result
    }

    /// A handle for a scope of the frame `frameID` (from ``frames()``); a frame that does not
    /// exist (any `Int`) gives a scope without variables.
    public func scope(_ kind: LuaScopeKind, frame frameID: Int) -> Int {
        addHandle(.scope(kind, level: Self.level(ofFrame: frameID)))
    }

    /// The stack level of a frame id (level + 1); -1 (no frame) for one no level can be.
    static func level(ofFrame frameID: Int) -> Int32 {
        frameID >= 1 ? Int32(clamping: frameID - 1) : -1
    }

    /// The children of a handle (a scope or a table), `count` of them from `start` (0: all).
    public func variables(of reference: Int, start: Int = 0, count: Int = 0, filter: LuaChildFilter = .all) -> [LuaDebugValue] {
        guard let handle = handles[reference], let state, start >= 0, count >= 0 else { return [] }
        // A page's end, saturated: start and count are anything a caller passed.
        let end = count > 0 ? (start > Int.max - count ? Int.max : start + count) : nil
        let L = stoppedThread ?? state.L
        guard lua_checkstack(L, 8) != 0 else { return [] }
        var out: [LuaDebugValue] = []
        switch handle {
        case .scope(.locals, let level):
            var ar = lua_Debug()
            guard lua_getstack(L, level, &ar) != 0 else { return [] }
            var i: Int32 = 1
            while let name = lua_getlocal(L, &ar, i) {
                let text = String(cString: name)
                if !text.hasPrefix("(") { out.append(describe(L, at: -1, name: text)) }
                lunar_pop(L, 1)
                i += 1
            }
        case .scope(.upvalues, let level):
            var ar = lua_Debug()
            guard lua_getstack(L, level, &ar) != 0, lua_getinfo(L, "f", &ar) != 0 else { return [] }
            var i: Int32 = 1
            while let name = lua_getupvalue(L, -1, i) {
                let text = String(cString: name)
                if text != "_ENV" { out.append(describe(L, at: -1, name: text)) }
                lunar_pop(L, 1)
                i += 1
            }
            lunar_pop(L, 1)
        case .scope(.globals, _):
            lua_rawgeti(L, lunar_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
            out = children(L, ofTableAt: -1, filter: filter)
            lunar_pop(L, 1)
        case .table(let ref):
            lua_rawgeti(L, lunar_registryindex(), lua_Integer(ref))
            out = children(L, ofTableAt: -1, filter: filter, upTo: end)
            lunar_pop(L, 1)
        }
        guard start > 0 || count > 0 else { return out }
        let from = min(start, out.count)
        let to = min(out.count, end ?? out.count)
        return Array(out[from..<to])
    }

    /// Array part first (1...n, in order), then other keys sorted by their text, then the metatable.
    /// With `upTo`, a page ending there: an array part that fills it is all that is read.
    private func children(_ L: OpaquePointer, ofTableAt index: Int32, filter: LuaChildFilter, upTo limit: Int? = nil) -> [LuaDebugValue] {
        let table = lua_absindex(L, index)
        let length = Int(lua_rawlen(L, table))
        var indexed: [LuaDebugValue] = []
        var named: [(String, LuaDebugValue)] = []
        if filter != .named {
            for i in stride(from: 1, through: min(length, limit ?? length), by: 1) {
                lua_rawgeti(L, table, lua_Integer(i))
                indexed.append(describe(L, at: -1, name: "[\(i)]"))
                lunar_pop(L, 1)
            }
        }
        if let limit, filter != .named, length >= limit { return indexed }
        if filter != .indexed {
            lua_pushnil(L)
            while lua_next(L, table) != 0 {
                let isIndex = lua_isinteger(L, -2) != 0 && (1...max(1, length)).contains(Int(lua_tointegerx(L, -2, nil))) && length > 0
                if !isIndex {
                    let name = keyName(L, at: -2)
                    named.append((name, describe(L, at: -1, name: name)))
                }
                lunar_pop(L, 1)
            }
            named.sort { $0.0 < $1.0 }
            if lua_getmetatable(L, table) != 0 {
                named.append(("[metatable]", describe(L, at: -1, name: "[metatable]")))
                lunar_pop(L, 1)
            }
        }
        return indexed + named.map(\.1)
    }

    private func keyName(_ L: OpaquePointer, at index: Int32) -> String {
        switch lua_type(L, index) {
        case LUA_TSTRING: return string(L, at: index)
        case LUA_TNUMBER:
            lua_pushvalue(L, index)
            defer { lunar_pop(L, 1) }
            return "[\(string(L, at: -1))]"
        default: return "[\(describeValue(L, at: index).value)]"
        }
    }

    private func string(_ L: OpaquePointer, at index: Int32) -> String {
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    private func describe(_ L: OpaquePointer, at index: Int32, name: String) -> LuaDebugValue {
        var value = describeValue(L, at: index)
        value.name = name
        return value
    }

    /// The value at `index` as text; a table (or a value with a metatable) gets a handle.
    private func describeValue(_ L: OpaquePointer, at index: Int32) -> LuaDebugValue {
        let type = lua_type(L, index)
        let typeName = String(cString: lua_typename(L, type))
        var value = LuaDebugValue(name: "", value: "", type: typeName, reference: 0, indexedCount: 0, namedCount: 0)
        switch type {
        case LUA_TNIL: value.value = "nil"
        case LUA_TBOOLEAN: value.value = lua_toboolean(L, index) != 0 ? "true" : "false"
        case LUA_TNUMBER:
            lua_pushvalue(L, index)
            value.value = string(L, at: -1)
            lunar_pop(L, 1)
        case LUA_TSTRING:
            let text = string(L, at: index)
            value.value = "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n") + "\""
        case LUA_TTABLE:
            let table = lua_absindex(L, index)
            let length = Int(lua_rawlen(L, table))
            var total = 0
            lua_pushnil(L)
            while lua_next(L, table) != 0 {
                total += 1
                lunar_pop(L, 1)
            }
            value.indexedCount = length
            value.namedCount = max(0, total - length)
            value.value = total == 0 ? "{}" : (length > 0 && total == length ? "{…} #\(length)" : "{…} (\(total))")
            lua_pushvalue(L, table)
            value.reference = addHandle(.table(luaL_ref(L, lunar_registryindex())))
        case LUA_TFUNCTION:
            var ar = lua_Debug()
            lua_pushvalue(L, index)
            if lua_getinfo(L, ">S", &ar) != 0, let source = ar.source, ar.linedefined > 0 {
                value.value = "function: \(String(cString: source).dropFirst()):\(ar.linedefined)"
            } else {
                value.value = "function: builtin"
            }
        case LUA_TUSERDATA, LUA_TLIGHTUSERDATA:
            if lua_getmetatable(L, index) != 0 {
                lua_pushstring(L, "__name")
                lua_rawget(L, -2)
                value.value = lua_type(L, -1) == LUA_TSTRING ? string(L, at: -1) : typeName
                lunar_pop(L, 2)
            } else {
                value.value = typeName
            }
        default: value.value = typeName
        }
        return value
    }

    private func addHandle(_ handle: Handle) -> Int {
        let id = nextHandle
        nextHandle += 1
        handles[id] = handle
        return id
    }

    private func releaseHandles(on L: OpaquePointer) {
        for case .table(let ref) in handles.values { luaL_unref(L, lunar_registryindex(), ref) }
        handles = [:]
    }

    /// Runs `body`, then lets go of every table handle made meanwhile (values described to be
    /// shown once, as an inspector's console does), leaving older handles alone. Executor only.
    public func withTemporaryValues<T>(_ body: () -> T) -> T {
        let first = nextHandle
        defer {
            if let state {
                let L = stoppedThread ?? state.L
                for id in first..<nextHandle {
                    if case .table(let ref)? = handles.removeValue(forKey: id) { luaL_unref(L, lunar_registryindex(), ref) }
                }
            }
        }
        return body()
    }

    /// Lets go of the tables evaluations made while running (not stopped). Executor only.
    public func releaseValues() {
        if stoppedThread == nil, let state { releaseHandles(on: state.L) }
    }

    // MARK: Evaluation

    /// Evaluates `expression` (or runs it as a statement when it is not one) in the frame
    /// `frameID` while stopped, seeing its locals and upvalues; otherwise in the globals.
    /// Either way under an instruction budget (in a stop, ``evaluationBudget`` unless the state
    /// has one). Fails with the error's message.
    public func evaluate(_ expression: String, frame frameID: Int?) -> Result<LuaDebugValue, LuaDebugError> {
        guard let state else { return .failure(LuaDebugError(message: "not attached")) }
        let L = stoppedThread ?? state.L
        let level = stoppedThread == nil ? nil : Self.level(ofFrame: frameID ?? 1)
        let run = { () -> Result<LuaDebugValue, LuaDebugError> in
            let base = lua_gettop(L)
            defer { lua_settop(L, base) }
            switch self.call(expression, on: L, level: level, results: 1) {
            case .failure(let error): return .failure(error)
            case .success:
                var value = self.describeValue(L, at: -1)
                value.name = expression
                return .success(value)
            }
        }
        if stoppedThread != nil { return run() }
        return state.withHostCall(run)
    }

    /// Truthiness of `expression` in the frame at `level` of `L`.
    private func evaluateRaw(_ expression: String, on L: OpaquePointer, level: Int32) -> Result<Bool, LuaDebugError> {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        return call(expression, on: L, level: level, results: 1).map { lua_toboolean(L, -1) != 0 }
    }

    /// A logpoint's message with each `{expression}` replaced by its value.
    private func interpolate(_ message: String, on L: OpaquePointer) -> String {
        var out = ""
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let expression = String(rest[rest.index(after: open)..<close])
            let base = lua_gettop(L)
            switch call(expression, on: L, level: 0, results: 1) {
            case .success:
                let value = describeValue(L, at: -1)
                out += value.type == "string" ? string(L, at: -1) : value.value
            case .failure(let error): out += "{\(error.message)}"
            }
            lua_settop(L, base)
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// Compiles `return EXPR` (or `EXPR` as a statement) with an environment that sees the
    /// frame's locals, then its upvalues, then its globals, and calls it protected, leaving
    /// `results` values on the stack.
    private func call(_ expression: String, on L: OpaquePointer, level: Int32?, results: Int32) -> Result<Void, LuaDebugError> {
        guard lua_checkstack(L, 12) != 0 else { return .failure(LuaDebugError(message: "stack overflow")) }
        var status = lunar_loadtext(L, "return " + expression, ("return " + expression).utf8.count, "=(debug)")
        if status != LUA_OK {
            lunar_pop(L, 1)
            status = lunar_loadtext(L, expression, expression.utf8.count, "=(debug)")
            if status != LUA_OK {
                let message = string(L, at: -1)
                lunar_pop(L, 1)
                return .failure(LuaDebugError(message: message))
            }
        }
        pushEnvironment(L, level: level)
        _ = lua_setupvalue(L, -2, 1)
        let context = lunar_context(L)!
        if stoppedThread != nil || context.pointee.debug.stopped != 0 { return callInStop(on: L, results: results, context: context) }
        // Evaluated while running, it is an ordinary turn, under the budget.
        status = lunar_pcall(L, 0, results)
        if status != LUA_OK {
            let message = lua_type(L, -1) == LUA_TSTRING ? string(L, at: -1) : describeValue(L, at: -1).value
            lunar_pop(L, 1)
            return .failure(LuaDebugError(message: message))
        }
        return .success(())
    }

    /// The budget of one expression evaluated inside a stop when the state has none.
    public static let evaluationBudget = 200_000_000

    /// Calls the function on top of `L` inside a stop (or a breakpoint's condition), under a
    /// budget of its own: the state's instruction budget (or ``evaluationBudget``), so an
    /// expression that loops ends with an error instead of holding the stopped app. Lua runs no
    /// hooks on a thread inside its hook, so the call runs on a new thread (which has the hook).
    /// The stopped call's budget is neither spent nor changed.
    private func callInStop(on L: OpaquePointer, results: Int32, context: UnsafeMutablePointer<lunar_Context>) -> Result<Void, LuaDebugError> {
        guard let thread = lua_newthread(L) else { return .failure(LuaDebugError(message: "not enough memory")) }
        lua_rotate(L, -2, 1)  // the thread below the function: it anchors the thread until the end
        lua_xmove(L, thread, 1)
        // A negative budget is the host's "unlimited"; an evaluation in a stop still gets one.
        let budget = max(1, state?.instructionBudget.flatMap { $0 >= 0 ? $0 : nil } ?? Self.evaluationBudget)
        let c = context.pointee
        let saved = (remaining: c.remaining, tripped: c.tripped, reason: c.reason, message: c.message, lenient: c.lenient)
        context.pointee.remaining = Int64(budget)
        context.pointee.tripped = 0
        context.pointee.lenient = 0  // strict memory, as lunar_pcall: a refusal is an error, not an abort
        context.pointee.running = thread
        lunar_arm_budget(thread)
        condition.lock()
        evaluatingInStop = true
        condition.unlock()
        let status = lua_pcallk(thread, 0, results, 0, 0, nil)
        condition.lock()
        evaluatingInStop = false
        let cancelled = evaluationCancelled
        evaluationCancelled = false
        condition.unlock()
        let tripped = context.pointee.tripped != 0
        // The interrupt that cancelled it is spent here, not left for the script.
        if cancelled { lunar_budget_reset(L, 0) }
        context.pointee.remaining = saved.remaining
        context.pointee.tripped = saved.tripped
        context.pointee.reason = saved.reason
        context.pointee.message = saved.message
        context.pointee.lenient = saved.lenient
        context.pointee.running = L
        // The thread is dropped: the hook must not take a later thread at its address for it.
        context.pointee.debug.leaf = nil
        if status != LUA_OK {
            var message = lua_type(thread, -1) == LUA_TSTRING ? string(thread, at: -1) : describeValue(thread, at: -1).value
            if tripped && !cancelled { message += " (an expression evaluated while stopped runs under a budget of \(budget) instructions)" }
            lunar_pop(L, 1)
            return .failure(LuaDebugError(message: message))
        }
        lua_xmove(thread, L, results)
        lunar_remove(L, -(results + 1))
        return .success(())
    }

    /// Pushes `env`: the frame's locals, whose metatable's `__index` is its upvalues, whose
    /// `__index` is the function's `_ENV` (or the globals).
    private func pushEnvironment(_ L: OpaquePointer, level: Int32?) {
        lua_rawgeti(L, lunar_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))  // globals
        var ar = lua_Debug()
        guard let level, lua_getstack(L, level, &ar) != 0 else { return }
        lua_createtable(L, 0, 8)  // upvalues
        if lua_getinfo(L, "f", &ar) != 0 {
            var i: Int32 = 1
            while let name = lua_getupvalue(L, -1, i) {
                let text = String(cString: name)
                if text == "_ENV" {
                    lua_copy(L, -1, -4)  // the function's own globals
                } else {
                    lua_setfield(L, -3, name)
                    i += 1
                    continue
                }
                lunar_pop(L, 1)
                i += 1
            }
            lunar_pop(L, 1)
        }
        // upvalues.metatable = { __index = globals }
        lua_createtable(L, 0, 1)
        lua_pushvalue(L, -3)
        lua_setfield(L, -2, "__index")
        _ = lua_setmetatable(L, -2)
        lunar_remove(L, -2)  // globals, now reached through the upvalues
        lua_createtable(L, 0, 8)  // locals
        var i: Int32 = 1
        while let name = lua_getlocal(L, &ar, i) {
            if name.pointee != 40 /* "(" */ {
                lua_setfield(L, -2, name)
            } else {
                lunar_pop(L, 1)
            }
            i += 1
        }
        lua_createtable(L, 0, 1)
        lua_pushvalue(L, -3)
        lua_setfield(L, -2, "__index")
        _ = lua_setmetatable(L, -2)
        lunar_remove(L, -2)
    }

    private func describeTop(_ L: OpaquePointer) -> String {
        if lua_type(L, -1) == LUA_TSTRING { return string(L, at: -1) }
        if lua_type(L, -1) == LUA_TTABLE {
            lua_pushstring(L, "message")
            lua_rawget(L, -2)
            defer { lunar_pop(L, 1) }
            if lua_type(L, -1) == LUA_TSTRING { return string(L, at: -1) }
        }
        return "(error object is a \(String(cString: lua_typename(L, lua_type(L, -1)))) value)"
    }
}
