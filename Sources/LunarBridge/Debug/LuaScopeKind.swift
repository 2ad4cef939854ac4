/// A scope of a stopped frame.
public enum LuaScopeKind: Sendable {
    case locals, upvalues, globals
}
