/// What scripts can call, described: modules and the classes of the objects
/// they hand out, with the ``version`` a bundle's manifest names as `bridgeAPI`.
///
/// The stub generator (`LuaTypeDefinitions` in LunarLuaLSStubs) writes stubs
/// from one; a runtime needs only its version, so it lives beside the
/// declarations it describes.
public struct LuaAPIDescription: Sendable, Hashable {
    /// The modules, sorted by name.
    public let modules: [LuaModuleDescription]
    /// Every class (native and the modules' own), sorted by name.
    public let classes: [LuaClassDescription]

    /// Collects modules and classes; a class named twice keeps its first description.
    public init(modules: [LuaModuleDescription], classes: [LuaClassDescription] = []) {
        self.modules = modules.sorted { $0.name < $1.name }
        var seen = Set<String>()
        self.classes = (classes + self.modules.flatMap(\.classes))
            .filter { seen.insert($0.name).inserted }
            .sorted { $0.name < $1.name }
    }
}
