import LunarBridge
import LunarNetwork

/// Marks a `Request` sent from Lua with the Lua request object it came from, so global
/// accessories and URL filters, which only see the Swift request, can hand scripts the object
/// they know. Rides along as the first of the request's accessories and does nothing as one.
final class LuaRequestTag: RequestAccessory {
    let object: LuaTableReference

    init(object: LuaTableReference) {
        self.object = object
    }

    /// The Lua request object `request` was sent from, as a value to pass to Lua (nil when it
    /// did not come from Lua).
    static func object(of request: Request) -> LuaValue {
        for accessory in request.accessories {
            if let tag = accessory as? LuaRequestTag { return .reference(tag.object.reference) }
        }
        return .nil
    }
}
