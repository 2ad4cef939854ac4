/// Which children a variables request wants.
public enum LuaChildFilter: Sendable {
    case all, indexed, named
}
