import LunarBase
import LunarJSON

/// What an inspector page asks of the runtime it inspects: one JSON object per WebSocket
/// message, its kind in `t` (docs/devtools.md lists them). ``parse(_:)`` is the one reader;
/// anything else is refused with a reason, and the connection goes on.
public enum DevtoolsCommand: Equatable, Sendable {
    /// `{"t":"select","target":2}`: inspect the app of target 2 (a browser tab) from now on.
    case select(target: Int)
    /// `{"t":"tree"}`: send the element tree again.
    case tree
    /// `{"t":"highlight","s":1,"n":5}`: outline node 5 of screen 1 in the app; without `s`
    /// and `n`, remove the outline.
    case highlight(screen: Int?, node: Int?)
    /// `{"t":"eval","id":3,"code":"1+1"}`: evaluate Lua in the app; the answer carries `id`.
    case evaluate(id: Int, code: String)
    /// `{"t":"route","url":"/items/3"}`: which route would take this URL, with its parameters.
    case route(url: String)
    /// `{"t":"state"}`: send routes, interceptors, storage and the view-model again.
    case state
    /// `{"t":"storage.set","key":"k","value":"<JSON text>"}`: store a value.
    case setStorage(key: String, json: String)
    /// `{"t":"storage.remove","key":"k"}`: remove a stored value.
    case removeStorage(key: String)

    /// The largest evaluated code, in bytes.
    public static let maximumCode = 16 << 10

    /// Reads one message; throws a `MessageError` saying why it is refused.
    public static func parse(_ text: String) throws(MessageError) -> DevtoolsCommand {
        guard let document = try? JSONValue(parsing: text), case .object(let object) = document else {
            throw MessageError("not a JSON object")
        }
        guard case .string(let kind)? = object["t"] else { throw MessageError("no message kind (\"t\")") }
        func string(_ key: String) throws(MessageError) -> String {
            guard case .string(let value)? = object[key] else {
                throw MessageError("'\(kind)' needs a string \"\(key)\"")
            }
            return value
        }
        func integer(_ key: String) throws(MessageError) -> Int {
            guard case .number(let number)? = object[key], let value = Int(exactly: number) else {
                throw MessageError("'\(kind)' needs an integer \"\(key)\"")
            }
            return value
        }
        switch kind {
        case "select": return .select(target: try integer("target"))
        case "tree": return .tree
        case "highlight":
            if object["s"] == nil || object["s"] == .null { return .highlight(screen: nil, node: nil) }
            return .highlight(screen: try integer("s"), node: try integer("n"))
        case "eval":
            let code = try string("code")
            guard code.utf8.count <= maximumCode else {
                throw MessageError("code of \(code.utf8.count) bytes is over the limit of \(maximumCode)")
            }
            return .evaluate(id: try integer("id"), code: code)
        case "route": return .route(url: try string("url"))
        case "state": return .state
        case "storage.set":
            let key = try string("key"), json = try string("value")
            guard (try? JSONValue(parsing: json)) != nil else {
                throw MessageError("the value for '\(key)' is not JSON (write strings in double quotes)")
            }
            return .setStorage(key: key, json: json)
        case "storage.remove": return .removeStorage(key: try string("key"))
        default: throw MessageError("unknown message kind '\(kind)'")
        }
    }
}
