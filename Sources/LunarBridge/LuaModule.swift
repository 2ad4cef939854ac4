import CLunar

/// The declared shape of one bridged function, for messages and generated stubs.
public struct LuaFunctionSignature: Sendable, Hashable {
    public var name: String
    public var parameters: [String]
    public var results: [String]
    public var isAsync: Bool
    public var summary: String?

    public init(name: String, parameters: [String], results: [String], isAsync: Bool, summary: String? = nil) {
        self.name = name
        self.parameters = parameters
        self.results = results
        self.isAsync = isAsync
        self.summary = summary
    }
}

/// A bridge module declared once in Swift: functions typed by their Swift
/// signatures, constants and events. Scripts get it with `require(name)`.
///
/// ```swift
/// let greeter = LuaModule("native.greeter", summary: "Greets people.") { m in
///     m.function("hello(name)", summary: "A greeting for name.") { (name: String) -> String in "hello, \(name)" }
///     m.constant("version", "1.0")
///     m.event("changed")
/// }
/// ```
/// A function is named by a declaration: `hello(name)` names its parameters
/// for stubs (their types come from the Swift closure); a type written there
/// (`push(target, params: table?)`) or results after it (`stack(): string[]`)
/// replace what the Swift types say, for `LuaValue` and other loose types;
/// `map<U>(fn: fun(value: T): U): Signal<U>` declares generics. A bare name
/// (`hello`) leaves the parameters unnamed (`arg1`, ... in stubs).
/// A module is a value: register it on any number of states.
public struct LuaModule: Sendable {
    public let name: String
    /// One line about the module, for stubs.
    public let summary: String?
    var members: [Member] = []

    /// The short name used in messages: `log` for `lunar.log`.
    public var shortName: String { name.split(separator: ".").last.map(String.init) ?? name }

    enum Member: Sendable {
        case function(LuaFunctionDescription, @Sendable () -> (LuaCallFrame) throws -> LuaReturn)
        case cFunction(LuaFunctionDescription, lua_CFunction)
        case constant(String, @Sendable (LuaStack) -> Void, String)
        case event(String)
        case raw(String, @Sendable (LuaState) -> Void)
    }

    public init(_ name: String, summary: String? = nil, _ build: (inout LuaModuleBuilder) -> Void) {
        self.name = name
        self.summary = summary
        var builder = LuaModuleBuilder(moduleName: name)
        build(&builder)
        members = builder.members
    }

    /// Every function as declared, in declaration order.
    public var functions: [LuaFunctionDescription] {
        members.compactMap {
            switch $0 {
            case .function(let s, _), .cFunction(let s, _): s
            default: nil
            }
        }
    }
    /// The names of the events Swift can emit.
    public var events: [String] { members.compactMap { if case .event(let e) = $0 { e } else { nil } } }
    /// The names and LuaLS types of the constants.
    public var constants: [(name: String, type: String)] {
        members.compactMap { if case .constant(let n, _, let t) = $0 { (n, t) } else { nil } }
    }
}

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

/// Maps Swift type names to LuaLS names for stubs.
public enum LuaTypeNames {
    /// The LuaLS name of a Swift type: a ``LuaObject`` class is its class name.
    public static func name(of type: Any.Type) -> String {
        if let readable = type as? any LuaReadable.Type { return readable.luaTypeName }
        return name(String(describing: type))
    }

    public static func name(_ swiftName: String) -> String {
        switch swiftName {
        case "Int", "Int64", "Int32": "integer"
        case "Double", "Float": "number"
        case "String": "string"
        case "Bool": "boolean"
        case "()": "nil"
        case "LuaValue": "any"
        case "LuaFunction": "function"
        case "LuaTableReference", "LuaTable": "table"
        default:
            if swiftName.hasPrefix("Optional<") { name(String(swiftName.dropFirst(9).dropLast())) + "?" }
            else if swiftName.hasPrefix("Array<") { name(String(swiftName.dropFirst(6).dropLast())) + "[]" }
            else { "any" }
        }
    }
}

