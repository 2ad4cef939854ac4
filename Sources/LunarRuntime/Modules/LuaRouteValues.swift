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
        _ = stack.reserve(4)
        let table = stack.pushNewTable(fieldCapacity: parameters.count)
        for (key, value) in parameters {
            switch value {
            case .string(let text):
                table.set(key, text)
            case .list(let texts):
                table.set(key, texts)
            case .opaque(let payload):
                guard let payload = payload as? any LuaPushable else { continue }
                table.set(key, payload)
            }
        }
    }
}

/// The `match` argument of a Lua route handler: `{pattern=, url=, scheme=, wildcard={...}}`;
/// `scheme` is absent for global routes and `wildcard` for patterns without `*`.
struct LuaRouteMatch: LuaPushable {
    let match: RouteMatch

    func push(to stack: LuaStack) {
        _ = stack.reserve(4)
        let table = stack.pushNewTable(fieldCapacity: 4)
        table.set("pattern", match.pattern)
        table.set("url", match.url)
        if let scheme = match.scheme { table.set("scheme", scheme) }
        if let wildcard = match.wildcardComponents { table.set("wildcard", wildcard) }
    }
}

/// What a Lua route handler returned: only an explicit `false` declines the
/// URL; `nil` (no return value) and anything else mean it was handled.
struct LuaHandlerVerdict: LuaReadable {
    let accepted: Bool

    static func read(from stack: LuaStack, at index: Int32) -> LuaHandlerVerdict {
        let declined = stack.type(at: index) == .boolean && !stack.isTruthy(at: index)
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
        let table = stack.pushHandle(methods: ["remove": token.remover])
        _ = stack.reserve(3)
        table.set("pattern", token.pattern)
        if let scheme = token.scheme { table.set("scheme", scheme) }
        table.set("priority", token.priority)
    }
}

/// Reading route values from Lua arguments.
enum LuaRouteValues {
    /// The `extra` table of `router.open` (nil: none). Names must be strings.
    /// Strings arrive as `.string`; every other value as `.opaque(LuaValue)`,
    /// tables by reference, so a handler gets the very table (or function) that was passed.
    static func readExtra(_ frame: LuaCallFrame, at position: Int32) throws(LuaArgumentError) -> [String: RouteValue] {
        let stack = frame.stack
        if stack.type(at: position).isAbsent { return [:] }
        guard let table = stack.table(at: position) else {
            throw LuaArgumentError(position: Int(position), problem: "table expected, got \(stack.typeName(at: position))")
        }
        guard stack.reserve(4) else { throw LuaArgumentError(position: Int(position), problem: "stack overflow") }
        var extra: [String: RouteValue] = [:]
        try table.forEachPair { key, value throws(LuaArgumentError) in
            // Only string keys are read, so the traversal never sees a key converted in place.
            let isString = stack.type(at: key) == .string
            guard isString, let name = try? String.read(from: stack, at: key) else {
                let problem = isString
                    ? "extra parameter name is not valid UTF-8"
                    : "extra parameter names must be strings, got a \(stack.typeName(at: key)) key"
                throw LuaArgumentError(position: Int(position), problem: problem)
            }
            extra[name] = routeValue(at: value, in: stack)
        }
        return extra
    }

    private static func routeValue(at index: Int32, in stack: LuaStack) -> RouteValue {
        switch stack.type(at: index) {
        case .string:
            if let text = try? String.read(from: stack, at: index) { return .string(text) }
        case .table:
            return .opaque(LuaValue.reference(stack.reference(to: index)))
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
