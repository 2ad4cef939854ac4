import LunarJSON
import LunarUI

/// The messages a server sends a page, as compact JSON text: one per renderer call.
/// docs/web.md describes each on the wire; lunar.js is their one reader.
public enum ServerMessage {
    /// `{"t":"push","s":1,"title":"Log in","path":"/login"}` (or `"t":"present"`).
    static func show(_ screen: ScreenID, title: String?, path: String?, modal: Bool) -> String {
        var object = messageObject(modal ? .present : .push)
        object.put("s", screen.rawValue)
        object.put("title", optional: title)
        object.put("path", optional: path)
        return object.text
    }

    /// `{"t":"pop","s":2}`, `{"t":"dismiss","s":2}`.
    static func close(_ screen: ScreenID, modal: Bool) -> String {
        var object = messageObject(modal ? .dismiss : .pop)
        object.put("s", screen.rawValue)
        return object.text
    }

    /// `{"t":"title","s":1,"title":"Items"}`.
    static func title(_ title: String?, of screen: ScreenID) -> String {
        var object = messageObject(.title)
        object.put("s", screen.rawValue)
        object.put("title", optional: title)
        return object.text
    }

    /// `{"t":"m","s":1,"m":[["u",5,{"text":"Count: 3"}]]}`: a batch of mutations.
    public static func mutations(_ mutations: [Mutation], on screen: ScreenID) -> String {
        "{\"t\":\"\(ServerMessageKind.mutations.rawValue)\",\"s\":\(screen.rawValue),\"m\":[" + mutations.map(encode).joined(separator: ",") + "]}"
    }

    /// One mutation as an array whose first item says which:
    /// `["c",id,kind,props,events]`, `["u",id,props]` (then removed props, then events when
    /// they changed), `["i",id,parent,index]`, `["v",id,parent,index]`, `["r",id,parent]`.
    static func encode(_ mutation: Mutation) -> String {
        switch mutation {
        case .create(let id, let kind, let props, let events):
            return "[\"c\",\(id.rawValue),\(JSONWriter.quoted(kind.rawValue)),\(encode(props)),\(encode(events))]"
        case .update(let id, let update):
            var items = ["\"u\"", String(id.rawValue), encode(update.props)]
            if !update.removedProps.isEmpty || update.events != nil {
                items.append("[" + update.removedProps.map { JSONWriter.quoted($0.rawValue) }.joined(separator: ",") + "]")
            }
            if let events = update.events { items.append(encode(events)) }
            return "[" + items.joined(separator: ",") + "]"
        case .insert(let id, let parent, let index):
            return "[\"i\",\(id.rawValue),\(parent.map { String($0.rawValue) } ?? "null"),\(index)]"
        case .move(let id, let parent, let index):
            return "[\"v\",\(id.rawValue),\(parent.rawValue),\(index)]"
        case .remove(let id, let parent):
            return "[\"r\",\(id.rawValue),\(parent.map { String($0.rawValue) } ?? "null")]"
        }
    }

    /// Props as an object; a style as its CSS declarations (``StyleCSS``).
    static func encode(_ props: Props) -> String {
        var object = OrderedJSONObject()
        for entry in props {
            object.put(entry.name.rawValue, raw: encode(entry.value))
        }
        return object.text
    }

    static func encode(_ value: PropValue) -> String {
        switch value {
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return JSONWriter.numberText(value)
        case .string(let value): return JSONWriter.quoted(value)
        case .style(let style): return JSONWriter.quoted(StyleCSS.declarations(for: style))
        }
    }

    static func encode(_ events: Set<EventName>) -> String {
        "[" + events.sorted().map { JSONWriter.quoted($0.rawValue) }.joined(separator: ",") + "]"
    }

    /// `{"t":"focus","s":1,"n":5}` (`"n":null` clears focus).
    static func focus(_ node: NodeID?, on screen: ScreenID) -> String {
        var object = messageObject(.focus)
        object.put("s", screen.rawValue)
        object.put("n", raw: node.map { String($0.rawValue) } ?? "null")
        return object.text
    }

