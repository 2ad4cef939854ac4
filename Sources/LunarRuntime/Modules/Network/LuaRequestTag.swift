import LunarBridge
import LunarNetwork

/// Marks a `Request` sent from Lua with the Lua request object it came from, so global
/// accessories and URL filters, which only see the Swift request, can hand scripts the object
/// they know. Rides along as the last of the request's accessories and does nothing as one,
/// except let go of the object when the request stops: the transport may hold the request for a
/// while after that (a cancelled URLSession task ends when the session gets to it), and the
/// object must not outlive the send in the registry.
final class LuaRequestTag: RequestAccessory {
    private var object: LuaTableReference?

    init(object: LuaTableReference) {
        self.object = object
    }

    /// Runs after every other accessory's (the tag is the last one), so they still see the object.
    func requestDidStop(_ task: RequestTask) {
        object = nil
    }

    /// The Lua request object `request` was sent from, as a value to pass to Lua (nil when it
    /// did not come from Lua, or once the request has stopped).
    static func object(of request: Request) -> LuaValue {
        for accessory in request.accessories {
            if let tag = accessory as? LuaRequestTag { return tag.object.map { .reference($0.reference) } ?? .nil }
        }
        return .nil
    }
}
