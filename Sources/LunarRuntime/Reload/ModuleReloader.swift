import Foundation
import LunarBridge
import LunarBundle
import LunarRouter

/// Which module is being loaded right now, so registrations a module makes
/// at its top level (routes) can be undone when it is re-run.
final class ModuleRegistrations {
    var loading: [String] = []
    /// For each module in ``loading``, which load it is (a count of loads begun): tells one run
    /// of a module's top level from the next (unnamed components are told apart by their
    /// order in one run).
    var runs: [Int] = []
    private var loads = 0

    func enter(_ module: String) {
        loads += 1
        loading.append(module)
        runs.append(loads)
    }

    func leave() {
        _ = loading.popLast()
        _ = runs.popLast()
    }
    var routes: [String: [RouteToken]] = [:]

    func record(_ token: RouteToken) {
        guard let module = loading.last else { return }
        routes[module, default: []].append(token)
    }

    func removeRegistrations(of module: String) {
        for token in routes.removeValue(forKey: module) ?? [] { _ = token.remove() }
    }
}

/// What a reload did, for logs and tests.
public struct ReloadReport: Sendable, Equatable {
    /// Modules whose new code is now running.
    public var reloaded: [String] = []
    /// Modules whose file starts with `--@refresh reset`: their screens, and the screens whose
    /// view-model they define, were remounted.
    public var remounted: [String] = []
    /// Files whose new code failed to compile or run (the old code keeps running), and
    /// `manifest.json` when the edited manifest was refused (the previous one stays).
    public var failed: [String] = []
    /// The error of each failed file, one line each: `file:line: message`.
    public var failures: [String] = []
    /// What the reload did not apply to the running app, in words for the developer
    /// (a changed `entry` opens at the next start; open screens that keep what a changed
    /// `initialize()` or `load()` built with the old code).
    public var notes: [String] = []
}

/// Swaps changed modules into a running state (hot reload).
///
/// A changed module is compiled first; if it does not compile, or its
/// top-level code fails, the error is shown and the last good code keeps
/// running. A module that loads is swapped **in place**: its table keeps its
/// identity, functions are replaced and fields that hold data are kept, so
/// screen instances (whose metatable points at the module table), view-models
/// and everything that holds the table run the new code and keep their state.
/// Modules that are not screens or view-models are re-run, and so are the
/// modules that required them (they may have copied values at load time).
/// Routes a module registered at its top level are removed before it re-runs.
final class ModuleReloader {
    let state: LuaState
    let registrations: ModuleRegistrations
    let support: LuaTableReference
    /// Files with a load error shown now: fixing them clears the overlay.
    var failing: [String: LuaScriptError] = [:]
    /// The last reload's modules whose `initialize` or `load` changed (swapped without
    /// `--@refresh reset`): live instances keep what the old one built.
    var changedOnceOnly: [OnceOnlyChange] = []

    /// A module's `initialize()` or `load()` that a reload changed but does not run again.
    struct OnceOnlyChange: Equatable {
        var module: String
        /// The bundle file (`viewmodels/counter.lua`).
        var file: String
        /// `initialize`, `load`: the functions whose code changed.
        var functions: [String]
    }

    init(state: LuaState) throws {
        self.state = state
        let registrations = ModuleRegistrations()
        self.registrations = registrations
        state[extension: ModuleRegistrations.self] = registrations
        let enter = state.makeFunction(named: "reload.enter") { [unowned registrations] frame in
            registrations.enter(try frame.argument(1, as: String.self))
            return .results(0)
        }
        let leave = state.makeFunction(named: "reload.leave") { [unowned registrations] _ in
            registrations.leave()
            return .results(0)
        }
        // Whether two Lua functions have the same code, their lines aside (reload.lua asks it
        // of a module's `initialize` and `load` before and after a swap).
        let sameCode = state.makeFunction(named: "reload.sameCode") { frame in
            let a = frame.stack.codeWithoutLines(ofFunctionAt: 1)
            frame.push(a != nil && a == frame.stack.codeWithoutLines(ofFunctionAt: 2))
            return .results(1)
        }
        let chunk = try state.load(Self.supportSource)
        support = try state.callHelper(chunk, [.function(enter), .function(leave), .function(sameCode)])[0].tableReference()
    }

