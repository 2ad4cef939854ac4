import Foundation
import LunarBundle
import LunarSpecs
import LunarTestSupport
import Testing

/// The spec runner on a bundle of its own (real Lua, a fresh runtime per file), and the three
/// report formats it writes.
@Suite struct SpecRunnerTests {
    static let screen = """
        local ui = require("lunar.ui")
        local screen = { title = "Home" }
        function screen:load() self.count = 0 end
        function screen:render()
          return ui.Column {
            ui.Text { id = "count", text = "Count: " .. self.count },
            ui.Button { title = "Add", onPress = function() self.count = self.count + 1 end },
          }
        end
        return screen
        """

    static func bundle() throws -> BundleDirectory {
        try BundleDirectory(files: [
            "manifest.json": BundleDirectory.manifest(),
            "screens/home.lua": screen,
            "spec/home_spec.lua": """
                describe("home", function()
                  it("counts taps", function()
                    app.tap("Add")
                    expect(app.screen()):toContain("Count: 1")
                  end)
                  it("fails on purpose", function()
                    expect(app.title()):toBe("Elsewhere")
                  end)
                  it("waits for a fix", function() pending("flaky") end)
                end)
                """,
            "spec/broken_spec.lua": "describe(\"broken\", function(\n",
        ])
    }

    @Test func eachFileRunsAndReportsPassedFailedAndPending() async throws {
        let directory = try Self.bundle()
        defer { directory.remove() }
        let runner = SpecRunner(bundle: try ScriptBundle(directory: directory.root))
        #expect(runner.files == ["spec/broken_spec.lua", "spec/home_spec.lua"])
        let results = await runner.run()
        let home = try #require(results.first { $0.file == "spec/home_spec.lua" })
        #expect(home.passedCount == 1)
        #expect(home.failedCount == 1)
        #expect(home.pendingCount == 1)
        let failure = try #require(home.cases.first { !$0.failures.isEmpty })
        #expect(failure.fullName == "home fails on purpose")
        #expect(failure.failures.joined().contains("Elsewhere"))
        let broken = try #require(results.first { $0.file == "spec/broken_spec.lua" })
        #expect(broken.loadError?.contains("spec/broken_spec.lua:") == true)
    }

    @Test func theFilterRunsOnlyMatchingTests() async throws {
        let directory = try Self.bundle()
        defer { directory.remove() }
        let runner = SpecRunner(bundle: try ScriptBundle(directory: directory.root), filter: "counts")
        let home = await runner.run("spec/home_spec.lua")
        #expect(home.cases.map(\.fullName) == ["home counts taps"])
        #expect(home.passedCount == 1)
    }

    /// A home screen that counts taps and scrolls, a second screen to open, and a spec file whose
    /// first tests write storage, scroll and navigate: the next tests see none of it, unless
    /// their group shares its app.
    static func freshAppBundle() throws -> BundleDirectory {
        let steps = """
              storage.set("seen", true)
              app.tap("Add")
              app.scroll("rows", 120)
              app.open("/detail")
              expect(app.title()):toBe("Detail")
            """
        return try BundleDirectory(files: [
            "manifest.json": BundleDirectory.manifest(routes: ["/home": "screens.home", "/detail": "screens.detail"]),
            "screens/home.lua": """
                local ui = require("lunar.ui")
                local screen = { title = "Home" }
                function screen:load() self.count = 0 end
                function screen:render()
                  return ui.ScrollView { id = "rows",
                    ui.Text { text = "Count: " .. self.count },
                    ui.Button { title = "Add", onPress = function() self.count = self.count + 1 end },
                  }
                end
                return screen
                """,
            "screens/detail.lua": """
                local ui = require("lunar.ui")
                return { title = "Detail", render = function() return ui.Text "Detail" end }
                """,
            "spec/fresh_spec.lua": """
                local storage = require("lunar.storage")
                local started = 0
                before_each(function() started = started + 1 end)
                describe("own apps", function()
                  it("writes, scrolls and navigates", function()
                \(steps)
                  end)
                  it("starts from a fresh app", function()
                    expect(started):toBe(2)
                    expect(app.title()):toBe("Home")
                    expect(#app.stack()):toBe(1)
                    expect(storage.get("seen")):toBeNil()
                    expect(app.screen()):toContain("Count: 0")
                    expect(app.screen()).never:toContain("offset=")
                  end)
                end)
                describe("one app", { sharedApp = true }, function()
                  it("writes, scrolls and navigates", function()
                    expect(storage.get("seen")):toBeNil()
                \(steps)
                  end)
                  describe("nested", function()
                    it("sees all of it", function()
                      expect(app.title()):toBe("Detail")
                      expect(storage.get("seen")):toBe(true)
                      app.back()
                      expect(app.screen()):toContain("Count: 1")
                      expect(app.screen()):toContain("offset=120")
                    end)
                  end)
                end)
                """,
        ])
    }

