import CLunar

/// Why the debug hook asks whether to stop (CLunar's `LUNAR_DEBUG_*`; or-ed for a line event).
struct LuaDebugHookEvent: OptionSet {
    let rawValue: Int32
    /// A line of a function whose chunk and line range hold a breakpoint.
    static let breakpoint = LuaDebugHookEvent(rawValue: LUNAR_DEBUG_BREAKPOINT)
    /// A step or a pause is due.
    static let step = LuaDebugHookEvent(rawValue: LUNAR_DEBUG_STEP)
    /// An error was raised that the exception breaks cover; its value is on top of the stack.
    static let exception = LuaDebugHookEvent(rawValue: LUNAR_DEBUG_EXCEPTION)
}

/// How a stopped thread goes on (CLunar's `LUNAR_STEP_*`).
enum LuaDebugStep {
    /// Runs on, stopping only at breakpoints.
    case none
    /// Stops at the next line, in a function it calls too.
    case into
    /// Stops at the next line of the stopped function or its callers.
    case over
    /// Stops at the next line of a caller.
    case out

    var mode: Int32 {
        switch self {
        case .none: LUNAR_STEP_NONE
        case .into: LUNAR_STEP_IN
        case .over: LUNAR_STEP_OVER
        case .out: LUNAR_STEP_OUT
        }
    }
}

/// A state's "pause at the next line" request, asked for from any thread.
struct LuaDebugPause: @unchecked Sendable {
    let box: LuaContextBox

    /// Asks the running script to stop at its next line (CLunar's `lunar_debug_pause`).
    func request() { lunar_debug_pause(box.pointer) }

    /// Whether a pause was asked for and no stop has taken it yet; reading it forgets it.
    func takePending() -> Bool { lunar_debug_pause_pending(box.pointer) != 0 }
}

/// The debug hook of a state: CLunar's extension of the instruction budget's hook, which reports
/// calls and returns while a debugger is attached, turns line events on only where a breakpoint
/// or a step needs them, and hands the stops to the state's ``LuaState/debugger``. Executor only
/// (except ``LuaDebugPause``).
extension LuaState {
    /// Routes the hook's stops to the debugger of the state they happen in. Touch it once before
    /// attaching a debugger.
    static let debugHandlerInstalled: Void = {
        lunar_set_debug_handler { L, event, line in
            guard let L else { return }
            let state = LuaState.owner(of: L)
            state.debugger?.hookReported(LuaStack(L: L, state: state), event: LuaDebugHookEvent(rawValue: event), line: Int(line))
        }
    }()

    /// The pause request of this state, for any thread.
    var debugPause: LuaDebugPause { LuaDebugPause(box: contextBox) }

    /// Hooks calls and returns for the debugger (`true`), or unhooks them and drops every
    /// breakpoint, step and pause (`false`): Lua runs at full speed again.
    func setDebugHooked(_ hooked: Bool) { lunar_debug_attach(L, hooked ? 1 : 0) }

    /// Replaces the breakpoint lines of the chunk `chunk` (`@screens/login.lua`); no lines
    /// removes them. Line events follow at the next call or return.
    func setDebugLines(_ lines: [Int32], inChunk chunk: String) {
        lines.withUnsafeBufferPointer { buffer in
            lunar_debug_set_lines(L, chunk, buffer.baseAddress, Int32(buffer.count))
        }
    }

    /// Which raised errors stop: those no script catches (`uncaught`), and with `all`, also those
    /// a script's `pcall` catches.
    func setDebugExceptionBreaks(uncaught: Bool, all: Bool) {
        lunar_debug_set_exceptions(L, (uncaught ? LUNAR_BREAK_UNCAUGHT : 0) | (all ? LUNAR_BREAK_ALL : 0))
    }
}
