import CLunar
import LunarBridge
import LunarRouter

/// Route parameters pushed as one Lua table: `.string` as a string, `.list`
/// as a sequence, `.opaque` as the Lua value it carries (what `router.open`
/// and the screen host put there); an opaque payload Lua cannot hold is left out.
struct LuaRouteParameters: LuaPushable {
    let parameters: [String: RouteValue]

    init(_ parameters: [String: RouteValue]) {
        self.parameters = parameters
    }

    func push(to stack: LuaStack) {
        let L = stack.L
        _ = stack.reserve(4)
        lua_createtable(L, 0, Int32(clamping: parameters.count))
        for (key, value) in parameters {
            switch value {
            case .string(let text):
                key.push(to: stack)
                text.push(to: stack)
            case .list(let texts):
                key.push(to: stack)
                texts.push(to: stack)
            case .opaque(let payload):
                guard let payload = payload as? any LuaPushable else { continue }
                key.push(to: stack)
                payload.push(to: stack)
            }
            lua_rawset(L, -3)
        }
    }
}

/// The `match` argument of a Lua route handler: `{pattern=, url=, scheme=, wildcard={...}}`;
/// `scheme` is absent for global routes and `wildcard` for patterns without `*`.
struct LuaRouteMatch: LuaPushable {
    let match: RouteMatch

    func push(to stack: LuaStack) {
        let L = stack.L
        _ = stack.reserve(4)
        lua_createtable(L, 0, 4)
        set("pattern", match.pattern, on: stack)
        set("url", match.url, on: stack)
        if let scheme = match.scheme { set("scheme", scheme, on: stack) }
        if let wildcard = match.wildcardComponents { set("wildcard", wildcard, on: stack) }
    }
}

/// What a Lua route handler returned: only an explicit `false` declines the
/// URL; `nil` (no return value) and anything else mean it was handled.
struct LuaHandlerVerdict: LuaReadable {
    let accepted: Bool

    static func read(from stack: LuaStack, at index: Int32) -> LuaHandlerVerdict {
        let declined = lua_type(stack.L, index) == LUA_TBOOLEAN && lua_toboolean(stack.L, index) == 0
        return LuaHandlerVerdict(accepted: !declined)
    }
}

/// The handle `router.add` returns: fields `pattern`, `scheme`, `priority`
/// and `route:remove()` (true the first time, false once the route is gone).
struct LuaRouteHandle: LuaPushable {
    let token: RouteToken

    func push(to stack: LuaStack) {
        // Not the token itself: a removed route must let go of its handler, which may hold
        // this very handle.
        stack.state.pushHandle(on: stack.L, methods: ["remove": token.remover])
        _ = stack.reserve(3)
        set("pattern", token.pattern, on: stack)
        if let scheme = token.scheme { set("scheme", scheme, on: stack) }
        set("priority", token.priority, on: stack)
    }
}

/// Sets `table[key] = value` (raw) on the table at the top of the stack.
private func set(_ key: String, _ value: some LuaPushable, on stack: LuaStack) {
    key.push(to: stack)
    value.push(to: stack)
    lua_rawset(stack.L, -3)
}

/// Reading route values from Lua arguments.
enum LuaRouteValues {
    /// The `extra` table of `router.open` (nil: none). Names must be strings.
    /// Strings arrive as `.string`; every other value as `.opaque(LuaValue)`,
    /// tables by reference, so a handler gets the very table (or function) that was passed.
    static func readExtra(_ frame: LuaCallFrame, at position: Int32) throws(LuaArgumentError) -> [String: RouteValue] {
        let stack = frame.stack
        let L = stack.L
        switch lua_type(L, position) {
        case LUA_TNONE, LUA_TNIL:
            return [:]
        case LUA_TTABLE:
            break
        default:
            throw LuaArgumentError(position: Int(position), problem: "table expected, got \(stack.typeName(at: position))")
        }
        guard stack.reserve(4) else { throw LuaArgumentError(position: Int(position), problem: "stack overflow") }
        var extra: [String: RouteValue] = [:]
        lua_pushnil(L)
        while lua_next(L, position) != 0 {
            // Only string keys are read, so lua_next never sees a key converted in place.
            guard lua_type(L, -2) == LUA_TSTRING, let key = try? String.read(from: stack, at: -2) else {
                let problem = lua_type(L, -2) == LUA_TSTRING
                    ? "extra parameter name is not valid UTF-8"
                    : "extra parameter names must be strings, got a \(stack.typeName(at: -2)) key"
                lunar_pop(L, 2)
                throw LuaArgumentError(position: Int(position), problem: problem)
            }
            extra[key] = routeValue(at: -1, in: stack)
            lunar_pop(L, 1)
        }
        return extra
    }