    /// `{"t":"error","s":1,"message":"…","location":"screens/login.lua:3","line":3,"frame":[[2,"…"],[3,"…"]]}`.
    static func error(_ overlay: ErrorOverlay, on screen: ScreenID) -> String {
        var object = messageObject(.error)
        object.put("s", screen.rawValue)
        object.put("message", overlay.message)
        object.put("location", optional: overlay.location)
        object.put("line", raw: overlay.line.map(String.init) ?? "null")
        object.put("frame", raw: "[" + overlay.codeFrame.map { "[\($0.number),\(JSONWriter.quoted($0.text))]" }.joined(separator: ",") + "]")
        return object.text
    }

    /// `{"t":"scrollTo","s":1,"n":5,"y":120,"animated":true}`: scroll a scroll view or list to
    /// offset `y` along its axis (`"y":"end"`: to its end).
    static func scroll(_ node: NodeID, to target: ScrollTarget, animated: Bool, on screen: ScreenID) -> String {
        var object = messageObject(.scrollTo)
        object.put("s", screen.rawValue)
        object.put("n", node.rawValue)
        switch target {
        case .offset(let offset): object.put("y", raw: JSONWriter.numberText(offset))
        case .end: object.put("y", "end")
        }
        object.put("animated", raw: animated ? "true" : "false")
        return object.text
    }

    /// `{"t":"noerror","s":1}`.
    static func hideError(on screen: ScreenID) -> String {
        var object = messageObject(.noerror)
        object.put("s", screen.rawValue)
        return object.text
    }

    /// `{"t":"hud","text":"Loading"}` (`"text":null` for a bare spinner), `{"t":"nohud"}`.
    static func hud(_ text: String?) -> String {
        var object = messageObject(.hud)
        object.put("text", optional: text)
        return object.text
    }

    static let hideHUD = messageObject(.nohud).text

    /// `{"t":"toast","text":"Saved"}`.
    static func toast(_ text: String) -> String {
        var object = messageObject(.toast)
        object.put("text", text)
        return object.text
    }

    /// `{"t":"alert","id":1,"title":"…","message":null,"buttons":[["OK","default"]]}`.
    static func alert(_ alert: Alert) -> String {
        var object = messageObject(.alert)
        object.put("id", alert.id.rawValue)
        object.put("title", alert.title)
        object.put("message", optional: alert.message)
        object.put("buttons", raw: "[" + alert.buttons.map { "[\(JSONWriter.quoted($0.title)),\(JSONWriter.quoted($0.role.rawValue))]" }.joined(separator: ",") + "]")
        return object.text
    }

    /// `{"t":"noalert","id":1}`.
    static func dismissAlert(_ id: AlertID) -> String {
        var object = messageObject(.noalert)
        object.put("id", id.rawValue)
        return object.text
    }

    /// `{"t":"refused","reason":"…"}`: the page's last message was refused (it goes on).
    public static func refused(_ reason: String) -> String {
        var object = messageObject(.refused)
        object.put("reason", reason)
        return object.text
    }

    /// `{"t":"busy","message":"…"}`: the server has no room for another tab; it closes next.
    public static func busy(_ message: String) -> String {
        var object = messageObject(.busy)
        object.put("message", message)
        return object.text
    }

    /// `{"t":"pong","id":7}`: the answer to a page's ping.
    static func pong(_ id: Int) -> String {
        var object = messageObject(.pong)
        object.put("id", id)
        return object.text
    }

    /// `{"t":"highlight","s":1,"n":5}`: outline node `n` of screen `s` (the element the
    /// inspector's pointer is over); `{"t":"highlight"}` removes the outline.
    public static func highlight(screen: ScreenID?, node: NodeID?) -> String {
        var object = messageObject(.highlight)
        if let screen, let node {
            object.put("s", screen.rawValue)
            object.put("n", node.rawValue)
        }
        return object.text
    }

    /// `{"t":"notice","text":"reloaded screens/login.lua"}`: a line for the page's console.
    public static func notice(_ text: String) -> String {
        var object = messageObject(.notice)
        object.put("text", text)
        return object.text
    }

    /// A message object begun with its kind, the one place a `t` is written.
    private static func messageObject(_ kind: ServerMessageKind) -> OrderedJSONObject {
        var object = OrderedJSONObject()
        object.put("t", kind.rawValue)
        return object
    }
}