    /// The module a bundle file holds (`screens/login.lua` → `screens.login`), if any.
    static func moduleName(forFile path: String) -> String? {
        // Specs and the mock API are not app code.
        guard !path.hasPrefix("spec/"), !path.hasPrefix("mock-api/") else { return nil }
        return ModulePath.moduleName(forFile: path)
    }

    /// Screens and view-models are swapped only; other modules also re-run their dependents.
    /// `screenModules`: the modules the manifest routes name.
    func isScreenOrViewModel(_ module: String, screenModules: Set<String>) -> Bool {
        module.hasPrefix("screens.") || module.hasPrefix("viewmodels.") || screenModules.contains(module)
    }

    /// Reloads the modules behind `changedFiles`; returns what happened and
    /// the errors to show (by file). `screenModules`: the modules the manifest routes name.
    func reload(changedFiles: [String], screenModules: Set<String>) -> (ReloadReport, [LuaScriptError], resets: Set<String>) {
        var report = ReloadReport()
        var errors: [LuaScriptError] = []
        var resets: Set<String> = []
        changedOnceOnly = []
        var order: [String] = []
        var seen: Set<String> = []
        for file in changedFiles {
            guard let module = Self.moduleName(forFile: file) else { continue }
            guard isLoaded(module) || failing[file] != nil else { continue }
            for name in [module] + (isScreenOrViewModel(module, screenModules: screenModules) ? [] : dependents(of: module)) where seen.insert(name).inserted {
                order.append(name)
            }
        }
        for module in order {
            // The file's bytes, loaded as `require` loads them.
            let file: LuaModuleChunk
            do {
                guard let found = try state.moduleLoader?.chunk(forModule: module) else {
                    continue  // deleted: the running code stays until the app restarts
                }
                file = found
            } catch {
                continue
            }
            let displayFile = String(file.chunkName.dropFirst())
            // A `--@refresh reset` module is taken whole, data fields included: its screens remount.
            let reset = file.bytes.starts(with: Self.resetDirective)
            do {
                let chunk = try state.load(chunk: file)
                registrations.removeRegistrations(of: module)
                let changed = try state.callReturningAll(support.function("run", in: state),
                                                         [.string(module), .function(chunk), .string(displayFile), .boolean(reset)])
                if case .table(let names)? = changed.first, !names.array.isEmpty {
                    changedOnceOnly.append(OnceOnlyChange(module: module, file: displayFile, functions: names.array.compactMap(\.stringValue)))
                }
                failing[displayFile] = nil
                report.reloaded.append(module)
                if reset { resets.insert(module) }
            } catch {
                failing[displayFile] = error
                report.failed.append(displayFile)
                errors.append(error)
            }
        }
        return (report, errors, resets)
    }

    /// The reloaded modules and every module that (transitively) required one.
    func affectedModules(by reloaded: [String]) -> [String] {
        var seen = Set(reloaded)
        var out = reloaded
        for module in reloaded {
            for dependent in dependents(of: module) where seen.insert(dependent).inserted { out.append(dependent) }
        }
        return out
    }

    func isLoaded(_ module: String) -> Bool {
        (try? state.callHelper(support.function("isLoaded", in: state), [.string(module)]).first?.boolValue) ?? false
    }

    func dependents(of module: String) -> [String] {
        guard let result = try? state.callReturningAll(support.function("dependents", in: state), [.string(module)]).first,
              case .table(let list) = result else { return [] }
        return list.array.compactMap(\.stringValue)
    }

    /// The first line that asks for a remount on reload.
    static let resetDirective = Data("--@refresh reset".utf8)

    static let supportSource = LuaSource("lunar.reload", embedded: PackageResources.reload_lua)
}
