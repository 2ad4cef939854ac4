import Foundation
import LunarTestSupport
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `lunar test` through the binary, on bundles the tests write.
@Suite struct TestCommandTests {
    /// A bundle with a login screen that posts to the mock API, then pushes Home after a 5 s timer.
    static func makeBundle(specs: [String: String]) throws -> URL {
        let files: [String: String] = [
            "manifest.json": #"{ "name": "t", "version": "1", "entry": "/login", "routes": { "/login": "screens.login", "/home": "screens.home" } }"#,
            "screens/login.lua": #"""
                local ui = require("lunar.ui")
                local net = require("lunar.net")
                local nav = require("lunar.navigator")
                local timer = require("lunar.timer")
                local storage = require("lunar.storage")
                local screen = { title = "Login" }
                function screen:load() self.account = ""; self.password = "" end
                function screen:render()
                  return ui.Column {
                    ui.TextField { id = "account", placeholder = "Account", value = self.account, maxLength = 5,
                      onChange = function(t) self.account = t end },
                    ui.TextField { id = "password", placeholder = "Password", value = self.password, secure = true,
                      onChange = function(t) self.password = t end },
                    ui.Button { id = "login", title = "Log in", onPress = function()
                      net.send(net.request{ method = "POST", path = "/login",
                                            body = { account = self.account, password = self.password } }, function(r, err)
                        if err then ui.toast("Wrong password (" .. tostring(err.status) .. ")"); return end
                        storage.set("token", r.token)
                        timer.after(5, function() nav.push("/home", { token = r.token }) end)
                      end)
                    end },
                    ui.Button { id = "boom", title = "Boom", onPress = function() local x = nil; return x.y end },
                  }
                end
                return screen
                """#,
            "screens/home.lua": #"""
                local ui = require("lunar.ui")
                local screen = { title = "Home" }
                function screen:load(p) self.token = p and p.token end
                function screen:render() return ui.Column { ui.Text { "Token " .. tostring(self.token), id = "token" } } end
                return screen
                """#,
            "mock-api/POST/login.lua": #"""
                return function(request)
                  local body = request.json or {}
                  if body.account ~= "ann" or body.password ~= "secret" then
                    return { status = 401, body = { error = "wrong account or password" } }
                  end
                  return { body = { token = "token-" .. body.account } }
                end
                """#,
        ]
        return try BundleDirectory(prefix: "lunar-test-command", files: files.merging(specs, uniquingKeysWith: { $1 })).root
    }

    static let loginSpec = #"""
        describe("login", function()
          before_each(function() app.home() end)
          it("signs in through the mock API", function()
            app.type("Account", "annabel")
            expect(app.find("account").value):toBe("annab")
            app.clear("account")
            app.type("account", "ann")
            app.type("Password", "secret")
            app.tap("Log in")
            app.wait()
            expect(app.title()):toBe("Home")
            expect(app.find("token")):toEqual({ kind = "Text", id = "token", text = "Token token-ann" })
            expect(app.stack()):toEqual({
              { screen = "screens.login", title = "Login", modal = false },
              { screen = "screens.home", title = "Home", modal = false },
            })
            expect(require("lunar.storage").get("token")):toBe("token-ann")
          end)
          it("refuses a wrong password", function()
            expect(app.title()):toBe("Login")
            app.type("Account", "ann")
            app.type("Password", "nope")
            app.tap("Log in")
            app.wait()
            expect(app.title()).never:toBe("Home")
            expect(app.screen()):toContain('Toast "Wrong password (401)"')
            expect(app.screen()):toMatch("== Login ==")
          end)
        end)
        """#

    static let failingSpec = #"""
        describe("math", function()
          it("adds", function() expect(1 + 1):toBe(2) end)
          describe("inner", function()
            it("is wrong on purpose", function()
              expect({ a = 1, b = { 2 } }):toEqual({ a = 1, b = { 3 } })
            end)
          end)
        end)
        """#

    @Test func textOutputPassesAndFailsWithFileLine() throws {
        let dir = try Self.makeBundle(specs: ["spec/login_spec.lua": Self.loginSpec, "spec/more/math_spec.lua": Self.failingSpec])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path])
        #expect(r.status == 1, "\(r.err)")
        #expect(SpecToolingTests.timeless(r.out) == """
            spec/login_spec.lua
              login
                ✓ signs in through the mock API (T ms)
                ✓ refuses a wrong password (T ms)
            spec/more/math_spec.lua
              math
                ✓ adds (T ms)
                inner
                  ✗ is wrong on purpose (T ms)
                      spec/more/math_spec.lua:5: value.b[1]: expected 3, got 2

            3 passed, 1 failed

            """)
    }

    @Test func allPassingExitsZero() throws {
        let dir = try Self.makeBundle(specs: ["spec/login_spec.lua": Self.loginSpec])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path])
        #expect(r.status == 0, "\(r.out)\n\(r.err)")
        #expect(r.out.hasSuffix("\n2 passed, 0 failed\n"))
    }

    @Test func tapOutput() throws {
        let dir = try Self.makeBundle(specs: ["spec/login_spec.lua": Self.loginSpec, "spec/math_spec.lua": Self.failingSpec])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path, "--format", "tap"])
        #expect(r.status == 1)
        #expect(SpecToolingTests.timeless(r.out) == """
            TAP version 13
            ok 1 - spec/login_spec.lua: login > signs in through the mock API
              ---
              duration_ms: T
              ...
            ok 2 - spec/login_spec.lua: login > refuses a wrong password
              ---
              duration_ms: T
              ...
            ok 3 - spec/math_spec.lua: math > adds
              ---
              duration_ms: T
              ...
            not ok 4 - spec/math_spec.lua: math > inner > is wrong on purpose
              ---
              duration_ms: T
              message: |
                spec/math_spec.lua:5: value.b[1]: expected 3, got 2
              ...
            1..4
            # 3 passed, 1 failed

            """)
    }

    @Test func junitOutputToAFile() throws {
        let dir = try Self.makeBundle(specs: [
            "spec/math_spec.lua": Self.failingSpec,
            "spec/broken_spec.lua": "describe('x', function()\n  local y = nil\n  y.z = 1\nend)\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("out/report.xml")
        try FileManager.default.createDirectory(at: report.deletingLastPathComponent(), withIntermediateDirectories: true)
        let r = try LunarProcess.run(["test", dir.path, "--format", "junit", "--output", report.path])
        #expect(r.status == 1)
        #expect(r.out == "")
        let xml = try String(contentsOf: report, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"lunar test\" tests=\"3\" failures=\"1\" errors=\"1\""))
        #expect(xml.contains("<testsuite name=\"spec/broken_spec.lua\" tests=\"1\" failures=\"0\" errors=\"1\""))
        #expect(xml.contains("<error message=\"spec/broken_spec.lua:3: attempt to index a nil value (local &apos;y&apos;)\">")
                || xml.contains("<error message=\"spec/broken_spec.lua:3: attempt to index a nil value (local 'y')\">"))
        #expect(xml.contains("<testcase classname=\"spec/math_spec.lua\" name=\"math &gt; adds\""))
        #expect(xml.contains("<failure message=\"spec/math_spec.lua:5: value.b[1]: expected 3, got 2\">"))
        // Well-formed: Foundation's parser reads it back.
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse())
    }

    @Test func errorsInSpecsAndTheAppReportFileLine() throws {
        let dir = try Self.makeBundle(specs: [
            "spec/errors_spec.lua": """
                it("taps a missing button", function()
                  app.tap("Nope")
                end)
                it("raises", function()
                  local t = nil
                  return t.field
                end)
                it("an app error fails the test", function() app.tap("Boom") end)
                it("opens nothing", function() app.open("/nowhere") end)
                it("cannot go back", function() app.back() end)
                """,
            "spec/syntax_spec.lua": "it('x', function()\n  expect(1):toBe(\nend)\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path])
        #expect(r.status == 1)
        #expect(SpecToolingTests.timeless(r.out).contains("""
              ✗ taps a missing button (T ms)
                  spec/errors_spec.lua:2: no button "Nope" on "Login" (buttons: "Log in", "Boom")
              ✗ raises (T ms)
                  spec/errors_spec.lua:6: attempt to index a nil value (local 't')
              ✗ an app error fails the test (T ms)
                  script error: screens/login.lua:22: attempt to index a nil value (local 'x')
              ✗ opens nothing (T ms)
                  spec/errors_spec.lua:9: app.open("/nowhere"): no route matches
              ✗ cannot go back (T ms)
                  spec/errors_spec.lua:10: cannot go back: "Login" is the first screen
            """))
        #expect(r.out.contains("spec/syntax_spec.lua\n  ✗ (loading the file)\n      spec/syntax_spec.lua:3: unexpected symbol near 'end'\n"))
        #expect(r.out.hasSuffix("\n0 passed, 6 failed\n"))
    }

    @Test func filterRunsMatchingTests() throws {
        let dir = try Self.makeBundle(specs: ["spec/login_spec.lua": Self.loginSpec, "spec/math_spec.lua": Self.failingSpec])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path, "--filter", "wrong password"])
        #expect(r.status == 0, "\(r.out)")
        #expect(SpecToolingTests.timeless(r.out)
                == "spec/login_spec.lua\n  login\n    ✓ refuses a wrong password (T ms)\nspec/math_spec.lua\n  (no tests)\n\n1 passed, 0 failed\n")
        let none = try LunarProcess.run(["test", dir.path, "--filter", "zzz"])
        #expect(none.status == 1)
        #expect(none.err == "lunar: no test matches --filter \"zzz\"\n")
    }

    @Test func aBundleWithoutSpecsFails() throws {
        let dir = try Self.makeBundle(specs: [:])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["test", dir.path])
        #expect(r.status == 1)
        #expect(r.err.contains("no specs in"))
    }
}
