import CLunar

/// The function running at one level of a thread's stack, as `lua_getinfo` ("Sln") tells it.
struct LuaFrameInfo {
    /// What the function is (`what`).
    enum Kind {
        /// A Lua function.
        case lua
        /// A chunk's main function.
        case main
        /// A C function (a bridged one, or one of Lua's library).
        case c
    }

    var kind: Kind
    /// The chunk name: `@screens/login.lua` for a bundle file, `=lunar.ui` for Lunar's own Lua;
    /// `?` when Lua has none.
    var chunk: String
    /// The chunk as Lua's messages and tracebacks print it (`screens/login.lua`, `lunar.ui`).
    var shortSource: String
    /// The line running now (-1 when none, as for a C function).
    var line: Int
    /// The line the function's definition starts at (0 for a main chunk).
    var lineDefined: Int
    /// How the calling code reached the function (`namewhat`): `global`, `local`, `method`,
    /// `field`, `upvalue`, `metamethod`, `for iterator`, `hook`; empty when nothing named it
    /// (a function called from C, or by a tail call).
    var nameKind: String
    /// The name the calling code used (`run` of `t.run()`), when ``nameKind`` is not empty.
    var name: String?
}

/// Why ``LuaStack/callOnNewThread(results:budget:describingError:running:)`` failed.
struct LuaIsolatedCallFailure {
    /// The error's text, as the caller's `describingError` gave it.
    var message: String
    /// It ran out of its own budget (not ended by an interrupt that cancelled it).
    var outOfBudget: Bool
}

/// What the debugger reads and runs on a stopped thread: its frames, their locals and upvalues,
/// the environment an expression is evaluated in, and the call that evaluates it. Executor only,
/// on the thread the hook stopped (or the main thread when Lua is not running). None of these
/// raises; values they push are for the caller to pop.
extension LuaStack {
    // MARK: Frames

    /// The function at `level` (0: the running one, 1: its caller, ...), or nil when the stack
    /// is not that deep (any `level`, negative ones too).
    func frameInfo(atLevel level: Int32) -> LuaFrameInfo? {
        var ar = lua_Debug()
        guard level >= 0, lua_getstack(L, level, &ar) != 0, lua_getinfo(L, "Sln", &ar) != 0 else { return nil }
        let what = ar.what.map { String(cString: $0) } ?? "C"
        let shortSource = withUnsafeBytes(of: ar.short_src) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return LuaFrameInfo(
            kind: what == "main" ? .main : (what == "C" ? .c : .lua),
            chunk: ar.source.map { String(cString: $0) } ?? "?",
            shortSource: shortSource,
            line: Int(ar.currentline),
            lineDefined: Int(ar.linedefined),
            nameKind: ar.namewhat.map { String(cString: $0) } ?? "",
            name: ar.name.map { String(cString: $0) })
    }

    /// The chunk name of the function at `level` (only `"S"`: what a line event asks first).
    func chunk(atLevel level: Int32) -> String? {
        var ar = lua_Debug()
        guard level >= 0, lua_getstack(L, level, &ar) != 0, lua_getinfo(L, "S", &ar) != 0, let source = ar.source else { return nil }
        return String(cString: source)
    }

    /// The name under which the loaded modules hold the function at `level`, as Lua's
    /// `luaL_traceback` finds it: `package.loaded[m] == f` gives `m`, `package.loaded[m][k] == f`
    /// gives `m.k` (string keys only, the first found in `next`'s order), with `_G.` left off
    /// (`_G.helper` is `helper`). nil when no module holds it.
    func loadedName(ofFunctionAtLevel level: Int32) -> String? {
        var ar = lua_Debug()
        guard level >= 0, reserve(8), lua_getstack(L, level, &ar) != 0 else { return nil }
        let base = top
        defer { setTop(base) }
        guard lua_getinfo(L, "f", &ar) != 0 else { return nil }
        let function = top
        lua_pushstring(L, LUA_LOADED_TABLE)
        lua_rawget(L, lunar_registryindex())
        guard let loaded = table(at: -1) else { return nil }
        var found: String?
        loaded.forEachPair { key, value in
            guard found == nil, type(at: key) == .string else { return }
            if rawEqual(function, value) {
                found = text(at: key)
                return
            }
            table(at: value)?.forEachPair { field, member in
                guard found == nil, type(at: field) == .string, rawEqual(function, member) else { return }
                found = text(at: key) + "." + text(at: field)
            }
        }
        guard let found else { return nil }
        return found.hasPrefix("_G.") ? String(found.dropFirst(3)) : found
    }

