import Foundation
import LunarBridge
import LunarSignalsLua

/// What scripts can call, described and versioned: the source of `lunar types`
/// (through LunarLuaLSStubs' `LuaTypeDefinitions`) and of the manifest's
/// `bridgeAPI` check.
///
/// The built-in modules are read from a state set up exactly as a bundle's
/// (every module ``ScriptModules`` installs, from the declarations that drive
/// the bridge); modules written in Lua are read from the LuaLS annotations in
/// their sources (``LuaModuleDescription/init(annotated:)``). A host adds its
/// own modules:
///
/// ```swift
/// let api = BridgeAPI.described(hostModules: [greeter])
/// try LuaTypeDefinitions(api).write(to: URL(fileURLWithPath: ".lunar/types"))
/// print(BridgeAPI.version)   // what a manifest's "bridgeAPI" must say
/// ```
/// Thread-safe: each call builds its own throwaway state.
public enum BridgeAPI {
    /// The version of the built-in bridge API (16 hex digits): a stable hash
    /// of every built-in module's and class's signatures. A bundle whose
    /// manifest names another `bridgeAPI` was written against other modules.
    public static let version: String = described().version

    /// Every built-in module plus `hostModules` (and their ``LuaObject``
    /// classes, `hostClasses`), described.
    public static func described(hostModules: [LuaModule] = [], hostClasses: [LuaClassDescription] = []) -> LuaAPIDescription {
        LuaAPIDescription(
            modules: builtInModules() + hostModules.map { LuaModuleDescription($0) },
            classes: builtInClasses + hostClasses)
    }

    /// The version of the built-in API plus host modules: what a host that
    /// registers `native.*` modules can write into its bundles' manifests.
    public static func version(hostModules: [LuaModule], hostClasses: [LuaClassDescription] = []) -> String {
        described(hostModules: hostModules, hostClasses: hostClasses).version
    }

    /// The modules a bundle's scripts can `require`, described. The parts a
    /// Lua-written module is built on (`lunar.ui.native`, `lunar.ui.component`:
    /// any module named under it) are left out: the wrapping module's
    /// description says what scripts use.
    static func builtInModules() -> [LuaModuleDescription] {
        let executor = LuaExecutor(name: "lunar.types", clock: .virtual)
        defer { executor.shutdown() }
        guard let state = try? LuaState(options: LuaStateOptions()) else {
            preconditionFailure("lunar types: cannot create a Lua state")
        }
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-types-unused")
        ScriptModules.install(on: state, executor: executor, storageDirectory: storage)
        ScriptModules.installScreens(on: state, reference: ScreenHostReference())
        var modules: [LuaModuleDescription] = []
        for name in state.moduleNames where !partOfLuaModule(name, in: state) {
            if let source = state.source(named: name) {
                do {
                    modules.append(try LuaModuleDescription(annotated: source))
                } catch {
                    // The sources ship in the binary and a test reads each one: this is a build mistake.
                    preconditionFailure("\(error)")
                }
            } else if let module = state.module(named: name) {
                modules.append(LuaModuleDescription(module))
            }
        }
        return modules
    }

    /// Whether `name` extends the name of a Lua-written module (`lunar.ui.native` of `lunar.ui`).
    private static func partOfLuaModule(_ name: String, in state: LuaState) -> Bool {
        var prefix = Substring(name)
        while let dot = prefix.lastIndex(of: ".") {
            prefix = prefix[..<dot]
            if state.source(named: String(prefix)) != nil { return true }
        }
        return false
    }

    /// The classes of the objects built-in modules hand out.
    static var builtInClasses: [LuaClassDescription] {
        [
            LuaClassDescription(LuaSignal.self, summary: "A signal: subscribe to its values; operators return new signals."),
            // Subjects and properties are signals: LuaLS accepts them where a Signal is asked for.
            LuaClassDescription(LuaSubject.self, summary: "A signal scripts send values into.", supertypes: ["Signal<T>"]),
            LuaClassDescription(LuaProperty.self, summary: "A signal with a current value.", supertypes: ["Signal<T>"]),
            LuaClassDescription(LuaCommand.self, summary: "An action with enabled, executing and values signals."),
            LuaClassDescription(LuaLifetime.self, summary: "Disposes what is added to it when it ends."),
            LuaClassDescription(LuaDisposable.self, summary: "A subscription or resource that can be disposed."),
            LuaClassDescription(LuaSignalObserver.self, summary: "Sends events into a signal made by signal.create."),
            LuaClassDescription(
                name: "TimerHandle", summary: "A scheduled timer.",
                methods: [LuaFunctionDescription("cancel", returns: ["boolean"], summary: "Stops the timer; false if it already ended.")]),
            LuaClassDescription(
                name: "Route", summary: "A route added with router.add.",
                methods: [LuaFunctionDescription("remove", returns: ["boolean"], summary: "Removes the route; false if already removed.")]),
        ]
    }
}