extension LuaState {
    /// Makes a module available to `require`. Registering again replaces it
    /// (scripts that already required it keep the old table).
    public func register(_ module: LuaModule) {
        modules[module.name] = module
        if let ref = moduleTables.removeValue(forKey: module.name) {
            luaL_unref(L, lunar_registryindex(), ref)
        }
        // Drop a stale package.loaded entry so the next require builds the new table.
        lua_getfield(L, lunar_registryindex(), LUA_LOADED_TABLE)  // the registry has no metatable
        if lua_type(L, -1) == LUA_TTABLE {
            module.name.push(to: stack)
            lua_pushnil(L)
            lua_rawset(L, -3)
        }
        lunar_pop(L, 1)
    }

    /// The names of the registered modules.
    public var moduleNames: [String] { Set(modules.keys).union(sourceModules.keys).sorted() }
    /// A registered module's declaration.
    public func module(named name: String) -> LuaModule? { modules[name] }

    /// Builds (once) and returns the Lua table of a registered module.
    func requireTable(_ name: String) throws(LuaScriptError) -> LuaTableReference {
        if let ref = moduleTables[name] {
            lua_rawgeti(L, lunar_registryindex(), lua_Integer(ref))
            return LuaTableReference(reference: makeReference(L))
        }
        guard pushModuleTable(name, on: L) else {
            throw LuaScriptError(kind: .runtime, message: "module '\(name)' not found", location: nil, traceback: nil, value: .nil)
        }
        return LuaTableReference(reference: makeReference(L))
    }

    /// Pushes the module's table, building it the first time. False if unknown.
    func pushModuleTable(_ name: String, on L: OpaquePointer) -> Bool {
        if let ref = moduleTables[name] {
            lua_rawgeti(L, lunar_registryindex(), lua_Integer(ref))
            return true
        }
        guard let module = modules[name] else { return false }
        let stack = LuaStack(L: L, state: self)
        _ = stack.reserve(4)
        lua_createtable(L, 0, Int32(module.members.count + 1))
        var hasEvents = false
        for member in module.members {
            switch member {
            case .function(let sig, let makeBody):
                let box = pushFunctionBox(named: module.shortName + "." + sig.signature.name, on: L, makeBody())
                adopt(box, as: LuaFunctionKey(module: module.name, function: sig.signature.name))
                lua_setfield(L, -2, sig.signature.name)
            case .cFunction(let sig, let function):
                lua_pushcclosure(L, function, 0)
                lua_setfield(L, -2, sig.signature.name)
            case .constant(let n, let push, _):
                push(stack)
                lua_setfield(L, -2, n)
            case .event:
                hasEvents = true
            case .raw(let n, let install):
                install(self)  // leaves one value on the main thread's stack
                if L != self.L { lua_xmove(self.L, L, 1) }
                lua_setfield(L, -2, n)
            }
        }
        if hasEvents {
            let moduleName = module.name
            pushFunction(named: module.shortName + ".on", on: L) { frame in
                let event: String = try frame.argument(1)
                let fn: LuaFunction = try frame.argument(2)
                guard frame.state.modules[moduleName]?.events.contains(event) == true else {
                    throw LuaArgumentError(position: 1, problem: "unknown event '\(event)'")
                }
                let state = frame.state
                let id = state.addListener(module: moduleName, event: event, fn)
                // Unowned: the handle lives inside the state, so it must not keep the state alive.
                frame.stack.pushHandle(methods: ["remove": { [unowned state] in
                    state.removeListener(module: moduleName, event: event, id: id)
                }])
                return .results(1)
            }
            lua_setfield(L, -2, "on")
        }
        lua_pushvalue(L, -1)
        moduleTables[name] = luaL_ref(L, lunar_registryindex())
        return true
    }
}
