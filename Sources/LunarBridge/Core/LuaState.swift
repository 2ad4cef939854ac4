import CLunar
import struct Foundation.Data

/// One Lua 5.4 state: the bridge's core.
///
/// `LuaState` is confined: create it, and use it, on one executor only (a
/// ``LuaEngine`` does this for you). No Lua error ever unwinds through a Swift
/// frame: bridged functions report errors by return value to a C trampoline,
/// Swift never calls a Lua API function that can raise except through a
/// protected call, and allocations made while Swift frames are active are never
/// refused (the memory cap is enforced when control returns to Lua).
public final class LuaState {
    /// The main thread. Package access: code outside Lunar reaches Lua through typed values, modules and stacks, never the raw C API on the state.
    @usableFromInline package let L: OpaquePointer
    /// Allocation, budget and interrupt bookkeeping. Owned by a box that
    /// interrupt handles share, so a handle outliving the state never writes
    /// to freed memory.
    let contextBox: LuaContextBox
    var context: UnsafeMutablePointer<lunar_Context> { contextBox.pointer }
    let releases = LuaReleaseQueue()
    /// Registry reference of the metatable whose __gc releases function boxes.
    var boxMetatable: Int32 = 0
    var classMetatables: [ObjectIdentifier: Int32] = [:]
    var modules: [String: LuaModule] = [:]
    var sourceModules: [String: LuaSource] = [:]
    var moduleTables: [String: Int32] = [:]
    var eventListeners: [String: [String: [(id: Int, fn: LuaFunction)]]] = [:]
    var nextListenerID = 0
    // Read and written around every call into Lua, never overlapping: no exclusivity bookkeeping.
    @usableFromInline @exclusivity(unchecked) var hostCallDepth = 0
    /// Instructions one host call may run (nil: unlimited).
    // Read around every host call (never while being set): no exclusivity bookkeeping.
    @exclusivity(unchecked) public var instructionBudget: Int?
    /// Where uncaught errors from callbacks (timers, events, async completions) go.
    public var errorHandler: (LuaScriptError) -> Void = { error in
        StandardStream.error.write("lunar: " + error.report + "\n")
    }
    /// Also told of each error ``report(_:)`` hands to ``errorHandler`` (nil: nobody): the
    /// inspector's console sets it while open, and setting the handler leaves it alone.
    package var errorObserver: ((LuaScriptError) -> Void)?
    /// Where `print` and Lua warnings go.
    public var output: (String) -> Void = { text in StandardStream.output.write(text) }
    /// Also told of each `print`, with where in the script it was called (nil: nothing is
    /// told, and `print` looks up no location): the inspector's console sets it while open.
    package var printObserver: ((String, LuaSourceLocation?) -> Void)?
    /// Runs asynchronous bridged functions and hops their completion back; set by ``LuaEngine``.
    public var asyncDriver: (any LuaAsyncDriver)?
    /// Coroutines started by the runtime: bridged async functions may yield them.
    var managedThreads: Set<UnsafeMutableRawPointer> = []
    /// Managed coroutines suspended inside a bridged async call.
    var awaiting: Set<UnsafeMutableRawPointer> = []
    var coroutineCompletions: [UnsafeMutableRawPointer: (LuaReference, (Result<[LuaValue], LuaScriptError>) -> Void)] = [:]
    /// Resolves `require` names to source text inside the module root.
    public var moduleLoader: LuaModuleLoader?
    /// Whether `require` loads bytecode modules. Only a verified bundle turns
    /// it on (the runtime, for a bundle LunarArchive verified): `package`,
    /// so a host cannot make a directory's bytecode loadable.
    package var acceptsBinaryModules = false
    var warningBuffer = ""
    var extensions: [ObjectIdentifier: AnyObject] = [:]
    /// The attached debugger (``LuaDebugger/attach(to:)``), if any.
    package var debugger: LuaDebugger?
    /// Called when control returns to the host after running Lua (the end of
    /// a host call that was not nested in another). The runtime uses it to
    /// re-render after callbacks.
    @exclusivity(unchecked) public var onTurnEnded: (() -> Void)?

