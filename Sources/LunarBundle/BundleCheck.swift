import Foundation
import LunarBridge
import LunarRouter

/// What `lunar check` finds in a bundle without running it: every script
/// compiled (syntax only), the manifest validated (its routes name existing
/// screen modules, the entry matches a route, `bridgeAPI` is this runtime's),
/// and the app scripts read for mistakes a run would hit (``ScriptReading``):
/// a bridge function that does not exist, a literal navigation target or
/// `require` that names nothing, an element prop the element does not take.
///
/// ```swift
/// let check = BundleCheck(directory: url, bridgeAPI: BridgeAPI.version, api: BundleCheck.APIShape(BridgeAPI.described()))
/// for problem in check.problems { print(problem) }   // "screens/login.lua:3: 'end' expected near <eof>"
/// ```
/// Runs synchronously on the calling thread, with a throwaway Lua state.
public struct BundleCheck: Sendable {
    /// The problems found, in a stable order: the manifest's first, then the
    /// scripts' by path. Each names its file (and line, for scripts).
    public private(set) var problems: [String] = []
    /// What is worth fixing but does not fail the check, by path and line: pressable elements
    /// that a screen reader cannot name (`screens/home.lua:12: warning: Pressable has no
    /// accessibilityLabel and no text, ...`). Specs and mock API handlers are not linted.
    public private(set) var warnings: [String] = []
    /// The bundle-relative paths of the scripts compiled, sorted.
    public private(set) var scripts: [String] = []
    /// The manifest, when it could be read.
    public private(set) var manifest: BundleManifest?

    /// Checks the bundle at `directory` against `bridgeAPI` (a runtime's `BridgeAPI.version`);
    /// calls of bridge functions are checked against `api` when given.
    public init(directory: URL, bridgeAPI: String, api: APIShape? = nil) {
        self.init(directory: directory, bridgeAPI: bridgeAPI, acceptsBytecode: false, api: api)
    }

    /// Checks an opened bundle: its precompiled scripts compile when it is
    /// verified (a signed archive's) and are refused otherwise.
    public init(opening bundle: ScriptBundle, bridgeAPI: String, api: APIShape? = nil) {
        self.init(directory: bundle.root, bridgeAPI: bridgeAPI, acceptsBytecode: bundle.isVerified, api: api)
    }

