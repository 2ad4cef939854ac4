import Foundation
import LunarBridge
import LunarTestSupport
import Testing

/// Lua text is bytes: a byte that is not UTF-8, in a comment or a string literal, loads as it
/// does in stock Lua (issue 22: `lunar exec` refused such a file).
@Suite struct SourceBytesTests {
    /// `-- café` and `return "déj", 1`, in Latin-1 (é is the single byte 0xE9).
    static let latin1 = Data("-- caf".utf8) + Data([0xE9]) + Data("\nreturn \"d".utf8) + Data([0xE9]) + Data("j\", 1\n".utf8)
    static let expected: [LuaValue] = [.bytes([0x64, 0xE9, 0x6A]), .integer(1)]

    @Test func textWithANonUTF8ByteLoads() throws {
        let state = try LuaState()
        let chunk = try state.load(Self.latin1, name: "@latin1.lua")
        #expect(try state.callReturningAll(chunk, []) == Self.expected)
    }

    @Test func aSyntaxErrorInByteTextStillSaysFileAndLine() throws {
        let state = try LuaState()
        let source = Data("-- caf".utf8) + Data([0xE9]) + Data("\nx = = 1\n".utf8)
        #expect {
            _ = try state.load(source, name: "@bad.lua")
        } throws: { error in
            (error as? LuaScriptError)?.message.hasPrefix("bad.lua:2:") == true
        }
    }

    @Test func runFileReadsTheFileAsBytes() async throws {
        let dir = try makeTemporaryDirectory("lunar-bytes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("latin1.lua")
        try Self.latin1.write(to: file)
        let engine = try LuaEngine(moduleRoot: dir)
        #expect(try await engine.runFile(file) == Self.expected)
    }
}
