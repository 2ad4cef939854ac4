import Foundation
import LunarBridge

/// Compiles bundle scripts to Lua bytecode with the real Lua compiler
/// (`lua_dump`), keeping debug information so errors in the bytecode still
/// say `screens/login.lua:12`. Chunk names stay bundle-relative.
struct BytecodeCompiler {
    private let state: LuaState

    init() throws(BundleArchiveError) {
        do { state = try LuaState(options: LuaStateOptions()) } catch {
            throw BundleArchiveError(.invalidBundle, "cannot create a Lua state to compile with: \(error)")
        }
    }

    /// The bytecode of the script at bundle-relative `path`.
    func compile(_ source: Data, path: String) throws(BundleArchiveError) -> Data {
        do {
            return try state.compileToBytecode(source, name: "@" + path)
        } catch {
            throw BundleArchiveError(.invalidBundle, "\(path): \(error.message)")
        }
    }
}