    /// Per-state service objects that modules share (a router, a store, ...),
    /// keyed by type. Set once when installing modules. A service conforming to
    /// ``LuaStateClosing`` is told when the state closes.
    public subscript<T: AnyObject>(extension type: T.Type) -> T? {
        get { extensions[ObjectIdentifier(type)] as? T }
        set { extensions[ObjectIdentifier(type)] = newValue }
    }

    /// Creates a state with the sandboxed standard library and the built-in modules.
    public init(options: LuaStateOptions = LuaStateOptions()) throws {
        _ = LuaDispatch.installed
        contextBox = LuaContextBox()
        let context = contextBox.pointer
        context.pointee.limit = max(0, options.memoryLimit ?? 0)
        context.pointee.granularity = 1000
        // Swift is "active" whenever Lua is not running: allocations made from
        // Swift are never refused, so they can never raise.
        context.pointee.lenient = 1
        guard let L = lunar_newstate(context) else {
            throw LuaStateError("could not create a Lua state (out of memory)")
        }
        self.L = L
        instructionBudget = options.instructionBudget
        context.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        // Set-up under a memory cap can fail: run it protected, uncapped.
        let limit = context.pointee.limit
        context.pointee.limit = 0
        defer { context.pointee.limit = limit }
        guard lunar_openlibs(L) == LUA_OK else {
            let message = lua_type(L, -1) == LUA_TSTRING ? String(cString: lua_tolstring(L, -1, nil)) : "unknown"
            lua_close(L)
            throw LuaStateError("could not open the standard library: \(message)")
        }
        lunar_set_warning_sink(L, luaWarningSink)
        lua_createtable(L, 0, 2)
        lunar_pushgchandler(L)
        lua_setfield(L, -2, "__gc")
        boxMetatable = luaL_ref(L, lunar_registryindex())
        lunar_arm_budget(L)
        lunar_install_msgh(L)
        try installSandbox(options.sandbox)
        register(LuaLogModule.module)
        register(LuaJSONModule.module)
    }

    deinit {
        for case let service as LuaStateClosing in extensions.values {
            service.stateWillClose()
        }
        releases.close()
        lunar_debug_attach(L, 0)  // frees the breakpoint table
        lua_close(L)
        contextBox.pointer.pointee.owner = nil
    }

    /// The state that owns a Lua thread.
    static func owner(of L: OpaquePointer) -> LuaState {
        Unmanaged<LuaState>.fromOpaque(lunar_context(L).pointee.owner).takeUnretainedValue()
    }

    /// A stack view of the main thread.
    public var stack: LuaStack { LuaStack(L: L, state: self) }

    // MARK: Memory

    /// Bytes Lua currently holds.
    public var memoryInUse: Int { Int(context.pointee.used) }
    /// The most bytes Lua has held at once.
    public var peakMemory: Int { Int(context.pointee.peak) }
    /// The memory cap in bytes (nil: none).
    public var memoryLimit: Int? {
        get { context.pointee.limit == 0 ? nil : Int(context.pointee.limit) }
        set { context.pointee.limit = newValue.map { max(1, $0) } ?? 0 }
    }

    /// Asks the running script to stop. Safe to call from any thread.
    public nonisolated var interruptHandle: LuaInterruptHandle { LuaInterruptHandle(box: contextBox) }

