import Foundation
import LunarBase
import LunarBridge
import LunarRuntime
import Synchronization

/// `lunar exec`: runs one script (a file, or code given on the command line) in a sandboxed
/// engine with every module, waits for its pending work (awaited calls, callbacks, timers,
/// requests) like node does, and says whether any error went uncaught. `lunar.storage` keeps
/// its file in `$LUNAR_STORAGE_DIR`, or in a folder named after the script's directory.
public struct ExecSession: Sendable {
    /// What to run.
    public enum Script: Sendable {
        /// A Lua file (text or bytes; its directory is where `require` looks).
        case file(String)
        /// Code from the command line (`require` looks in the current directory).
        case code(String)
    }

    public var script: Script
    public var options: LuaStateOptions

    public init(_ script: Script, options: LuaStateOptions = LuaStateOptions()) {
        self.script = script
        self.options = options
    }

    /// Runs the script and its pending work, reporting every error on standard error as one
    /// `lunar:` line (`file:line: message`); true when none was reported. The engine is
    /// stopped, and its state closed, before this returns.
    /// - Throws: `MessageError` when the engine cannot be made.
    public func run() async throws -> Bool {
        let (executor, failed) = try await execute()
        // The engine is gone with `execute`'s frame; its executor drops the state as it
        // stops: let it, before the process exits.
        if !executor.waitUntilStopped(timeout: RuntimeScope.stopTimeout) {
            SessionOutput.error("lunar: the script's Lua state did not close within \(Int(RuntimeScope.stopTimeout)) s; exiting without it\n")
        }
        return !failed
    }

    /// Runs the script and waits for its work; returns the executor of the engine it dropped
    /// and whether any error was reported.
    private func execute() async throws -> (executor: LuaExecutor, failed: Bool) {
        let root: URL
        switch script {
        case .file(let file): root = URL(fileURLWithPath: file).deletingLastPathComponent()
        case .code: root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        }
        let engine: LuaEngine
        do {
            engine = try await ScriptModules.engine(forScriptsIn: root, options: options)
        } catch {
            throw MessageError("\(error)")
        }
        let failures = Atomic<Int>(0)
        let failed: @Sendable (String) -> Void = { line in
            failures.add(1, ordering: .relaxed)
            SessionOutput.error("lunar: \(line)\n")
        }
        await engine.withState { state in
            state.errorHandler = { error in failed("uncaught error: " + error.report) }
        }
        do {
            switch script {
            case .code(let code):
                try await engine.runMain(code, name: "=(command line)")
            case .file(let file):
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue,
                      FileManager.default.isReadableFile(atPath: file) else {
                    throw MessageError("cannot read \(file): \(isDirectory.boolValue ? "it is a directory" : "no such readable file")")
                }
                try await engine.runFile(URL(fileURLWithPath: file))
            }
        } catch let error as LuaScriptError {
            failed(error.report)
        } catch {
            failed("\(error)")
        }
        await engine.waitUntilIdle()
        return (engine.executor, failures.load(ordering: .relaxed) > 0)
    }
}
