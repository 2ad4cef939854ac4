import CLunar
import Foundation

/// Compiling to bytecode and loading it back: what signed bundles with
/// precompiled scripts need. `package` access: bytecode is trusted only
/// through LunarArchive's verifier, never by a host directly.
extension LuaState {
    /// Compiles `source` (Lua text as bytes, as ``LuaState/load(_:name:)`` reads them) and dumps it as a binary chunk with its debug
    /// information (line numbers, local names) kept, so errors from the
    /// bytecode still say `file:line`. The chunk name (`@screens/login.lua`)
    /// is stored in the chunk. Nothing runs.
    package func compileToBytecode(_ source: Data, name: String) throws(LuaScriptError) -> Data {
        let status = source.withUnsafeBytes { loadText($0, name: name, on: L) }
        if status != LUA_OK { throw popError(status: status, on: L, fresh: false) }
        var bytes: UnsafeMutablePointer<CChar>?
        var size = 0
        let dumped = lunar_dump(L, &bytes, &size)
        guard dumped == LUA_OK else {
            let error = popError(status: dumped, on: L, fresh: false)
            lua_settop(L, -2)
            throw error
        }
        lua_settop(L, -2)  // the compiled function
        defer { free(bytes) }
        guard let bytes else { return Data() }
        return Data(bytes: bytes, count: size)
    }

    /// Compiles a module file as `require` would: bytecode only when the state
    /// accepts binary modules, text otherwise. Nothing runs.
    package func load(chunk: LuaModuleChunk) throws(LuaScriptError) -> LuaFunction {
        drainReleases()
        if chunk.isBinary && !acceptsBinaryModules {
            let file = String(chunk.chunkName.dropFirst())
            let message = "\(file): bytecode is refused: precompiled chunks are only loaded from a verified bundle"
            throw LuaScriptError(kind: .syntax, message: message, location: nil, traceback: nil, value: .string(message))
        }
        let status = loadChunk(chunk.bytes, name: chunk.chunkName, binary: chunk.isBinary, on: L)
        if status != LUA_OK { throw popError(status: status, on: L, fresh: false) }
        return LuaFunction(reference: makeReference(L))
    }

    /// Loads `bytes` in mode "b" (binary) or "t" (text); the function or the
    /// error message is on top of `L`.
    func loadChunk(_ bytes: Data, name: String, binary: Bool, on L: OpaquePointer) -> Int32 {
        let mode = binary ? "b" : "t"
        return bytes.withUnsafeBytes { raw in
            lunar_loadchunk(L, raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count, name, mode)
        }
    }

    /// Loads a module's chunk as ``loadChunk(_:name:binary:on:)`` does: true with the function
    /// on top of `L`, false with the error message there.
    func pushesChunk(_ bytes: Data, name: String, binary: Bool, on L: OpaquePointer) -> Bool {
        loadChunk(bytes, name: name, binary: binary, on: L) == LUA_OK
    }

    /// Loads Lua text as ``loadText(_:name:on:)`` does: true with the function on top of `L`,
    /// false with the error message there.
    func pushesText(_ text: UnsafeRawBufferPointer, name: String, on L: OpaquePointer) -> Bool {
        loadText(text, name: name, on: L) == LUA_OK
    }
}

extension LuaState {
    /// The Lua release whose bytecode this runtime loads (`Lua 5.4`): a
    /// precompiled bundle records it, and another release is refused.
    package static var bytecodeRelease: String { "Lua \(LUA_VERSION_NUM / 100).\(LUA_VERSION_NUM % 100)" }
}
