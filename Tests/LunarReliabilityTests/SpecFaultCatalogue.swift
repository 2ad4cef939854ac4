import Foundation
import LunarBridge
import LunarBundle
import LunarRuntime
import LunarSpecs
import Testing

/// The fault catalogue, part 5: a fault in a Lua spec (`lunar test`). Each fails its own test
/// with the spec's `file:line`, and the next test in the same file still runs and passes.
@Suite struct SpecFaultCatalogue {
    struct SpecFault: Sendable, CustomTestStringConvertible {
        let name: String
        /// The body of the first `it`, with the fault marked.
        let body: String
        /// Where the fault goes: in the `it` body, or in a `before_each` (every test fails then).
        var inHook = false
        let says: String
        var testDescription: String { name }
    }

    static let faults: [SpecFault] = [
        SpecFault(name: "failing expectation", body: "expect(1 + 1):toBe(3)", says: "expected"),
        SpecFault(name: "Lua error in a test", body: #"error("boom")"#, says: "boom"),
        SpecFault(name: "nil index in a test", body: "local t = nil local x = t.field", says: "attempt to index a nil value"),
        SpecFault(name: "infinite loop in a test", body: "while true do end", says: "instruction budget exceeded"),
        SpecFault(name: "Lua error in before_each", body: #"error("setup broke")"#, inHook: true, says: "setup broke"),
    ]

    @Test(arguments: faults)
    func specFaultFailsItsTestAtItsLine(_ fault: SpecFault) async throws {
        let faulty = fault.body + " " + FaultPlace.marker
        let spec = """
            describe("faults", function()
              \(fault.inHook ? "before_each(function()\n    \(faulty)\n  end)" : "")
              it("has the fault", function()
                \(fault.inHook ? "expect(true):toBe(true)" : faulty)
              end)
              it("runs after it", function()
                app.open("/navPush/probe")
                app.tap("Bump")
                expect(app.screen()):toContain('Text "taps 1"')
              end)
            end)
            """
        let line = spec.lineNumber(of: FaultPlace.marker)!
        let app = try await FaultApp(files: [:])
        // A spec needs a fresh runtime of the same bundle.
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: app.root), options: RuntimeOptions(
            lua: LuaStateOptions(memoryLimit: FaultApp.memoryLimit, instructionBudget: FaultApp.budget), clock: .virtual,
            storageDirectory: app.root.appendingPathComponent(".spec-storage")))
        try FileManager.default.createDirectory(at: app.root.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try spec.write(to: app.root.appendingPathComponent("spec/faults_spec.lua"), atomically: true, encoding: .utf8)
        let result = await runtime.runSpecFile("spec/faults_spec.lua", waitTimeout: 5)
        #expect(result.loadError == nil)
        #expect(result.cases.count == 2)
        let first = result.cases.first?.failures.joined(separator: "\n") ?? ""
        #expect(first.contains("spec/faults_spec.lua:\(line):"), "failures: \(first)")
        #expect(first.contains(fault.says), "failures: \(first)")
        if fault.inHook {
            #expect(result.cases.last?.passed == false, "before_each runs for every test")
        } else {
            #expect(result.cases.last?.passed == true, "\(result.cases.last?.failures ?? [])")
        }
    }
}
