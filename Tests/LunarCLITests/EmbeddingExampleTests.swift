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
}