    /// Calls `body(name, value)` for each local variable of the function at `level` in order
    /// (Lua's internal ones, named `(...)`, too), the value pushed at absolute index `value`
    /// during the call and popped after. False when there is no such level.
    @discardableResult
    func forEachLocal(atLevel level: Int32, _ body: (String, Int32) -> Void) -> Bool {
        var ar = lua_Debug()
        guard level >= 0, lua_getstack(L, level, &ar) != 0 else { return false }
        var i: Int32 = 1
        while let name = lua_getlocal(L, &ar, i) {
            body(String(cString: name), top)
            pop()
            i += 1
        }
        return true
    }

    /// Calls `body(name, value)` for each upvalue of the function at `level` in order (`_ENV`
    /// too), the value pushed at absolute index `value` during the call and popped after. False
    /// when there is no such level.
    @discardableResult
    func forEachUpvalue(ofFunctionAtLevel level: Int32, _ body: (String, Int32) -> Void) -> Bool {
        var ar = lua_Debug()
        guard level >= 0, lua_getstack(L, level, &ar) != 0, lua_getinfo(L, "f", &ar) != 0 else { return false }
        let function = top
        defer { pop() }
        var i: Int32 = 1
        while let name = lua_getupvalue(L, function, i) {
            body(String(cString: name), top)
            pop()
            i += 1
        }
        return true
    }

    // MARK: Values

    /// Pushes the globals table (the registry's, which a chunk's `_ENV` starts as).
    func pushGlobals() { lua_rawgeti(L, lunar_registryindex(), lua_Integer(LUA_RIDX_GLOBALS)) }

    /// The string at `index`, or a number's text as Lua's `tostring` writes it (converted on a
    /// copy: the slot keeps its number, so a key being traversed stays valid); empty for any
    /// other value. Bytes that are not UTF-8 are repaired, not refused.
    func text(at index: Int32) -> String {
        if type(at: index) == .number {
            guard reserve(1) else { return "" }
            pushCopy(of: index)
            defer { pop() }
            return rawText(at: -1)
        }
        return rawText(at: index)
    }

    private func rawText(at index: Int32) -> String {
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// Where the Lua function at `index` is defined (its chunk name and first line); nil for a
    /// C function, a main chunk, or a value that is no function.
    func definition(ofFunctionAt index: Int32) -> (chunk: String, line: Int)? {
        guard type(at: index) == .function, reserve(1) else { return nil }
        var ar = lua_Debug()
        pushCopy(of: index)
        guard lua_getinfo(L, ">S", &ar) != 0, let source = ar.source, ar.linedefined > 0 else { return nil }
        return (String(cString: source), Int(ar.linedefined))
    }

    /// Pushes the metatable of the value at `index`, runs `body` with its absolute index, and
    /// pops it; nil (and `body` not run) when the value has none.
    func withMetatable<R>(of index: Int32, _ body: (Int32) -> R) -> R? {
        guard reserve(1), lua_getmetatable(L, index) != 0 else { return nil }
        defer { pop() }
        return body(top)
    }

    // MARK: Evaluation

    /// Compiles `text` (Lua source, in text mode) as the chunk `name` and pushes the function;
    /// on a syntax error pushes the message instead and returns false.
    func load(_ text: String, name: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { lunar_loadtext(L, $0.baseAddress, $0.count, name) }
        } == LUA_OK
    }

    /// Pops the top value into the first upvalue of the function at `index`: a loaded chunk's
    /// `_ENV`, so the chunk reads and writes its globals there.
    func setEnvironment(ofFunctionAt index: Int32) {
        _ = lua_setupvalue(L, index, 1)
    }

