import CLunar
import Foundation

/// Which parts of the standard library scripts get. The default is the safe
/// subset: no `io`, no `debug`, no `os.execute`/`os.exit`/`os.remove`/..., no
/// `dofile`/`loadfile`, no `package.loadlib`, no `string.dump`, no binary
/// chunks, no `__gc` metamethods. Each refused function raises a clear error
/// naming itself. A host widens the sandbox explicitly.
public struct LuaSandbox: Sendable, Hashable {
    /// Standard-library capabilities beyond the safe subset.
    public enum Capability: String, Sendable, Hashable, CaseIterable {
        /// The `io` library, `dofile` and `loadfile`.
        case io
        /// The `debug` library.
        case debug
        /// `os.execute`, `os.exit`, `os.remove`, `os.rename`, `os.tmpname`, `os.getenv`, `os.setlocale`.
        case os
        /// `string.dump` and loading binary chunks.
        case bytecode
        /// `collectgarbage` options that change the collector (`stop`, `generational`, ...).
        case collector
        /// `__gc` metamethods on tables. Lua runs finalizers with hooks off, so neither the
        /// instruction budget nor an interrupt can stop a finalizer that loops.
        case finalizers
    }

    public var capabilities: Set<Capability>

    public init(capabilities: Set<Capability> = []) { self.capabilities = capabilities }

    /// The safe subset.
    public static let `default` = LuaSandbox()
    /// Everything the standard library has.
    public static let unrestricted = LuaSandbox(capabilities: Set(Capability.allCases))
}

/// Resolves `require` names to Lua source inside a module root.
public protocol LuaModuleLoader: AnyObject {
    /// The source and chunk name (`@screens/login.lua`) for `name`, nil if absent.
    /// Throws for names that are refused (paths leaving the root).
    func source(forModule name: String) throws -> (source: String, chunkName: String)?

    /// The chunk `require(name)` loads: text, or bytecode that the state loads
    /// only when it accepts binary modules (a verified bundle). The default
    /// is ``source(forModule:)`` as text.
    func chunk(forModule name: String) throws -> LuaModuleChunk?
}

extension LuaModuleLoader {
    /// ``source(forModule:)`` as a text chunk.
    public func chunk(forModule name: String) throws -> LuaModuleChunk? {
        try source(forModule: name).map { LuaModuleChunk(bytes: Data($0.source.utf8), chunkName: $0.chunkName) }
    }
}

extension LuaState {
    func installSandbox(_ sandbox: LuaSandbox) throws {
        // print goes to the host's output.
        setGlobal("print", makeFunction(named: "print") { frame in
            var parts: [String] = []
            for i in 1...max(1, frame.argumentCount) where i <= frame.argumentCount {
                parts.append(LuaValue.readLossy(from: frame.stack, at: i).description)
            }
            let text = parts.joined(separator: "\t") + "\n"
            frame.state.output(text)
            if let observer = frame.state.printObserver { observer(text, frame.stack.callerLocation()) }
            return .results(0)
        })
        setGlobal("__lunar_searcher", makeFunction(named: "require") { frame in
            let name: String = try frame.argument(1)
            return try frame.state.search(module: name, frame: frame)
        })
        var allowed = LuaTable()
        for c in sandbox.capabilities { allowed[c.rawValue] = .boolean(true) }
        let prelude = try load(Self.sandboxPrelude)
        do { _ = try callReturningAll(prelude, [.table(allowed)]) } catch {
            throw LuaStateError("sandbox set-up failed: \(error.report)")
        }
    }

    /// The package searcher: built-in and host modules first, then the module root.
    func search(module name: String, frame: LuaCallFrame) throws -> LuaReturn {
        if modules[name] != nil {
            let moduleName = name
            pushFunction(named: "require", on: frame.stack.L) { f in
                guard f.state.pushModuleTable(moduleName, on: f.stack.L) else {
                    throw LuaError.message("module '\(moduleName)' disappeared")
                }
                return .results(1)
            }
            (":" + name).push(to: frame.stack)
            return .results(2)
        }
        if let source = sourceModules[name] {
            var text = source.text
            let L = frame.stack.L
            let loaded = text.withUTF8 { pushesText(UnsafeRawBufferPointer($0), name: "=" + name, on: L) }
            if !loaded { return .raiseTop }
            (":" + name).push(to: frame.stack)
            return .results(2)
        }
        guard let loader = moduleLoader else {
            "\n\tno module '\(name)' (no module root is set)".push(to: frame.stack)
            return .results(1)
        }
        let found: LuaModuleChunk?
        do {
            found = try loader.chunk(forModule: name)
        } catch LuaError.message(let message) {
            // A refused module (a link, a path) names the require's line: level 1 is `require`
            // itself (C), level 2 the Lua code calling it. Called from C (a pcall), the message
            // stays as it is for that caller to place.
            guard let place = frame.stack.callerLocation(level: 2) else { throw LuaError.message(message) }
            throw LuaError.value(.string("\(place): \(message)"))
        }
        guard let chunk = found else {
            "\n\tno file for module '\(name)' in the bundle".push(to: frame.stack)
            return .results(1)
        }
        let file = String(chunk.chunkName.dropFirst())
        if chunk.isBinary && !acceptsBinaryModules {
            throw LuaError.message("\(file): bytecode is refused: precompiled chunks are only loaded from a verified bundle")
        }
        guard pushesChunk(chunk.bytes, name: chunk.chunkName, binary: chunk.isBinary, on: frame.stack.L) else {
            return .raiseTop  // the syntax error message is on top
        }
        file.push(to: frame.stack)
        return .results(2)
    }

    static let sandboxPrelude = LuaSource("lunar.sandbox", embedded: PackageResources.sandbox_lua)
}