    private static func routeValue(at index: Int32, in stack: LuaStack) -> RouteValue {
        let L = stack.L
        switch lua_type(L, index) {
        case LUA_TSTRING:
            if let text = try? String.read(from: stack, at: index) { return .string(text) }
        case LUA_TTABLE:
            lua_pushvalue(L, index)
            return .opaque(LuaValue.reference(stack.state.popReference(on: L)))
        default:
            break
        }
        return .opaque((try? LuaValue.read(from: stack, at: index)) ?? .nil)
    }

    /// The positional values of `router.url`: a sequence of strings, numbers or booleans (nil: none).
    static func positionalValues(_ value: LuaValue?, position: Int) throws(LuaArgumentError) -> [String] {
        switch value ?? .nil {
        case .nil:
            return []
        case .table(let table):
            guard table.fields.isEmpty else {
                throw LuaArgumentError(position: position, problem: "positional values must be a sequence")
            }
            var texts: [String] = []
            for (offset, element) in table.array.enumerated() {
                guard let text = text(of: element) else {
                    throw LuaArgumentError(
                        position: position, problem: "value \(offset + 1) must be a string, number or boolean, got \(element.typeName)")
                }
                texts.append(text)
            }
            return texts
        case let other:
            throw LuaArgumentError(position: position, problem: "table expected, got \(other.typeName)")
        }
    }

    /// A query table `{key = value | {values...}}` (nil: none) for `router.url` and
    /// `router.queryString`: values are strings, numbers or booleans, or sequences of them.
    static func queryItems(_ value: LuaValue?, position: Int) throws(LuaArgumentError) -> [String: RouteValue] {
        switch value ?? .nil {
        case .nil:
            return [:]
        case .table(let table):
            guard table.array.isEmpty else {
                throw LuaArgumentError(position: position, problem: "query keys must be strings, got a sequence")
            }
            var items: [String: RouteValue] = [:]
            for (key, element) in table.fields {
                guard case .string(let name) = key else {
                    throw LuaArgumentError(position: position, problem: "query keys must be strings, got key \(key)")
                }
                items[name] = try queryValue(element, name: name, position: position)
            }
            return items
        case let other:
            throw LuaArgumentError(position: position, problem: "table expected, got \(other.typeName)")
        }
    }

    private static func queryValue(_ value: LuaValue, name: String, position: Int) throws(LuaArgumentError) -> RouteValue {
        if let text = text(of: value) { return .string(text) }
        if case .table(let list) = value, list.fields.isEmpty {
            var texts: [String] = []
            for element in list.array {
                guard let text = text(of: element) else {
                    throw LuaArgumentError(
                        position: position, problem: "query value '\(name)' holds a \(element.typeName), not a string, number or boolean")
                }
                texts.append(text)
            }
            return .list(texts)
        }
        throw LuaArgumentError(
            position: position,
            problem: "query value '\(name)' must be a string, number, boolean or a sequence of them, got \(value.typeName)")
    }

    /// The text of a scalar as Lua's `tostring` writes it; nil for anything else.
    private static func text(of value: LuaValue) -> String? {
        switch value {
        case .string(let text): return text
        case .integer, .number, .boolean: return value.description
        default: return nil
        }
    }
}
