import LunarBridge
import LunarLuaLSStubs
import LunarRuntime

/// What editors need for spec files: `lunar.test` described from the LuaLS
/// annotations in its source, and the globals the spec prelude makes of it
/// (`describe`, `it`, `expect`, `app`, ...). `lunar types` stubs both; they are
/// not part of the bridge API version (bundles do not `require` them).
public enum SpecTypes {
    /// The `lunar.test` module, read from its annotations.
    public static func module() throws(LuaAnnotationError) -> LuaModuleDescription {
        try LuaModuleDescription(annotated: SpecLibrary.source)
    }

    /// The spec globals, as the prelude assigns them from `lunar.test`.
    public static func globals(of module: LuaModuleDescription) -> [LuaGlobal] {
        LuaGlobal.globals(assignedBy: LunarRuntime.specPrelude, from: module)
    }
}
