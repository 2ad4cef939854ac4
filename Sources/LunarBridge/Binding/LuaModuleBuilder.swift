import CLunar

/// Collects a module's members; see ``LuaModule``.
public struct LuaModuleBuilder {
    let moduleName: String
    var members: [LuaModule.Member] = []

    @usableFromInline var shortName: String { moduleName.split(separator: ".").last.map(String.init) ?? moduleName }

    /// Adds a function whose body reads its own arguments (the untyped core).
    /// Its declaration gives the LuaLS types: `after(seconds: number, fn: fun()): TimerHandle`
    /// (a bare name is `(...) -> any`).
    public mutating func rawFunction(
        _ declaration: String, summary: String? = nil, _ body: @escaping @Sendable (LuaCallFrame) throws -> LuaReturn
    ) {
        members.append(.function(LuaFunctionDescription(declaring: declaration, summary: summary), { body }))
    }

    /// Adds a function typed by its Swift signature: arguments are checked and
    /// converted, results pushed, and a thrown error raises a Lua error.
    @inlinable
    public mutating func function<each A: LuaReadable, each R: LuaPushable>(
        _ declaration: String, summary: String? = nil, _ body: @escaping @Sendable (repeat each A) throws -> (repeat each R)
    ) {
        let qualified = shortName + "." + LuaFunctionDescription.name(declaredBy: declaration)
        var parameters: [String] = []
        for t in repeat (each A).self { parameters.append(t.luaTypeName) }
        var results: [String] = []
        for t in repeat (each R).self { results.append(LuaTypeNames.name(of: t)) }
        addFunction(
            LuaFunctionDescription(declaring: declaration, parameters: parameters, results: results, isAsync: false, summary: summary),
            makeBody: { LuaBinding.bind(qualified, body) })
    }

    /// The same, for a body that also needs to know where its Lua caller is: its first
    /// parameter is a ``LuaCaller`` (not a Lua argument; stubs show the others).
    @inlinable
    public mutating func function<each A: LuaReadable, each R: LuaPushable>(
        _ declaration: String, summary: String? = nil, _ body: @escaping @Sendable (LuaCaller, repeat each A) throws -> (repeat each R)
    ) {
        let qualified = shortName + "." + LuaFunctionDescription.name(declaredBy: declaration)
        var parameters: [String] = []
        for t in repeat (each A).self { parameters.append(t.luaTypeName) }
        var results: [String] = []
        for t in repeat (each R).self { results.append(LuaTypeNames.name(of: t)) }
        addFunction(
            LuaFunctionDescription(declaring: declaration, parameters: parameters, results: results, isAsync: false, summary: summary),
            makeBody: { LuaBinding.bindWithCaller(qualified, body) })
    }

    // The same for the fixed shapes `LuaBinding.bind` calls directly (up to
    // three arguments, one result or none); overload ranking prefers these.

    @inlinable
    public mutating func function<R: LuaPushable>(_ declaration: String, summary: String? = nil, _ body: @escaping @Sendable () throws -> R) {
        addTyped(declaration, summary, [], R.self) { LuaBinding.bind($0, body) }
    }

    @inlinable
    public mutating func function<A: LuaReadable, R: LuaPushable>(_ declaration: String, summary: String? = nil, _ body: @escaping @Sendable (A) throws -> R) {
        addTyped(declaration, summary, [A.luaTypeName], R.self) { LuaBinding.bind($0, body) }
    }

    @inlinable
    public mutating func function<A: LuaReadable, B: LuaReadable, R: LuaPushable>(
        _ declaration: String, summary: String? = nil, _ body: @escaping @Sendable (A, B) throws -> R
    ) {
        addTyped(declaration, summary, [A.luaTypeName, B.luaTypeName], R.self) { LuaBinding.bind($0, body) }
    }

    @inlinable
    public mutating func function<A: LuaReadable, B: LuaReadable, C: LuaReadable, R: LuaPushable>(
        _ declaration: String, summary: String? = nil, _ body: @escaping @Sendable (A, B, C) throws -> R
    ) {
        addTyped(declaration, summary, [A.luaTypeName, B.luaTypeName, C.luaTypeName], R.self) { LuaBinding.bind($0, body) }
    }

