import Foundation
import LunarBase
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import Testing


/// A bundle whose one route, `/home`, is the counter screen.
private func counterBundle() throws -> BundleDirectory {
    try BundleDirectory(files: ["manifest.json": BundleDirectory.manifest(), "screens/home.lua": counterScreen])
}

/// Collects what a session writes, for a test to wait on.
private final class Transcript: Sendable {
    private let text = Awaited("") { $0 }
    var value: String { text.read { $0 } }
    var sink: HeadlessSession.Sink { { line in self.text.update { $0 += line } } }

    /// Returns once the text contains `expected`; throws after 10 s.
    func wait(for expected: String) async throws {
        try await text.wait(for: expected.debugDescription, within: 10) { $0.contains(expected) ? () : nil }
    }
}

/// The headless session (`lunar run` / `lunar dev` without a terminal) driven from a test:
/// lines and bundle events through one stream, screens and diagnostics into strings.
@Suite struct HeadlessSessionTests {
    private func session(_ bundle: BundleDirectory, keepsGoing: Bool = false) throws -> (HeadlessSession, Transcript, Transcript) {
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: RuntimeOptions(clock: .virtual))
        let output = Transcript(), diagnostics = Transcript()
        return (HeadlessSession(runtime: runtime, keepsGoing: keepsGoing, output: output.sink, diagnostics: diagnostics.sink), output, diagnostics)
    }

    private func stream(_ inputs: [HeadlessSession.Input]) -> AsyncStream<HeadlessSession.Input> {
        AsyncStream { continuation in
            for input in inputs { continuation.yield(input) }
            continuation.finish()
        }
    }

    @Test func printsTheFirstScreenThenTheScreenAfterEachCommand() async throws {
        let b = try counterBundle()
        defer { b.remove() }
        let (session, output, diagnostics) = try session(b)
        try await session.run(stream([.line("# a comment"), .line(""), .line("tap Add")]))
        #expect(output.value.hasPrefix("== Counter ==\n"))
        #expect(output.value.contains("\n> tap Add\n== Counter ==\nColumn\n  Text \"Count: 1\""))
        #expect(diagnostics.value.isEmpty)
    }

    @Test func snapshotFramesPrintsEachElementsFrame() async throws {
        let b = try counterBundle()
        defer { b.remove() }
        let (session, output, diagnostics) = try session(b)
        try await session.run(stream([.line("snapshot frames"), .line("snapshot")]))
        #expect(output.value.contains("""
            > snapshot frames
            == Counter ==
            Column @0,0 390x844
              Text "Count: 0" @0,0 390x16
              Button "Add" @0,16 390x16

            > snapshot
            == Counter ==
            Column
              Text "Count: 0"
              Button "Add"

            """))
        #expect(diagnostics.value.isEmpty)
    }

    @Test func theFirstFailingCommandEndsARunAndIsReportedOnceInADevSession() async throws {
        let b = try counterBundle()
        defer { b.remove() }
        let (run, output, _) = try session(b)
        let failure = await #expect(throws: MessageError.self) {
            try await run.run(stream([.line("tap Add"), .line("open /nowhere"), .line("tap Add")]))
        }
        #expect(failure?.description == "line 2: open /nowhere: no route matches", "the command once, then why")
        #expect(!output.value.contains("Count: 2"), "nothing runs after the failure")

        let (dev, devOutput, diagnostics) = try session(b, keepsGoing: true)
        try await dev.run(stream([.line("frobnicate"), .line("tap Add")]))
        #expect(diagnostics.value == "lunar: line 1: unknown command 'frobnicate' (open, type, clear, submit, tap, longpress, pressin, pressout, toggle, scroll, back, appearance, resize, wait, snapshot)\n")
        #expect(devOutput.value.contains("Text \"Count: 1\""), "the session went on")
    }

    @Test func savedFilesReloadBetweenCommandsAndSayWhatHappened() async throws {
        let b = try counterBundle()
        defer { b.remove() }
        let (session, output, diagnostics) = try session(b, keepsGoing: true)
        let (inputs, feed) = AsyncStream<HeadlessSession.Input>.makeStream()
        let running = Task { try await session.run(inputs) }
        feed.yield(.line("tap Add"))
        try b.write("screens/home.lua", counterScreen.replacingOccurrences(of: "\"Count: \"", with: "\"Total: \""))
        feed.yield(.bundle(.changed(["screens/home.lua"])))
        feed.yield(.bundle(.changed(["mock-api/GET/x.json", "spec/home_spec.lua"])))
        // The session reloads on its own task: the next save waits until this one is applied.
        try await diagnostics.wait(for: "lunar: reloaded screens/home.lua\n")
        try b.write("screens/home.lua", "local screen = {\nreturn screen\n")
        feed.yield(.bundle(.changed(["screens/home.lua"])))
        feed.yield(.bundle(.notice("lost the dev server (closed); reconnecting")))
        feed.yield(.line("snapshot"))
        feed.finish()
        try await running.value
        let lines = diagnostics.value.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "nothing for files that are not app code: \(lines)")
        #expect(lines.first == "lunar: reloaded screens/home.lua")
        #expect(lines.dropFirst().first?.hasPrefix("lunar: reload failed: screens/home.lua:2: ") == true, "file:line of the failure: \(lines)")
        #expect(lines.dropFirst().first?.hasSuffix("; the app keeps running") == true)
        #expect(lines.last == "lunar: lost the dev server (closed); reconnecting")
        #expect(output.value.contains("> snapshot\n"))
        #expect(output.value.contains("at screens/home.lua:2"), "the failing file's overlay")
    }
}
