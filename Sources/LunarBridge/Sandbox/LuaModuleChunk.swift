import Foundation

/// A module file as a ``LuaModuleLoader`` found it: Lua text, or a binary
/// chunk (bytecode from `lunar bundle --bytecode`).
public struct LuaModuleChunk: Sendable, Hashable {
    /// What every binary chunk starts with (`LUA_SIGNATURE`, "\u{1b}Lua").
    public static let binarySignature = Data([0x1B, 0x4C, 0x75, 0x61])

    /// The file's bytes.
    public var bytes: Data
    /// The chunk name, `@` + the bundle-relative path (`@screens/login.lua`).
    public var chunkName: String

    /// A chunk of `bytes` named `chunkName`.
    public init(bytes: Data, chunkName: String) {
        self.bytes = bytes
        self.chunkName = chunkName
    }

    /// Whether the bytes are bytecode. Text never starts with ESC in a
    /// loadable chunk, and Lua's own loader decides by the same first byte.
    public var isBinary: Bool { bytes.starts(with: Self.binarySignature) }
}
