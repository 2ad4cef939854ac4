import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The spec language past describe/it/expect, through the real binary: toThrow, spies and
/// stubs, pending tests, setup/teardown, snapshots, timings, table differences, --watch.
@Suite struct SpecToolingTests {
    /// The login bundle of ``TestCommandTests`` plus a plain Lua module specs spy on.
    static func makeBundle(specs: [String: String]) throws -> URL {
        try TestCommandTests.makeBundle(specs: specs.merging([
            "lib/greeter.lua": """
                local M = {}
                function M.greet(name) return "Hello, " .. name end
                function M.twice(name) return M.greet(name) .. " " .. M.greet(name) end
                return M
                """,
        ]) { $1 })
    }

    /// Durations vary: each `(12 ms)` becomes `(T ms)` and each `duration_ms: 12.3` becomes `duration_ms: T`.
    static func timeless(_ text: String) -> String {
        text.replacing(/\(\d+ ms\)/, with: "(T ms)").replacing(/duration_ms: \d+\.\d/, with: "duration_ms: T")
    }

    @Test func toThrowMatchesPlainTextInTheMessage() throws {
        let dir = try Self.makeBundle(specs: ["spec/throw_spec.lua": #"""
            describe("toThrow", function()
              it("passes", function()
                expect(function() error("boom") end):toThrow()
                expect(function() error("boom at the door") end):toThrow("boom at")
                expect(function() error("boom") end).toThrow("throw_spec.lua:5: boom")
                expect(function() local t = nil; return t.x end):toThrow("attempt to index a nil value (local 't')")
                expect(function() error({ message = "a table error" }) end):toThrow("table error")
                expect(function() end).never:toThrow()
                expect(function() error("other") end).never:toThrow("boom")
                expect(function() app.tap("Nope") end):toThrow('no button "Nope"')
              end)
              it("fails when nothing is thrown", function()
                expect(function() end):toThrow("boom")
              end)
              it("fails when the message differs", function()
                expect(function() error("other", 0) end):toThrow("boom")
              end)
              it("fails negated when it throws", function()
                expect(function() error("boom", 0) end).never:toThrow()
              end)
              it("needs a function", function()
                expect(42).never:toThrow()
              end)
            end)
            """#])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path])
        #expect(r.status == 1)
        #expect(Self.timeless(r.out) == """
            spec/throw_spec.lua
              toThrow
                ✓ passes (T ms)
                ✗ fails when nothing is thrown (T ms)
                    spec/throw_spec.lua:13: expected the function to throw an error containing "boom", but it returned
                ✗ fails when the message differs (T ms)
                    spec/throw_spec.lua:16: expected the function to throw an error containing "boom", but it threw "other"
                ✗ fails negated when it throws (T ms)
                    spec/throw_spec.lua:19: expected the function not to throw, but it threw "boom"
                ✗ needs a function (T ms)
                    spec/throw_spec.lua:22: toThrow() takes a function to call, got 42

            1 passed, 4 failed

            """)
    }

    @Test func spiesRecordStubAndRestore() throws {
        let dir = try Self.makeBundle(specs: ["spec/spy_spec.lua": #"""
            local greeter = require("lib.greeter")
            local storage = require("lunar.storage")

            describe("spies", function()
              it("call through and record calls", function()
                local s = spy.on(greeter, "greet")
                expect(greeter.twice("ann")):toBe("Hello, ann Hello, ann")
                expect(s):toHaveBeenCalled()
                expect(s):toHaveBeenCalledTimes(2)
                expect(greeter.greet):toHaveBeenCalledWith("ann")
                expect(s).never:toHaveBeenCalledWith("bob")
                expect(s.calls[1]):toEqual({ "ann", n = 1 })
              end)

              it("stub with fixed values or a function", function()
                spy.on(greeter, "greet"):returns("hi", 2)
                local a, b = greeter.greet("x")
                expect({ a, b }):toEqual({ "hi", 2 })
                local s = spy.on(greeter, "twice"):invokes(function(name) return name .. "!" end)
                expect(greeter.twice("y")):toBe("y!")
                s:restore()
                expect(greeter.twice("z")):toBe("hi hi")
              end)

              it("are restored when the test ends", function()
                expect(greeter.greet("ann")):toBe("Hello, ann")
                expect(greeter.twice("ann")):toBe("Hello, ann Hello, ann")
              end)

              it("watch what the app calls", function()
                local set = spy.on(storage, "set")
                app.type("Account", "ann")
                app.type("Password", "secret")
                app.tap("Log in")
                app.wait()
                expect(set):toHaveBeenCalledWith("token", "token-ann")
                expect(storage.get("token")):toBe("token-ann")
              end)

              it("spy.new records a callback's calls", function()
                local s = spy.new()
                s(3)
                s.fn(4, "four")
                expect(s):toHaveBeenCalledTimes(2)
                expect(s):toHaveBeenCalledWith(4, "four")
              end)

              it("fail readably", function()
                local s = spy.on(greeter, "greet")
                greeter.greet("ann", 1)
                expect(s):toHaveBeenCalledWith("bob")
              end)

              it("fail readably when never called", function()
                expect(spy.new()):toHaveBeenCalled()
              end)

              it("need a spy", function()
                expect(greeter.greet):toHaveBeenCalledTimes(1)
              end)
            end)
            """#])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path])
        #expect(r.status == 1)
        #expect(Self.timeless(r.out) == """
            spec/spy_spec.lua
              spies
                ✓ call through and record calls (T ms)
                ✓ stub with fixed values or a function (T ms)
                ✓ are restored when the test ends (T ms)
                ✓ watch what the app calls (T ms)
                ✓ spy.new records a callback's calls (T ms)
                ✗ fail readably (T ms)
                    spec/spy_spec.lua:51: expected greet to have been called with ("bob"), but its calls: ("ann", 1)
                ✗ fail readably when never called (T ms)
                    spec/spy_spec.lua:55: expected spy to have been called, but it was never called
                ✗ need a spy (T ms)
                    spec/spy_spec.lua:59: toHaveBeenCalledTimes(n) takes a spy (spy.on or spy.new) or the function it installed, got function: builtin

            5 passed, 3 failed

            """.replacingOccurrences(of: "function: builtin", with: Self.functionAddress(in: r.out)))
    }

    /// The `function: 0x...` a failure message printed.
    static func functionAddress(in text: String) -> String {
        text.firstMatch(of: /function: (builtin: )?0x[0-9a-f]+/).map { String($0.output.0) } ?? "function: ?"
    }

    static let pendingSpec = #"""
        describe("later", function()
          it("is not written yet")
          it("waits on the server", function()
            pending("the server has no /v2 yet")
            error("never reached")
          end)
          it("runs", function() expect(1):toBe(1) end)
        end)
        """#

    @Test func pendingTestsAreReportedInEveryFormat() throws {
        let dir = try Self.makeBundle(specs: ["spec/pending_spec.lua": Self.pendingSpec])
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try LunarProcess.run(["test", dir.path])
        #expect(text.status == 0, "\(text.out)")
        #expect(Self.timeless(text.out) == """
            spec/pending_spec.lua
              later
                ○ is not written yet (todo)
                ○ waits on the server (pending: the server has no /v2 yet)
                ✓ runs (T ms)

            1 passed, 0 failed, 2 pending

            """)
        let tap = try LunarProcess.run(["test", dir.path, "--format", "tap"])
        #expect(tap.status == 0)
        #expect(Self.timeless(tap.out) == """
            TAP version 13
            not ok 1 - spec/pending_spec.lua: later > is not written yet # TODO not written yet
            ok 2 - spec/pending_spec.lua: later > waits on the server # SKIP the server has no /v2 yet
            ok 3 - spec/pending_spec.lua: later > runs
              ---
              duration_ms: T
              ...
            1..3
            # 1 passed, 0 failed, 2 pending

            """)
        let junit = try LunarProcess.run(["test", dir.path, "--format", "junit"])
        #expect(junit.status == 0)
        #expect(junit.out.contains(#"<testsuite name="spec/pending_spec.lua" tests="3" failures="0" errors="0" skipped="2""#))
        #expect(junit.out.contains("""
            name="later &gt; waits on the server" time="
            """))
        #expect(junit.out.contains(#"<skipped message="the server has no /v2 yet"/>"#))
        #expect(junit.out.contains(#"<skipped message="not written yet"/>"#))
        #expect(XMLParser(data: Data(junit.out.utf8)).parse())
    }

    @Test func pendingOutsideATestIsALoadError() throws {
        let dir = try Self.makeBundle(specs: ["spec/pending_spec.lua": "describe('x', function()\n  pending('later')\nend)\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path])
        #expect(r.status == 1)
        #expect(r.out.contains(
            "spec/pending_spec.lua:2: pending(reason) works inside a test; a test still to write is it(name) without a function"))
    }

    @Test func setupAndTeardownRunOncePerDescribe() throws {
        let dir = try Self.makeBundle(specs: ["spec/hooks_spec.lua": #"""
            local greeter = require("lib.greeter")
            local log = {}
            local function note(text) log[#log + 1] = text end

            describe("outer", function()
              setup(function()
                note("setup outer")
                spy.on(greeter, "greet"):returns("stubbed")
              end)
              teardown(function() note("teardown outer") end)
              before_each(function() note("before") end)
              after_each(function() note("after") end)
              it("one", function()
                note("one")
                expect(greeter.greet("x")):toBe("stubbed")
              end)
              describe("inner", function()
                setup(function() note("setup inner") end)
                teardown(function() note("teardown inner") end)
                it("two", function() note("two") end)
                it("three", function()
                  note("three")
                  expect(greeter.greet("x")):toBe("stubbed")
                end)
              end)
            end)

            describe("afterwards", function()
              it("saw each hook once, in order", function()
                expect(greeter.greet("x")):toBe("Hello, x")
                expect(log):toEqual({
                  "setup outer", "before", "one", "after",
                  "setup inner", "before", "two", "after", "before", "three", "after", "teardown inner",
                  "teardown outer",
                })
              end)
            end)

            describe("a failing setup", function()
              setup(function() error("no database") end)
              it("a", function() end)
              it("b", function() end)
            end)
            """#])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path])
        #expect(r.status == 1)
        #expect(Self.timeless(r.out) == """
            spec/hooks_spec.lua
              outer
                ✓ one (T ms)
                inner
                  ✓ two (T ms)
                  ✓ three (T ms)
              afterwards
                ✓ saw each hook once, in order (T ms)
              a failing setup
                ✗ a (T ms)
                    setup failed: spec/hooks_spec.lua:40: no database
                ✗ b (T ms)
                    setup failed: spec/hooks_spec.lua:40: no database

            4 passed, 2 failed

            """)
    }

    /// With --filter, setup and teardown run for the groups of the tests that run, and only those.
    @Test func setupAndTeardownFollowTheFilter() throws {
        let dir = try Self.makeBundle(specs: ["spec/hooks_spec.lua": #"""
            describe("outer", function()
              setup(function() print("setup outer") end)
              teardown(function() print("teardown outer") end)
              it("one", function() print("one") end)
              describe("inner", function()
                setup(function() print("setup inner") end)
                teardown(function() print("teardown inner") end)
                it("two", function() print("two") end)
              end)
            end)
            describe("other", function()
              setup(function() print("setup other") end)
              it("three", function() print("three") end)
            end)
            """#])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path, "--filter", "inner two"])
        #expect(r.status == 0, "\(r.out)")
        #expect(r.err == "setup outer\nsetup inner\ntwo\nteardown inner\nteardown outer\n")
    }

    @Test func aTableMismatchNamesThePathToTheFirstDifference() throws {
        let dir = try Self.makeBundle(specs: ["spec/tables_spec.lua": #"""
            it("differs deep inside", function()
              expect({ user = { name = "ann", tags = { "a", "c" } } }):toEqual({ user = { name = "ann", tags = { "a", "b" } } })
            end)
            it("misses a key", function()
              expect({ user = {} }):toEqual({ user = { name = "ann" } })
            end)
            it("has an extra key", function()
              expect({ a = 1, ["extra key"] = true }):toEqual({ a = 1 })
            end)
            it("differs in type", function()
              expect({ list = "1, 2" }):toEqual({ list = { 1, 2 } })
            end)
            """#])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path])
        #expect(r.status == 1)
        #expect(Self.timeless(r.out) == """
            spec/tables_spec.lua
              ✗ differs deep inside (T ms)
                  spec/tables_spec.lua:2: value.user.tags[2]: expected "b", got "c"
              ✗ misses a key (T ms)
                  spec/tables_spec.lua:5: value.user.name: expected "ann", got nil
              ✗ has an extra key (T ms)
                  spec/tables_spec.lua:8: value["extra key"]: expected nil, got true
              ✗ differs in type (T ms)
                  spec/tables_spec.lua:11: value.list: expected {1, 2}, got "1, 2"

            0 passed, 4 failed

            """)
    }

    @Test func timingsInEveryFormat() throws {
        let dir = try Self.makeBundle(specs: ["spec/math_spec.lua": TestCommandTests.failingSpec])
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try LunarProcess.run(["test", dir.path])
        #expect(text.out.contains(/\n    ✓ adds \(\d+ ms\)\n/))
        #expect(text.out.contains(/\n      ✗ is wrong on purpose \(\d+ ms\)\n/))
        let tap = try LunarProcess.run(["test", dir.path, "--format", "tap"])
        #expect(tap.out.contains(/ok 1 - spec\/math_spec.lua: math > adds\n  ---\n  duration_ms: \d+\.\d\n  ...\n/))
        #expect(tap.out.contains(/not ok 2 - [^\n]*\n  ---\n  duration_ms: \d+\.\d\n  message: \|\n/))
        let junit = try LunarProcess.run(["test", dir.path, "--format", "junit"])
        #expect(junit.out.contains(/<testcase classname="spec\/math_spec.lua" name="math &gt; adds" time="\d+\.\d{3}"\/>/))
        #expect(junit.out.contains(/<testsuite name="spec\/math_spec.lua" [^>]* time="\d+\.\d{3}">/))
    }

    // MARK: - Snapshots

    static func snapshotSpec(typing name: String) -> String {
        """
        describe("login", function()
          it("looks right", function()
            expect(app.screen()):toMatchSnapshot()
            app.type("Account", "\(name)")
            expect(app.screen()):toMatchSnapshot()
          end)
        end)
        """
    }

    @Test func snapshotsAreWrittenThenComparedThenUpdated() throws {
        let dir = try Self.makeBundle(specs: ["spec/screens/login_spec.lua": Self.snapshotSpec(typing: "ann")])
        defer { try? FileManager.default.removeItem(at: dir) }
        let snap = dir.appendingPathComponent("spec/screens/__snapshots__/login_spec.snap")

        // The first run writes them, passes, and says so.
        let first = try LunarProcess.run(["test", dir.path])
        #expect(first.status == 0, "\(first.out)")
        #expect(Self.timeless(first.out) == """
            spec/screens/login_spec.lua
              login
                ✓ looks right (T ms)
              2 snapshots written to spec/screens/__snapshots__/login_spec.snap

            1 passed, 0 failed

            """)
        let stored = try String(contentsOf: snap, encoding: .utf8)
        #expect(stored.hasPrefix("""
            -- Snapshots of spec/screens/login_spec.lua, written by `lunar test` (`lunar test --update` rewrites them).

            snapshot["login looks right 1"] = [[
            == Login ==

            """))
        #expect(stored.contains("\nsnapshot[\"login looks right 2\"] = [[\n== Login ==\n"))
        #expect(stored.contains("ann"))

        // The next run compares, passes, and writes nothing.
        let tap = try LunarProcess.run(["test", dir.path, "--format", "tap"])
        #expect(tap.status == 0, "\(tap.out)")
        #expect(!tap.out.contains("snapshot"))
        #expect(try String(contentsOf: snap, encoding: .utf8) == stored)

        // A changed screen fails with a diff and leaves the file alone.
        try Self.snapshotSpec(typing: "bob").write(to: dir.appendingPathComponent("spec/screens/login_spec.lua"), atomically: true, encoding: .utf8)
        let changed = try LunarProcess.run(["test", dir.path])
        #expect(changed.status == 1)
        #expect(changed.out.contains("""
                    spec/screens/login_spec.lua:5: snapshot "login looks right 2" does not match \
            spec/screens/__snapshots__/login_spec.snap (- stored, + now; `lunar test --update` rewrites it):

            """))
        let diff = changed.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(diff.contains { $0.hasPrefix("- ") && $0.contains("ann") }, "\(changed.out)")
        #expect(diff.contains { $0.hasPrefix("+ ") && $0.contains("bob") }, "\(changed.out)")
        #expect(try String(contentsOf: snap, encoding: .utf8) == stored)

        // --update rewrites the one that changed.
        let update = try LunarProcess.run(["test", dir.path, "--update"])
        #expect(update.status == 0, "\(update.out)")
        #expect(update.out.contains("\n  1 snapshot updated in spec/screens/__snapshots__/login_spec.snap\n"))
        let updated = try String(contentsOf: snap, encoding: .utf8)
        #expect(updated.contains("bob") && !updated.contains("ann"))
        let again = try LunarProcess.run(["test", dir.path])
        #expect(again.status == 0, "\(again.out)")
        #expect(try String(contentsOf: snap, encoding: .utf8) == updated)
    }

    @Test func snapshotsAreDeterministicAndUpdateDropsUnusedOnes() throws {
        let dir = try Self.makeBundle(specs: ["spec/login_spec.lua": Self.snapshotSpec(typing: "ann")])
        defer { try? FileManager.default.removeItem(at: dir) }
        let snap = dir.appendingPathComponent("spec/__snapshots__/login_spec.snap")
        #expect(try LunarProcess.run(["test", dir.path]).status == 0)
        let first = try Data(contentsOf: snap)
        try FileManager.default.removeItem(at: snap)
        #expect(try LunarProcess.run(["test", dir.path]).status == 0)
        #expect(try Data(contentsOf: snap) == first, "two fresh runs write the same bytes")

        // A snapshot no test asks for stays, until --update of every test drops it.
        try """
            describe("login", function()
              it("looks right", function()
                expect(app.screen()):toMatchSnapshot()
              end)
            end)
            """.write(to: dir.appendingPathComponent("spec/login_spec.lua"), atomically: true, encoding: .utf8)
        #expect(try LunarProcess.run(["test", dir.path]).status == 0)
        #expect(try Data(contentsOf: snap) == first)
        let update = try LunarProcess.run(["test", dir.path, "--update"])
        #expect(update.out.contains("  1 snapshot no test asked for removed from spec/__snapshots__/login_spec.snap\n"), "\(update.out)")
        #expect(!(try String(contentsOf: snap, encoding: .utf8)).contains("looks right 2"))
    }

    @Test func snapshotsTakeTextAndCannotBeNegated() throws {
        let dir = try Self.makeBundle(specs: ["spec/bad_spec.lua": #"""
            it("takes text", function() expect({}):toMatchSnapshot() end)
            it("cannot be negated", function() expect("x").never:toMatchSnapshot() end)
            """#])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path])
        #expect(r.status == 1)
        #expect(r.out.contains("spec/bad_spec.lua:1: toMatchSnapshot() takes a string (the screen: app.screen()), got {}\n"))
        #expect(r.out.contains("spec/bad_spec.lua:2: toMatchSnapshot() cannot be negated (never)\n"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("spec/__snapshots__").path))
    }

    @Test func aSnapshotHoldingClosingBracketsRoundTrips() throws {
        let dir = try Self.makeBundle(specs: ["spec/text_spec.lua": #"""
            it("keeps brackets", function()
              expect("a]]b]=]\n\nlast line, no break"):toMatchSnapshot()
              expect("\nstarts with a break\n"):toMatchSnapshot()
            end)
            """#])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try LunarProcess.run(["test", dir.path]).status == 0)
        let stored = try String(contentsOf: dir.appendingPathComponent("spec/__snapshots__/text_spec.snap"), encoding: .utf8)
        #expect(stored.contains("snapshot[\"keeps brackets 1\"] = [==[\na]]b]=]\n\nlast line, no break]==]\n"))
        #expect(stored.contains("snapshot[\"keeps brackets 2\"] = [[\n\nstarts with a break\n]]\n"))
        let again = try LunarProcess.run(["test", dir.path])
        #expect(again.status == 0, "\(again.out)")
        #expect(!again.out.contains("written"))
    }

    @Test func aSnapshotFileThatCannotBeWrittenFailsTheRun() throws {
        let dir = try Self.makeBundle(specs: [
            "spec/screen_spec.lua": "it('looks right', function() expect(app.screen()):toMatchSnapshot() end)\n",
            "spec/__snapshots__": "a file where the directory should be\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path])
        #expect(r.status == 1)
        #expect(r.out.contains("\n      cannot write spec/__snapshots__/screen_spec.snap: "), "\(r.out)")
        #expect(r.out.hasSuffix("\n0 passed, 1 failed\n"))
    }

    // MARK: - --watch

    @Test func watchRunsTheSpecsAgainWhenAFileChanges() throws {
        let dir = try Self.makeBundle(specs: ["spec/math_spec.lua": #"it("adds", function() expect(1 + 1):toBe(2) end)"#])
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = LunarProcess.binary
        process.arguments = ["test", dir.path, "--watch"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        let lines = OutputReader(output.fileHandleForReading)
        let watching = "lunar: watching \(dir.standardizedFileURL.path) for changes (Ctrl-C stops)\n"

        try lines.waitFor(watching)
        #expect(lines.text.contains("\n1 passed, 0 failed\n"))

        // A changed spec file runs again, alone.
        try #"""
            it("adds", function() expect(1 + 1):toBe(2) end)
            it("subtracts", function() expect(2 - 1):toBe(3) end)
            """#.write(to: dir.appendingPathComponent("spec/math_spec.lua"), atomically: false, encoding: .utf8)
        try lines.waitFor(watching, times: 2)
        #expect(lines.text.contains("lunar: spec/math_spec.lua changed: running the specs again\n"))
        #expect(lines.text.contains("spec/math_spec.lua:2: expected 1 to be 3"))
        #expect(lines.text.contains("\n1 passed, 1 failed\n"))

        // A changed screen runs every spec file again.
        try Self.replace(dir.appendingPathComponent("spec/other_spec.lua"),
                         with: "it('works', function() expect(app.title()):toBe('Login') end)\n")
        try lines.waitFor(watching, times: 3)
        let screen = dir.appendingPathComponent("screens/home.lua")
        try Self.replace(screen, with: String(contentsOf: screen, encoding: .utf8) + "\n-- edited\n")
        try lines.waitFor(watching, times: 4)
        #expect(lines.text.contains("lunar: screens/home.lua changed: running the specs again\n"))
        #expect(lines.text.hasSuffix("\n2 passed, 1 failed\n" + watching), "\(lines.text)")

        // Ctrl-C ends it.
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
    }

    /// Writes a file in one step the watcher sees whole: a hidden file beside it (hidden files
    /// are not watched), renamed over it.
    static func replace(_ url: URL, with text: String) throws {
        let staging = url.deletingLastPathComponent().appendingPathComponent(".staging")
        try text.write(to: staging, atomically: false, encoding: .utf8)
        guard rename(staging.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    @Test func watchNeedsADirectory() throws {
        let r = try LunarProcess.run(["test", "nope-missing", "--watch"])
        #expect(r.status == 1)
        #expect(r.err.hasPrefix("lunar: "))
    }
}

/// Collects a process's output as it arrives, for tests that wait on a line with a deadline.
final class OutputReader: @unchecked Sendable {
    private let condition = NSCondition()
    private var collected = ""
    private var closed = false

    init(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let data = handle.availableData
                condition.lock()
                if data.isEmpty { closed = true } else { collected += String(decoding: data, as: UTF8.self) }
                condition.broadcast()
                condition.unlock()
                if data.isEmpty { return }
            }
        }.start()
    }

    /// Everything read so far.
    var text: String {
        condition.lock()
        defer { condition.unlock() }
        return collected
    }

    /// Waits until the output holds `needle` `times` times; throws after `seconds` or at its end.
    func waitFor(_ needle: String, times: Int = 1, within seconds: Double = 60) throws {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while collected.components(separatedBy: needle).count - 1 < times {
            if closed || !condition.wait(until: deadline) {
                throw OutputTimeout(description: "no \(needle.debugDescription) ×\(times) within \(seconds) s; output:\n\(collected)")
            }
        }
    }
}

struct OutputTimeout: Error, CustomStringConvertible {
    let description: String
}