    /// Charges `units` instructions of native work a script asked for (nodes laid out, table
    /// entries converted, bytes encoded) to the running host call's instruction budget, as C
    /// library work is charged: at most the work's real cost, one unit being the time of a
    /// simple VM instruction (about 3 ns).
    ///
    /// Throws ``LuaBudgetExceeded`` when the budget is spent or a stop was asked for
    /// (``interruptHandle``): the caller gives up its work and lets the error propagate out of
    /// its bridged function, and the trampoline raises `file:line: instruction budget exceeded`
    /// (or the interrupt's reason) at the script's line once Swift has returned. Outside a call
    /// into Lua it does nothing.
    public func charge(units: Int) throws(LuaBudgetExceeded) {
        guard hostCallDepth > 0, units >= 0 else { return }  // 0 only checks for a stop
        // Clamped so no single charge can wrap the budget's arithmetic.
        if lunar_budget_take(context, Int64(min(units, 1 << 40))) != 0 { throw LuaBudgetExceeded() }
    }

    /// Instructions charged per table entry copied between Lua and Swift (``LuaValue``, arrays,
    /// dictionaries): a release build takes 150-230 ns an entry, about 60 instructions.
    public static let entryCost = 16
    /// Strings of at least this many bytes copied between Lua and Swift are charged by length.
    public static let chargedStringLength = 4096
    /// Bytes per instruction for copied strings, as the allocator charges bytes Lua produces.
    public static let bytesPerUnit = 16

    /// Charges `units` like ``charge(units:)`` without stopping the caller: work that is cheap
    /// to finish (copying a table into Swift). A spent budget stops the script when the bridged
    /// function returns to Lua.
    public func account(units: Int) {
        guard hostCallDepth > 0, units > 0 else { return }
        _ = lunar_budget_take(context, Int64(min(units, 1 << 40)))
    }

    /// Registry references Swift currently holds (for leak checks).
    public private(set) var liveReferences = 0

    /// Releases references Swift dropped since the last call, between host
    /// calls only: Lua code running below may still use a reference Swift
    /// dropped meanwhile (a bridged function's replaced after hooks are read
    /// when it returns), and a released slot is reused at the next `luaL_ref`.
    func drainReleases() {
        guard hostCallDepth == 0 else { return }
        for ref in releases.drain() {
            luaL_unref(L, lunar_registryindex(), ref)
            liveReferences -= 1
        }
    }

    // MARK: References

    /// Pops the value on top of `L` into a registry reference.
    func makeReference(_ L: OpaquePointer) -> LuaReference {
        let type = lua_type(L, -1)
        let name = String(cString: lua_typename(L, type))
        let ref = luaL_ref(L, lunar_registryindex())
        liveReferences += 1
        return LuaReference(ref: ref, typeName: name, releases: releases)
    }

    /// Pops the value on top of `L` (the main thread if nil) into a reference.
    public func popReference(on L: OpaquePointer? = nil) -> LuaReference {
        makeReference(L ?? self.L)
    }

    /// Pushes the referenced value on `L`.
    func push(_ reference: LuaReference, on L: OpaquePointer) {
        lua_rawgeti(L, lunar_registryindex(), lua_Integer(reference.ref))
    }

    // MARK: Loading and calling

    /// Compiles Lua text into a function. The text is bytes, as in a file: Lua reads any byte in
    /// comments and string literals, UTF-8 or not. Binary chunks are refused.
    /// - Parameter name: the chunk name used in messages, e.g. `@screens/login.lua`.
    public func load(_ source: Data, name: String) throws(LuaScriptError) -> LuaFunction {
        try finishLoad(source.withUnsafeBytes { loadText($0, name: name, on: L) })
    }

    /// Compiles Lua text given as a Swift string (its UTF-8 bytes), as the `Data` form does.
    public func load(_ source: String, name: String) throws(LuaScriptError) -> LuaFunction {
        var source = source
        return try finishLoad(source.withUTF8 { loadText(UnsafeRawBufferPointer($0), name: name, on: L) })
    }

    /// Loads `text` in text mode; the function or the error message is on top of `L`.
    func loadText(_ text: UnsafeRawBufferPointer, name: String, on L: OpaquePointer) -> Int32 {
        drainReleases()
        return lunar_loadtext(L, text.baseAddress?.assumingMemoryBound(to: CChar.self), text.count, name)
    }

