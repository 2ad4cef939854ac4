/// The kinds of message a page sends (`t`) and the fields each carries: the one Swift list of
/// them. ``PageMessage/parse(_:)`` reads exactly these; `WireProtocolTableTests` holds lunar.js and
/// docs/web.md's "Page to server" table to it.
enum PageMessageKind: String, CaseIterable, Sendable {
    case press, longPress, pressIn, pressOut, change, submit, scroll, viewport, back, alert, ping, appearance, window

    /// The fields besides `t`, each required.
    var fields: [String] {
        switch self {
        case .press, .longPress, .pressIn, .pressOut: ["s", "n"]
        case .change, .submit: ["s", "n", "v"]
        case .scroll, .viewport: ["s", "n", "y"]
        case .back: ["s"]
        case .alert: ["id", "i"]
        case .ping: ["id"]
        case .appearance: ["v"]
        case .window: ["w", "h", "scale", "fontScale"]
        }
    }
}

/// The kinds of message the server sends a page (`t`) and the fields each carries: the one Swift
/// list of them. ``ServerMessage`` writes exactly these; `WireProtocolTableTests` holds lunar.js and
/// docs/web.md's "Server to page" table to it.
enum ServerMessageKind: String, CaseIterable, Sendable {
    case push, present, pop, dismiss, title, mutations = "m", focus, error, noerror, scrollTo
    case hud, nohud, toast, alert, noalert, refused, notice, pong, highlight, busy

    /// The fields besides `t` (a `highlight` without `s` and `n` removes the outline).
    var fields: [String] {
        switch self {
        case .push, .present: ["s", "title", "path"]
        case .pop, .dismiss, .noerror: ["s"]
        case .title: ["s", "title"]
        case .mutations: ["s", "m"]
        case .focus, .highlight: ["s", "n"]
        case .error: ["s", "message", "location", "line", "frame"]
        case .scrollTo: ["s", "n", "y", "animated"]
        case .hud, .toast, .notice: ["text"]
        case .nohud: []
        case .alert: ["id", "title", "message", "buttons"]
        case .noalert, .pong: ["id"]
        case .refused: ["reason"]
        case .busy: ["message"]
        }
    }
}
