import LunarBridge
import LunarNetwork

/// Marks a `Request` sent from Lua with the Lua request object it came from, so global
/// accessories and URL filters, which only see the Swift request, can hand scripts the object
/// they know. Rides along as the last of the request's accessories and does nothing as one,
/// except let go of the object, and of the functions its Lua stages call, when the request stops:
/// the transport may hold the request for a while after that (a cancelled URLSession task ends
/// when the session gets to it), and no Lua value may outlive the send in the registry.
final class LuaRequestTag: RequestAccessory {
    private var object: LuaTableReference?
    private let functions: [LuaStageFunction]

    init(object: LuaTableReference, functions: [LuaStageFunction]) {
        self.object = object
        self.functions = functions
    }

    /// Runs after every other accessory's (the tag is the last one), so they still see the object.
    func requestDidStop(_ task: RequestTask) {
        object = nil
        for function in functions { function.release() }
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

/// A Lua function a request's stage calls (a `validate` function, a reformer), held until the
/// request stops (``LuaRequestTag``).
final class LuaStageFunction {
    private(set) var function: LuaFunction?

    init(_ function: LuaFunction) {
        self.function = function
    }

    func release() {
        function = nil
    }
}