    /// The function a load left on top, or its error.
    private func finishLoad(_ status: Int32) throws(LuaScriptError) -> LuaFunction {
        if status != LUA_OK { throw popError(status: status, on: L, fresh: false) }
        return LuaFunction(reference: makeReference(L))
    }

    /// Loads and runs a chunk, returning its results.
    @discardableResult
    public func run(_ source: String, name: String = "=(string)") throws(LuaScriptError) -> [LuaValue] {
        let fn = try load(source, name: name)
        return try callReturningAll(fn, [])
    }

    /// Calls a Lua function with typed arguments and reads one typed result.
    @inlinable @discardableResult
    public func call<each A: LuaPushable, R: LuaReadable>(
        _ function: LuaFunction, _ arguments: repeat each A, returning: R.Type = LuaValue.self
    ) throws(LuaScriptError) -> R {
        var count: Int32 = 0
        for _ in repeat (each A).self { count += 1 }
        let call = try beginCall(function, argumentCount: count)
        let stack = LuaStack(L: L, state: self)
        repeat (each arguments).push(to: stack)
        return try completeCall(argumentCount: count, call)
    }

    // The same for no, one or two arguments, without parameter packs (pushing
    // through a pack copies each value through its type's metadata).

    /// Calls a Lua function with no arguments and reads one typed result.
    @inlinable @discardableResult
    public func call<R: LuaReadable>(_ function: LuaFunction, returning: R.Type = LuaValue.self) throws(LuaScriptError) -> R {
        let call = try beginCall(function, argumentCount: 0)
        return try completeCall(argumentCount: 0, call)
    }

    /// Calls a Lua function with one typed argument and reads one typed result.
    @inlinable @discardableResult
    public func call<A: LuaPushable, R: LuaReadable>(
        _ function: LuaFunction, _ a: A, returning: R.Type = LuaValue.self
    ) throws(LuaScriptError) -> R {
        let call = try beginCall(function, argumentCount: 1)
        a.push(to: LuaStack(L: L, state: self))
        return try completeCall(argumentCount: 1, call)
    }

    /// Calls a Lua function with two typed arguments and reads one typed result.
    @inlinable @discardableResult
    public func call<A: LuaPushable, B: LuaPushable, R: LuaReadable>(
        _ function: LuaFunction, _ a: A, _ b: B, returning: R.Type = LuaValue.self
    ) throws(LuaScriptError) -> R {
        let call = try beginCall(function, argumentCount: 2)
        let stack = LuaStack(L: L, state: self)
        a.push(to: stack)
        b.push(to: stack)
        return try completeCall(argumentCount: 2, call)
    }

    /// Runs a call whose function and arguments are pushed and reads its result.
    @inlinable
    func completeCall<R: LuaReadable>(argumentCount: Int32, _ call: LuaHostCall) throws(LuaScriptError) -> R {
        try finishCall(argumentCount: argumentCount, call)
        defer { endCall(base: call.base) }
        let stack = LuaStack(L: L, state: self)
        if let value = R.readIfValid(from: stack, at: -1) { return value }
        do {
            return try R.read(from: stack, at: -1)
        } catch {
            throw LuaScriptError(kind: .runtime, message: "bad result (\(error.problem))", location: nil, traceback: nil, value: .nil)
        }
    }

    /// Starts a host call: budget, released references, stack room, the
    /// function pushed. Returns the stack top to restore and where the
    /// message handler is.
    @usableFromInline
    func beginCall(_ function: LuaFunction, argumentCount: Int32) throws(LuaScriptError) -> LuaHostCall {
        var budget = LUNAR_KEEP_BUDGET
        if hostCallDepth == 0 {
            drainReleases()
            // Any negative budget means unlimited (-1), never LUNAR_KEEP_BUDGET.
            budget = instructionBudget.map { max(Int64($0), -1) } ?? -1
        }
        var handler: Int32 = 0
        let base = lunar_begin_call(L, function.reference.ref, argumentCount, budget, &handler)
        guard base >= 0 else {
            throw LuaScriptError(kind: .runtime, message: "stack overflow (too many arguments)", location: nil, traceback: nil, value: .nil)
        }
        hostCallDepth += 1
        return LuaHostCall(base: base, handler: handler)
    }

