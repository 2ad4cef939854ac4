import Foundation
import Testing

@Suite struct EmbeddingExampleTests {
    @Test func theEmbeddingExampleRunsItsModuleAndRenderer() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("EmbeddingExample")
        let p = Process()
        p.executableURL = binary
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(text.contains("[renderer] push s1 Greeter"))
        #expect(text.contains("Text \"Hello, stranger!\""))
        #expect(text.contains("Text \"Hello, Ada, from an async Swift function!\""))
    }

    /// A host's own modules: the host writes their stubs through LuaTypeDefinitions(BridgeAPI.described(hostModules:)).
    @Test func theEmbeddingExampleWritesStubsForItsModules() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("EmbeddingExample")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-host-types-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let p = Process()
        p.executableURL = binary
        p.arguments = ["types", dir.path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let types = dir.appendingPathComponent(".lunar/types")
        let stub = try String(contentsOf: types.appendingPathComponent("native/greeter.lua"), encoding: .utf8)
        #expect(stub.contains("---`require(\"native.greeter\")`: Greetings from the host.\n"))
        #expect(stub.contains("---A greeting for name.\n---@param name string\n---@return string\nfunction native_greeter.hello(name) end"))
        #expect(FileManager.default.fileExists(atPath: types.appendingPathComponent("lunar/ui.lua").path))
        let version = try String(contentsOf: types.appendingPathComponent("bridge-api.txt"), encoding: .utf8)
        #expect(text == "bridge API \(version)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(".luarc.json").path))
    }
}
