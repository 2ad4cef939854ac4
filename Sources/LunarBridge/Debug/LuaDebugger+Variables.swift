/// While stopped: the stack's frames and their names, the scopes of a frame, the variables of a
/// scope or a table, and the handles by which a client asks for them.
extension LuaDebugger {
    /// What a variables reference names while the stop lasts.
    enum Handle {
        case scope(LuaScopeKind, level: Int32)
        case table(LuaReference)
    }

    /// The stopped thread's Lua frames, innermost first.
    public func frames() -> [LuaDebugFrame] {
        guard let stack = stoppedThread else { return [] }
        var result: [LuaDebugFrame] = []
        var level: Int32 = 0
        while let info = stack.frameInfo(atLevel: level) {
            defer { level += 1 }
            guard info.kind != .c else { continue }
            let name = Self.frameName(info, loadedName: stack.loadedName(ofFunctionAtLevel: level))
            result.append(LuaDebugFrame(id: Int(level) + 1, name: name, chunk: info.chunk, line: info.line))
        }
        return result
    }

    /// A frame's name as Lua's own tracebacks (`luaL_traceback`) give it: `function 'name'` for
    /// a function the loaded modules hold (a global, `function 'mod.fn'` for a module's), else
    /// how the calling code named it (`field 'run'`, `method 'save'`, `local 'f'`,
    /// `upvalue 'g'`), else `main chunk`, else where it is defined (`function <app.lua:12>`).
    static func frameName(_ info: LuaFrameInfo, loadedName: String?) -> String {
        if let loadedName { return "function '\(loadedName)'" }
        if !info.nameKind.isEmpty { return "\(info.nameKind) '\(info.name ?? "?")'" }
        switch info.kind {
        case .main: return "main chunk"
        case .lua: return "function <\(info.shortSource):\(info.lineDefined)>"
        case .c: return "?"
        }
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
        let stack = stoppedThread ?? state.stack
        guard stack.reserve(8) else { return [] }
        var out: [LuaDebugValue] = []
        switch handle {
        case .scope(.locals, let level):
            stack.forEachLocal(atLevel: level) { name, value in
                if !name.hasPrefix("(") { out.append(describe(on: stack, at: value, name: name)) }
            }
        case .scope(.upvalues, let level):
            stack.forEachUpvalue(ofFunctionAtLevel: level) { name, value in
                if name != "_ENV" { out.append(describe(on: stack, at: value, name: name)) }
            }
        case .scope(.globals, _):
            stack.pushGlobals()
            out = children(on: stack, ofTableAt: -1, filter: filter)
            stack.pop()
        case .table(let reference):
            state.push(reference, on: stack.L)
            out = children(on: stack, ofTableAt: -1, filter: filter, upTo: end)
            stack.pop()
        }
        guard start > 0 || count > 0 else { return out }
        let from = min(start, out.count)
        let to = min(out.count, end ?? out.count)
        return Array(out[from..<to])
    }

    /// Array part first (1...n, in order), then other keys sorted by their text, then the metatable.
    /// With `upTo`, a page ending there: an array part that fills it is all that is read.
    func children(on stack: LuaStack, ofTableAt index: Int32, filter: LuaChildFilter, upTo limit: Int? = nil) -> [LuaDebugValue] {
        guard let table = stack.table(at: index) else { return [] }
        let length = table.count
        var indexed: [LuaDebugValue] = []
        var named: [(String, LuaDebugValue)] = []
        if filter != .named {
            for i in stride(from: 1, through: min(length, limit ?? length), by: 1) {
                table.withElement(i) { value in indexed.append(describe(on: stack, at: value, name: "[\(i)]")) }
            }
        }
        if let limit, filter != .named, length >= limit { return indexed }
        if filter != .indexed {
            table.forEachPair { key, value in
                if case .integer(let position)? = stack.numberValue(at: key), length > 0, (1...length).contains(position) { return }
                let name = keyName(on: stack, at: key)
                named.append((name, describe(on: stack, at: value, name: name)))
            }
            named.sort { $0.0 < $1.0 }
            if let metatable = stack.withMetatable(of: table.index, { describe(on: stack, at: $0, name: "[metatable]") }) {
                named.append(("[metatable]", metatable))
            }
        }
        return indexed + named.map(\.1)
    }

    /// A key as the variables view names it: a string as it is, a number in brackets (`[3]`),
    /// another value by its description in brackets.
    func keyName(on stack: LuaStack, at index: Int32) -> String {
        switch stack.type(at: index) {
        case .string: return stack.text(at: index)
        case .number: return "[\(stack.text(at: index))]"
        default: return "[\(describeValue(on: stack, at: index).value)]"
        }
    }

    func describe(on stack: LuaStack, at index: Int32, name: String) -> LuaDebugValue {
        var value = describeValue(on: stack, at: index)
        value.name = name
        return value
    }

    /// The value at `index` as text; a table (or a value with a metatable) gets a handle.
    func describeValue(on stack: LuaStack, at index: Int32) -> LuaDebugValue {
        let typeName = stack.typeName(at: index)
        var value = LuaDebugValue(name: "", value: "", type: typeName, reference: 0, indexedCount: 0, namedCount: 0)
        switch stack.type(at: index) {
        case .nil: value.value = "nil"
        case .boolean: value.value = stack.isTruthy(at: index) ? "true" : "false"
        case .number: value.value = stack.text(at: index)
        case .string:
            let text = stack.text(at: index)
            value.value = "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n") + "\""
        case .table:
            guard let table = stack.table(at: index) else { break }
            let length = table.count
            var total = 0
            table.forEachPair { _, _ in total += 1 }
            value.indexedCount = length
            value.namedCount = max(0, total - length)
            value.value = total == 0 ? "{}" : (length > 0 && total == length ? "{…} #\(length)" : "{…} (\(total))")
            value.reference = addHandle(.table(stack.reference(to: table.index)))
        case .function:
            if let definition = stack.definition(ofFunctionAt: index) {
                value.value = "function: \(definition.chunk.dropFirst()):\(definition.line)"
            } else {
                value.value = "function: builtin"
            }
        case .userdata, .lightUserdata:
            value.value = stack.metatableName(at: index) ?? typeName
        default: value.value = typeName
        }
        return value
    }

    func addHandle(_ handle: Handle) -> Int {
        let id = nextHandle
        nextHandle += 1
        handles[id] = handle
        return id
    }

    /// Lets go of every handle (the tables' references are released at the state's next call).
    func releaseHandles() {
        handles = [:]
    }

    /// Runs `body`, then lets go of every table handle made meanwhile (values described to be
    /// shown once, as an inspector's console does), leaving older handles alone. Executor only.
    public func withTemporaryValues<T>(_ body: () -> T) -> T {
        let first = nextHandle
        defer {
            for id in first..<nextHandle { handles[id] = nil }
        }
        return body()
    }

    /// Lets go of the tables evaluations made while running (not stopped). Executor only.
    public func releaseValues() {
        if stoppedThread == nil { releaseHandles() }
    }
}