    /// Runs the pushed call protected, leaving one result on the stack.
    @usableFromInline
    func finishCall(argumentCount: Int32, _ call: LuaHostCall) throws(LuaScriptError) {
        let status = lunar_pcallh(L, argumentCount, 1, call.handler)
        if status != LUA_OK {
            hostCallDepth -= 1
            let error = popError(status: status, on: L, fresh: true)
            lua_settop(L, call.base)
            if hostCallDepth == 0 { onTurnEnded?() }
            throw error
        }
    }

    @usableFromInline
    func endCall(base: Int32) {
        lua_settop(L, base)
        hostCallDepth -= 1
        if hostCallDepth == 0, let onTurnEnded { onTurnEnded() }
    }

    /// Calls a Lua function with dynamic arguments and returns every result.
    /// Tables come back copied, or, with `keepingReferences`, as references
    /// (so their identity and metatables survive).
    public func callReturningAll(_ function: LuaFunction, _ arguments: [LuaValue], keepingReferences: Bool = false) throws(LuaScriptError) -> [LuaValue] {
        try withHostCall { () throws(LuaScriptError) -> [LuaValue] in
            guard lua_checkstack(L, Int32(arguments.count) + 2) != 0 else {
                throw LuaScriptError(kind: .runtime, message: "stack overflow (too many arguments)", location: nil, traceback: nil, value: .nil)
            }
            let base = lua_gettop(L)
            push(function.reference, on: L)
            for a in arguments { a.push(to: stack) }
            let status = lunar_pcall(L, Int32(arguments.count), LUA_MULTRET)
            if status != LUA_OK { throw popError(status: status, on: L, fresh: true) }
            let top = lua_gettop(L)
            var results: [LuaValue] = []
            results.reserveCapacity(Int(top - base))
            if top > base {
                for i in (base + 1)...top {
                    if keepingReferences, lua_type(L, i) == LUA_TTABLE {
                        lua_pushvalue(L, i)
                        results.append(.reference(makeReference(L)))
                    } else {
                        results.append(LuaValue.readLossy(from: stack, at: i))
                    }
                }
            }
            lua_settop(L, base)
            return results
        }
    }

    /// Calls a module function by module and function name.
    @discardableResult
    public func call(module: String, function: String, _ arguments: [LuaValue] = []) throws(LuaScriptError) -> [LuaValue] {
        let fn: LuaFunction
        do {
            let table = try requireTable(module)
            push(table.reference, on: L)
            lua_pushstring(L, function)
            lua_rawget(L, -2)
            guard lua_type(L, -1) == LUA_TFUNCTION else {
                lunar_pop(L, 2)
                throw LuaScriptError(kind: .runtime, message: "module '\(module)' has no function '\(function)'", location: nil, traceback: nil, value: .nil)
            }
            fn = LuaFunction(reference: makeReference(L))
            lunar_pop(L, 1)
        }
        return try callReturningAll(fn, arguments)
    }