    /// Pushes the environment of an expression evaluated in the function at `level`: a table of
    /// its locals (Lua's internal `(...)` ones left out), whose metatable's `__index` is a table
    /// of its upvalues, whose `__index` is the function's `_ENV` (or the globals). With no
    /// `level`, or one the stack does not have, it is the globals themselves. Writing a name
    /// that is not a local sets it in the locals table, not in the frame.
    func pushEnvironment(ofFrameAt level: Int32?) {
        lua_rawgeti(L, lunar_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))  // globals
        var ar = lua_Debug()
        guard let level, level >= 0, lua_getstack(L, level, &ar) != 0 else { return }
        lua_createtable(L, 0, 8)  // upvalues
        if lua_getinfo(L, "f", &ar) != 0 {
            var i: Int32 = 1
            while let name = lua_getupvalue(L, -1, i) {
                if String(cString: name) == "_ENV" {
                    lua_copy(L, -1, -4)  // the function's own globals
                    lunar_pop(L, 1)
                } else {
                    lua_setfield(L, -3, name)
                }
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

    /// Whether the debug hook's handler is running (a stop is under way on some thread of the
    /// state), so a call made now runs where Lua runs no hooks.
    var isInsideDebugStop: Bool { lunar_context(L).pointee.debug.stopped != 0 }

    /// Calls the function below the top `arguments` values, protected, as an ordinary call under
    /// the state's budget (``protectedCall(arguments:results:)`` without the Swift error): on
    /// error leaves the error value on top, in the function's place, and returns false. For a
    /// caller that shows the error value itself, as the debugger's console does.
    func protectedCallLeavingError(arguments: Int32, results: Int32) -> Bool {
        lunar_pcall(L, arguments, results) == LUA_OK
    }

    /// Calls the function on top, with no arguments, on a new thread under a budget of `budget`
    /// instructions of its own (and the strict memory cap, as ``protectedCall(arguments:results:)``),
    /// leaving `results` values in the function's place. For a call made while stopped: Lua runs
    /// no hooks on a thread inside its hook, and the new thread has the budget's hook, so an
    /// expression that loops ends with an error. The budget of the call stopped on this stack is
    /// neither spent nor changed.
    ///
    /// `running` brackets the call: it runs it (the closure it is given) and returns whether the
    /// call was cancelled meanwhile by an interrupt (``LuaState/interruptHandle``), which is spent
    /// here rather than left for the stopped script. On failure the function is popped, and the
    /// error's text is what `describingError` says of the new thread's stack (the error on top).
    func callOnNewThread(results: Int32, budget: Int, describingError: (LuaStack) -> String,
                         running: (() -> Void) -> Bool) -> LuaIsolatedCallFailure? {
        guard let thread = lua_newthread(L) else { return LuaIsolatedCallFailure(message: "not enough memory", outOfBudget: false) }
        lua_rotate(L, -2, 1)  // the thread below the function: it anchors the thread until the end
        lua_xmove(L, thread, 1)
        let context = lunar_context(L)!
        let c = context.pointee
        let saved = (remaining: c.remaining, tripped: c.tripped, reason: c.reason, message: c.message, lenient: c.lenient)
        context.pointee.remaining = Int64(budget)
        context.pointee.tripped = 0
        context.pointee.lenient = 0  // strict memory, as lunar_pcall: a refusal is an error, not an abort
        context.pointee.running = thread
        lunar_arm_budget(thread)
        var status = LUA_OK
        let cancelled = running { status = lua_pcallk(thread, 0, results, 0, 0, nil) }
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
            let message = describingError(LuaStack(L: thread, state: state))
            lunar_pop(L, 1)
            return LuaIsolatedCallFailure(message: message, outOfBudget: tripped && !cancelled)
        }
        lua_xmove(thread, L, results)
        lunar_remove(L, -(results + 1))
        return nil
    }

    // MARK: The stop

    /// Arms how this stopped thread goes on, before the stop returns to Lua.
    func armDebugStep(_ step: LuaDebugStep) { lunar_debug_step(L, step.mode) }

    /// Forgets a pause asked for (``LuaDebugPause``): the stop under way took it.
    func clearDebugPause() { lunar_debug_clear_pause(lunar_context(L)) }

    /// Whether the step that is due is a pause (asked for by ``LuaDebugPause``), not a step.
    var isDebugPauseDue: Bool { lunar_context(L).pointee.debug.step == LUNAR_STEP_PAUSE }
}
