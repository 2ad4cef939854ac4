import Foundation
import Testing

/// The command line's edges a new user meets first (issue 22).
@Suite struct CommandEdgeTests {
    @Test func versionNamesTheReleaseAndTheBridgeAPI() throws {
        let run = try LunarProcess.run(["--version"])
        #expect(run.status == 0)
        let line = run.out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.range(of: #"^lunar \d+\.\d+\.\d+ \(bridge API [0-9a-f]{16}\)$"#, options: .regularExpression) != nil, "\(line)")
    }

    @Test func aMistypedSubcommandGetsASuggestion() throws {
        let typo = try LunarProcess.run(["rnu", "Examples/Showcase"])
        #expect(typo.status == 64)
        #expect(typo.err == "lunar: unknown subcommand 'rnu' (did you mean 'run'?); `lunar --help` lists them\n")
        let unknown = try LunarProcess.run(["frobnicate"])
        #expect(unknown.err == "lunar: unknown subcommand 'frobnicate'; `lunar --help` lists them\n")
    }

    @Test func aHeadlessCommandErrorSaysItsLineOnce() throws {
        let run = try LunarProcess.run(["run", ToolsTests.showcase.path, "--no-mock-api"], stdin: "open /nowhere\n")
        #expect(run.err.contains("lunar: line 1: open /nowhere: no route matches\n"), "\(run.err)")
    }
}