    /// Runs `body` as a host call: resets the instruction budget for the
    /// outermost call and releases dropped references first.
    func withHostCall<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if hostCallDepth == 0 {
            drainReleases()
            lunar_budget_reset(L, instructionBudget.map { Int64($0) } ?? -1)
        }
        hostCallDepth += 1
        defer {
            hostCallDepth -= 1
            if hostCallDepth == 0 { onTurnEnded?() }
        }
        return try body()
    }

    /// The error at `index`, just caught by a protected call made with Lunar's message handler
    /// (C code's `lua_pcallk` with the handler, as a subject lane does), with the place and
    /// traceback the handler recorded. `status` is that call's status.
    public func caughtError(at index: Int32, status: Int32, in stack: LuaStack) -> LuaScriptError {
        lua_pushvalue(stack.L, index)
        return popError(status: status, on: stack.L, fresh: true)
    }

    /// Pops the error value left by a failed protected call into a Swift error.
    func popError(status: Int32, on L: OpaquePointer, fresh: Bool) -> LuaScriptError {
        let stack = LuaStack(L: L, state: self)
        let value = LuaValue.readLossy(from: stack, at: -1)
        lunar_pop(L, 1)
        var traceback: String?
        var location: LuaSourceLocation?
        if fresh, status == LUA_ERRRUN {
            lunar_push_last_error_info(L)
            if lua_type(L, -2) == LUA_TSTRING { traceback = String(cString: lua_tolstring(L, -2, nil)) }
            if lua_type(L, -1) == LUA_TSTRING { location = LuaSourceLocation(parsing: String(cString: lua_tolstring(L, -1, nil))) }
            lunar_pop(L, 2)
        }
        let message: String
        switch value {
        case .string(let s): message = s
        case .table(let t):
            if case .string(let s) = t["message"] { message = s } else { message = t.description }
        default: message = "(error object is a \(value.typeName) value)"
        }
        // A message that starts with "file:line:" names the place more precisely.
        if let prefix = LuaScriptError.locationPrefix(of: message) { location = prefix }
        let kind: LuaScriptError.Kind
        switch status {
        case LUA_ERRSYNTAX: kind = .syntax
        case LUA_ERRMEM: kind = .memory
        case LUA_ERRERR: kind = .messageHandler
        default: kind = .runtime
        }
        return LuaScriptError(kind: kind, message: message, location: location, traceback: traceback, value: value)
    }

    // MARK: Globals

    /// Sets a global variable (raw: metatables on `_G` are not consulted).
    public func setGlobal<T: LuaPushable>(_ name: String, _ value: T) {
        lua_rawgeti(L, lunar_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_pushstring(L, name)
        value.push(to: stack)
        lua_rawset(L, -3)
        lunar_pop(L, 1)
    }

    /// Reads a global variable (raw).
    public func global<T: LuaReadable>(_ name: String, as type: T.Type = LuaValue.self) throws(LuaTypeMismatch) -> T {
        lua_rawgeti(L, lunar_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_pushstring(L, name)
        lua_rawget(L, -2)
        defer { lunar_pop(L, 2) }
        return try T.read(from: stack, at: -1)
    }

    /// Reports an uncaught error from a callback to ``errorHandler`` (and the observer).
    public func report(_ error: LuaScriptError) {
        errorHandler(error)
        errorObserver?(error)
    }
}

extension LuaScriptError {
    /// `chunk:line:` at the start of a Lua error message, if present.
    static func locationPrefix(of message: String) -> LuaSourceLocation? {
        // Lua's prefix is "short_src:line: "; short_src may itself contain ':' (e.g. "[string ...]").
        guard let range = message.range(of: ": ") else { return nil }
        return LuaSourceLocation(parsing: String(message[..<range.lowerBound]))
    }
}

private let luaWarningSink: lunar_WarningSink = { L, message, tocont in
    guard let L, let message else { return }
    let state = LuaState.owner(of: L)
    let text = String(cString: message)
    if text.hasPrefix("@") && state.warningBuffer.isEmpty && tocont == 0 { return }  // control messages
    state.warningBuffer += text
    if tocont == 0 {
        state.output("lua warning: " + state.warningBuffer + "\n")
        state.warningBuffer = ""
    }
}

/// A host call under way (``LuaState/beginCall(_:argumentCount:)``): the
/// stack top to restore and the message handler's slot.
@usableFromInline struct LuaHostCall {
    @usableFromInline let base: Int32
    @usableFromInline let handler: Int32
    @usableFromInline init(base: Int32, handler: Int32) {
        self.base = base
        self.handler = handler
    }
}