    @inlinable
    public mutating func function(_ declaration: String, summary: String? = nil, _ body: @escaping @Sendable () throws -> Void) {
        addTyped(declaration, summary, [], nil) { LuaBinding.bind($0, body) }
    }

    @inlinable
    public mutating func function<A: LuaReadable>(_ declaration: String, summary: String? = nil, _ body: @escaping @Sendable (A) throws -> Void) {
        addTyped(declaration, summary, [A.luaTypeName], nil) { LuaBinding.bind($0, body) }
    }

    @inlinable
    public mutating func function<A: LuaReadable, B: LuaReadable>(
        _ declaration: String, summary: String? = nil, _ body: @escaping @Sendable (A, B) throws -> Void
    ) {
        addTyped(declaration, summary, [A.luaTypeName, B.luaTypeName], nil) { LuaBinding.bind($0, body) }
    }

    @inlinable
    public mutating func function<A: LuaReadable, B: LuaReadable, C: LuaReadable>(
        _ declaration: String, summary: String? = nil, _ body: @escaping @Sendable (A, B, C) throws -> Void
    ) {
        addTyped(declaration, summary, [A.luaTypeName, B.luaTypeName, C.luaTypeName], nil) { LuaBinding.bind($0, body) }
    }

    /// Adds a typed synchronous function: its stub signature and a body made from its qualified name.
    @usableFromInline
    mutating func addTyped(
        _ declaration: String, _ summary: String?, _ parameters: [String], _ result: Any.Type?,
        _ makeBody: @escaping @Sendable (String) -> (LuaCallFrame) throws -> LuaReturn
    ) {
        let description = LuaFunctionDescription(
            declaring: declaration, parameters: parameters, results: result.map { [LuaTypeNames.name(of: $0)] } ?? [],
            isAsync: false, summary: summary)
        let qualified = shortName + "." + description.signature.name
        addFunction(description, makeBody: { makeBody(qualified) })
    }

    /// Adds an `async` function. Lua calls it with a callback `(result, err)`
    /// as an extra last argument, or awaits it inside a coroutine the runtime
    /// started (the coroutine yields until the result is back on the executor).
    @inlinable
    public mutating func function<each A: LuaReadable & Sendable, R: LuaPushable & Sendable>(
        _ declaration: String, summary: String? = nil, _ body: @escaping @Sendable (repeat each A) async throws -> R
    ) {
        let qualified = shortName + "." + LuaFunctionDescription.name(declaredBy: declaration)
        var parameters: [String] = []
        for t in repeat (each A).self { parameters.append(t.luaTypeName) }
        addFunction(
            LuaFunctionDescription(
                declaring: declaration, parameters: parameters, results: [LuaTypeNames.name(of: R.self)], isAsync: true, summary: summary),
            makeBody: { LuaBinding.bindAsync(qualified, body) })
    }

    /// Adds a function written in C against Lua's API. It runs as a plain Lua
    /// C function (no Swift frame), so it may raise Lua errors itself; use it
    /// for hot paths that need no Swift, such as `json.decode`.
    public mutating func cFunction(_ declaration: String, summary: String? = nil, _ function: lua_CFunction) {
        members.append(.cFunction(LuaFunctionDescription(declaring: declaration, summary: summary), function))
    }

    @usableFromInline
    mutating func addFunction(_ signature: LuaFunctionDescription, makeBody: @escaping @Sendable () -> (LuaCallFrame) throws -> LuaReturn) {
        members.append(.function(signature, makeBody))
    }

    /// Adds a constant field.
    public mutating func constant<T: LuaPushable & Sendable>(_ name: String, _ value: T) {
        members.append(.constant(name, { value.push(to: $0) }, LuaTypeNames.name(of: T.self)))
    }

    /// Declares an event Swift emits with ``LuaState/emit(module:event:_:)``;
    /// scripts listen with `module.on(name, fn)`.
    public mutating func event(_ name: String) {
        members.append(.event(name))
    }

    /// Adds a field set up by custom code on the state (for Lua-written helpers).
    public mutating func field(_ name: String, _ install: @escaping @Sendable (LuaState) -> Void) {
        members.append(.raw(name, install))
    }
}