    @Test func eachTestStartsFromAFreshAppUnlessItsGroupSharesOne() async throws {
        let directory = try Self.freshAppBundle()
        defer { directory.remove() }
        let result = await SpecRunner(bundle: try ScriptBundle(directory: directory.root)).run("spec/fresh_spec.lua")
        #expect(result.loadError == nil)
        #expect(result.cases.map(\.fullName) == [
            "own apps writes, scrolls and navigates", "own apps starts from a fresh app",
            "one app writes, scrolls and navigates", "one app nested sees all of it",
        ])
        for test in result.cases { #expect(test.failures.isEmpty, "\(test.fullName): \(test.failures)") }
        #expect(result.passedCount == 4)
    }

    @Test func anErrorWhileTheOldScreensCloseFailsTheTestThatWasToStart() async throws {
        let directory = try BundleDirectory(files: [
            "manifest.json": BundleDirectory.manifest(),
            "screens/home.lua": """
                local ui = require("lunar.ui")
                local screen = { title = "Home" }
                function screen:unload() error("unload broke") end
                function screen:render() return ui.Text "Home" end
                return screen
                """,
            "spec/unload_spec.lua": """
                it("first", function() end)
                it("second", function() end)
                """,
        ])
        defer { directory.remove() }
        let result = await SpecRunner(bundle: try ScriptBundle(directory: directory.root)).run("spec/unload_spec.lua")
        #expect(result.cases.map(\.failures.count) == [0, 1])
        let failure = result.cases.last?.failures.first ?? ""
        #expect(failure.hasPrefix("script error while starting a fresh app: screens/home.lua:3: unload broke"), "\(failure)")
    }

    @Test func describeRefusesAnUnknownOption() async throws {
        let directory = try BundleDirectory(files: [
            "manifest.json": BundleDirectory.manifest(),
            "screens/home.lua": Self.screen,
            "spec/options_spec.lua": """
                describe("shared", { shared = true }, function()
                  it("never runs", function() end)
                end)
                """,
        ])
        defer { directory.remove() }
        let result = await SpecRunner(bundle: try ScriptBundle(directory: directory.root)).run("spec/options_spec.lua")
        #expect(result.loadError == "spec/options_spec.lua:1: describe(name, options, fn): no option \"shared\" (options: sharedApp)")
    }

    static let results = [
        SpecFileResult(file: "spec/a_spec.lua", cases: [
            SpecCaseResult(names: ["a", "works"], failures: [], duration: 0.0134),
            SpecCaseResult(names: ["a", "breaks"], failures: ["expected 1\nto be 2"], duration: 0.002),
            SpecCaseResult(names: ["a", "later"], failures: [], duration: 0, pending: "flaky #4"),
        ]),
        SpecFileResult(file: "spec/b_spec.lua", loadError: "spec/b_spec.lua:1: unexpected symbol"),
    ]

    @Test func textReportIsATreeWithCounts() {
        var report = SpecReport(format: .text)
        let text = report.header() + Self.results.map { report.section(for: $0) }.joined() + report.footer(Self.results)
        #expect(text == """
            spec/a_spec.lua
              a
                ✓ works (13 ms)
                ✗ breaks (2 ms)
                    expected 1
                    to be 2
                ○ later (pending: flaky #4)
            spec/b_spec.lua
              ✗ (loading the file)
                  spec/b_spec.lua:1: unexpected symbol

            1 passed, 2 failed, 1 pending

            """)
    }

    @Test func tapReportNumbersEveryTestAndEscapesDirectives() {
        var report = SpecReport(format: .tap)
        let text = report.header() + Self.results.map { report.section(for: $0) }.joined() + report.footer(Self.results)
        #expect(text.hasPrefix("TAP version 13\nok 1 - spec/a_spec.lua: a > works\n"))
        #expect(text.contains("not ok 2 - spec/a_spec.lua: a > breaks\n  ---\n  duration_ms: 2.0\n  message: |\n    expected 1\n    to be 2\n  ...\n"))
        #expect(text.contains("ok 3 - spec/a_spec.lua: a > later # SKIP flaky \\#4\n"))
        #expect(text.contains("not ok 4 - spec/b_spec.lua (loading the file)\n"))
        #expect(text.hasSuffix("1..4\n# 1 passed, 2 failed, 1 pending\n"))
    }

    @Test func junitReportEscapesAndCountsPerFile() {
        var report = SpecReport(format: .junit)
        #expect(Self.results.map { report.section(for: $0) }.joined().isEmpty)
        let xml = report.footer(Self.results)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"lunar test\" tests=\"4\" failures=\"1\" errors=\"1\" skipped=\"1\""))
        #expect(xml.contains("<failure message=\"expected 1\">expected 1\nto be 2</failure>"))
        #expect(xml.contains("<skipped message=\"flaky #4\"/>"))
        #expect(xml.contains("<error message=\"spec/b_spec.lua:1: unexpected symbol\">"))
    }
}