    /// Checks a bundle; precompiled scripts compile only with `acceptsBytecode`
    /// (a verified archive's, checked by LunarArchive) and are refused otherwise.
    package init(directory: URL, bridgeAPI: String, acceptsBytecode: Bool, api: APIShape? = nil) {
        let root = directory.standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            problems.append("\(directory.path): no such bundle directory")
            return
        }
        scripts = Self.scripts(in: root)
        checkManifest(root: root, bridgeAPI: bridgeAPI)
        compileScripts(root: root, acceptsBytecode: acceptsBytecode, api: api)
    }

    /// Whether nothing is wrong.
    public var passed: Bool { problems.isEmpty }

    /// One line for the end of a report: `showcase: 7 scripts, 3 routes: no problems`.
    public var summary: String {
        let name = manifest?.name ?? "bundle"
        let routes = manifest?.routes.count ?? 0
        let counts = "\(scripts.count) script\(scripts.count == 1 ? "" : "s"), \(routes) route\(routes == 1 ? "" : "s")"
        let warned = warnings.isEmpty ? "" : warnings.count == 1 ? ", 1 warning" : ", \(warnings.count) warnings"
        switch problems.count {
        case 0: return "\(name): \(counts): no problems" + warned
        case 1: return "\(name): \(counts): 1 problem" + warned
        default: return "\(name): \(counts): \(problems.count) problems" + warned
        }
    }

    // MARK: - Manifest

    private mutating func checkManifest(root: URL, bridgeAPI: String) {
        let manifest: BundleManifest
        do {
            manifest = try BundleManifest.load(root: root)
        } catch {
            problems.append(error.message)
            return
        }
        self.manifest = manifest
        let router = Router()
        for (pattern, module) in manifest.routes.sorted(by: { $0.key < $1.key }) {
            do {
                _ = try router.add(pattern) { _ in true }
            } catch {
                problems.append("manifest.json: route '\(pattern)': \(error)")
            }
            if Self.moduleFile(module, in: root) == nil {
                let files = (try? ModulePath.candidates(forModule: module)) ?? []
                problems.append("manifest.json: route '\(pattern)' names module '\(module)', but there is no \(files.joined(separator: " or "))")
            }
        }
        if !router.canOpen(manifest.entry) {
            problems.append("manifest.json: entry '\(manifest.entry)' matches no route (routes: \(manifest.routes.keys.sorted().joined(separator: ", ")))")
        }
        do {
            try manifest.requireBridgeAPI(bridgeAPI)
        } catch {
            problems.append(error.message)
        }
    }

    /// The file `require(module)` loads inside the bundle, or nil.
    static func moduleFile(_ module: String, in root: URL) -> String? {
        ModulePath.file(forModule: module, in: root)
    }

    // MARK: - Scripts

    /// `file:line: message`, whether or not Lua's message already starts with the place.
    static func located(_ error: LuaScriptError, in script: String) -> String {
        guard let location = error.location else {
            return error.message.hasPrefix(script + ":") ? error.message : "\(script): \(error.message)"
        }
        return error.message.hasPrefix(location.description) ? error.message : "\(location): \(error.message)"
    }

    /// Every `.lua` file under `root`, relative and sorted, skipping hidden
    /// directories (`.lunar/types` holds stubs, not scripts).
    static func scripts(in root: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
        ) else { return [] }
        var found: [String] = []
        for case let url as URL in walker where url.pathExtension == "lua" {
            let path = url.standardizedFileURL.path
            if path.hasPrefix(root.path + "/") { found.append(String(path.dropFirst(root.path.count + 1))) }
        }
        return found.sorted()
    }

    private mutating func compileScripts(root: URL, acceptsBytecode: Bool, api: APIShape?) {
        guard !scripts.isEmpty else { return }
        let state: LuaState
        do { state = try LuaState(options: LuaStateOptions()) } catch {
            problems.append("lunar: cannot create a Lua state: \(error)")
            return
        }
        state.acceptsBinaryModules = acceptsBytecode
        var readings: [(script: String, reading: ScriptReading)] = []
        var compileProblems: [String: String] = [:]
        for script in scripts {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(script).path) else {
                compileProblems[script] = "\(script): cannot be read"
                continue
            }
            // Bytes, as require loads them: a comment or string literal need not be UTF-8.
            let chunk = LuaModuleChunk(bytes: data, chunkName: "@" + script)
            do {
                _ = try state.load(chunk: chunk)  // compiles only: nothing runs
            } catch {
                compileProblems[script] = Self.located(error, in: script)
                continue
            }
            guard !script.hasPrefix("spec/"), !script.hasPrefix("mock-api/"), !data.starts(with: [0x1B, 0x4C, 0x75, 0x61]) else { continue }
            let source = String(decoding: data, as: UTF8.self)
            for finding in AccessibilityLint.findings(in: source) {
                warnings.append("\(script):\(finding.line): warning: \(finding.message)")
            }
            readings.append((script, ScriptReading(source: source)))
        }
        // What every script adds (routes, module fields) before any is judged.
        var bundle = ScriptReading.Bundle(root: root, manifest: manifest, api: api, addedRoutes: [])
        for (_, reading) in readings {
            if let added = reading.addedRoutes, bundle.addedRoutes != nil { bundle.addedRoutes! += added } else { bundle.addedRoutes = nil }
            bundle.moduleAssignments.merge(reading.moduleAssignments) { $0.union($1) }
        }
        var readingProblems: [String: [String]] = [:]
        for (script, reading) in readings {
            readingProblems[script] = reading.problems(in: bundle).map { "\(script):\($0.line): \($0.message)" }
        }
        for script in scripts {
            if let problem = compileProblems[script] { problems.append(problem) }
            problems += readingProblems[script] ?? []
        }
    }
}
