import Foundation
import LunarBase
import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import LunarUI
import Testing

/// Signals in running screens (headless, the real `lunar.signal`, the virtual clock): two-way
/// binding, signal-bound props, commands on buttons, and what a screen's lifetime ends.
@Suite struct SignalScreenTests {
    static let loginViewModel = """
        local signal = require("lunar.signal")
        local vm = { account = signal.value(""), renders = 0 }
        -- The account is capped at 25 characters.
        vm.account:subscribe(function(text)
          if #text > 25 then vm.account:set(text:sub(1, 25)) end
        end)
        return vm
        """

    @Test func aBoundFieldAndItsPropertyFollowEachOther() async throws {
        let bundle = try TestBundle(files: [
            "viewmodels/login.lua": Self.loginViewModel,
            "screens/home.lua": """
            local ui = require("lunar.ui")
            local timer = require("lunar.timer")
            local vm = require("viewmodels.login")
            local screen = { title = "Login" }
            function screen:load() timer.after(5, function() vm.account:set("from a timer") end) end
            function screen:render()
              return ui.Column {
                ui.TextField { id = "account", placeholder = "Account", bind = vm.account },
                ui.Text { id = "echo", text = vm.account },
              }
            end
            return screen
            """,
        ])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        func account() async throws -> String? {
            try await runtime.lua("return require('viewmodels.login').account:get()").first?.stringValue
        }

        // Typing sets the view-model's property.
        try await runtime.run(.type(field: "Account", text: "ada"))
        #expect(try await account() == "ada")
        var snapshot = await runtime.snapshot()
        #expect(snapshot.contains(#"TextField #account "Account" value="ada""#), "\(snapshot)")
        #expect(snapshot.contains(#"Text #echo "ada""#), "\(snapshot)")

        // Setting the property (a timer on the virtual clock) updates the field.
        await runtime.advance(by: 5)
        snapshot = await runtime.snapshot()
        #expect(snapshot.contains(#"TextField #account "Account" value="from a timer""#), "\(snapshot)")
        #expect(snapshot.contains(#"Text #echo "from a timer""#), "\(snapshot)")

        // The view-model caps the account; the field shows the capped text.
        let long = String(repeating: "abcdefghij", count: 3)
        try await runtime.run(.clear(field: "account"), .type(field: "account", text: long))
        let capped = String(long.prefix(25))
        #expect(try await account() == capped)
        snapshot = await runtime.snapshot()
        #expect(snapshot.contains(#"TextField #account "Account" value="\#(capped)""#), "\(snapshot)")
        #expect(snapshot.contains(#"Text #echo "\#(capped)""#), "\(snapshot)")
    }

    @Test func aBoundPropUpdatesOneNodeWithoutARender() async throws {
        let bundle = try TestBundle(files: [
            "screens/home.lua": """
            local ui = require("lunar.ui")
            local signal = require("lunar.signal")
            local timer = require("lunar.timer")
            local screen = {}
            renders = 0
            function screen:load()
              self.ticks = signal.interval(1):take(1)
              self.name = signal.value("nobody")
              timer.after(3, function() self.name:set("Ada") end)
            end
            function screen:render()
              renders = renders + 1
              local rows = {}
              for i = 1, 30 do rows[i] = ui.Text("static " .. i) end
              return ui.Column {
                ui.Text { id = "tick", text = self.ticks },
                ui.Text { id = "name", text = self.name },
                ui.Column(rows),
              }
            end
            return screen
            """,
        ])
        defer { bundle.remove() }
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: RuntimeOptions(clock: .virtual))
        _ = try await runtime.startRecording()
        func renders() async throws -> Int? { try await runtime.lua("return renders").first?.intValue }
        // Reading the count runs Lua, which schedules a re-render: let it happen first.
        let rendersBefore = try #require(try await renders()) + 1
        _ = await runtime.snapshot()
        _ = await runtime.recordedBatches()

        // A tick of a native signal: one update of one node, and render() does not run.
        await runtime.advance(by: 1)
        var batches = await runtime.recordedBatches()
        #expect(batches.count == 1 && batches.first?.count == 1, "\(batches)")
        if case .update(_, let update)? = batches.first?.first {
            #expect(update.props == Props([(PropName.text, .string("1"))]))
        } else {
            Issue.record("expected one update, got \(batches)")
        }
        #expect(try await renders() == rendersBefore)

        // A property set by a Lua timer: still one update of one node (the re-render that any
        // Lua callback schedules finds nothing else to change).
        await runtime.advance(by: 2)
        batches = await runtime.recordedBatches()
        #expect(batches.count == 1 && batches.first?.count == 1, "\(batches)")
        if case .update(_, let update)? = batches.first?.first {
            #expect(update.props == Props([(PropName.text, .string("Ada"))]))
        } else {
            Issue.record("expected one update, got \(batches)")
        }
        #expect(await runtime.snapshot().contains(#"Text #name "Ada""#))
    }

    @Test func aCommandButtonIsDisabledWhileTheCommandIsDisabledOrExecuting() async throws {
        let bundle = try TestBundle(files: [
            "viewmodels/login.lua": """
            local signal = require("lunar.signal")
            local vm = { canLogin = signal.value(false) }
            vm.login = signal.command{ enabled = vm.canLogin, run = function() return signal.of("ok"):delay(2) end }
            vm.login.values:subscribe(function(v) vm.result = v end)
            return vm
            """,
            "screens/home.lua": """
            local ui = require("lunar.ui")
            local vm = require("viewmodels.login")
            return { render = function() return ui.Column { ui.Button { id = "login", title = "Login", command = vm.login } } end }
            """,
        ])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        func disabled() async -> Bool {
            let line = await runtime.snapshot().split(separator: "\n").first { $0.contains("#login") }
            return line?.contains("disabled") ?? false
        }
        #expect(await disabled())
        await #expect(throws: MessageError.self) { try await runtime.run(.tap("Login")) }

        _ = try await runtime.lua("require('viewmodels.login').canLogin:set(true)")
        #expect(await !disabled())

        try await runtime.run(.tap("Login"))
        #expect(await disabled(), "disabled while executing")
        await runtime.advance(by: 1)
        #expect(await disabled(), "still executing")
        await runtime.advance(by: 1)
        #expect(await !disabled(), "enabled again once the run completed")
        #expect(try await runtime.lua("return require('viewmodels.login').result").first?.stringValue == "ok")
    }

    @Test func aCommandRunningANetworkSignalDisablesItsButtonUntilTheAnswer() async throws {
        let server = try LoopbackServer { request in
            request.path == "/login" ? .delayed(seconds: 0.1, .json(#"{"token":"t-42"}"#)) : .json("{}", status: 404)
        }
        defer { server.stop() }
        let bundle = try TestBundle(files: [
            "screens/home.lua": """
            local ui = require("lunar.ui")
            local net = require("lunar.net")
            local signal = require("lunar.signal")
            vm = {}
            vm.login = signal.command{ run = function()
              return net.signal(net.request{ method = "POST", path = "/login", reformer = function(json) return json.token end })
            end }
            vm.login.values:subscribe(function(token) vm.token = token end)
            return { render = function() return ui.Button { id = "login", title = "Login", command = vm.login } end }
            """,
        ])
        try bundle.write("manifest.json", """
            {"name": "test", "version": "1.0.0", "entry": "/home", "routes": {"/home": "screens.home"},
             "api": {"baseURL": "\(server.baseURL)"}}
            """)
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        func disabled() async -> Bool {
            let line = await runtime.snapshot().split(separator: "\n").first { $0.contains("#login") }
            return line?.contains("disabled") ?? false
        }
        #expect(await !disabled())
        try await runtime.run(.tap("Login"))
        #expect(await disabled(), "disabled while the request runs")
        #expect(await runtime.wait(timeout: 5))
        #expect(await !disabled(), "enabled again after the answer")
        #expect(try await runtime.lua("return vm.token").first?.stringValue == "t-42")
        #expect(server.hits("/login") == 1)
    }

    @Test func closingAScreenEndsWhatItTiedToItsLifetime() async throws {
        try await closeScreens(withNetworkSignal: false)
    }

    /// A `net.signal` subscription tied to the lifetime is cancelled and leaves no registry
    /// reference behind, though the transport may still hold the cancelled request.
    @Test func closingAScreenCancelsItsNetworkSignal() async throws {
        try await closeScreens(withNetworkSignal: true)
    }

    private func closeScreens(withNetworkSignal: Bool) async throws {
        let server = try LoopbackServer { _ in .never }
        defer { server.stop() }
        let bundle = try TestBundle(files: [
            "viewmodels/shared.lua": "return { name = require('lunar.signal').value('Ada') }",
            "screens/home.lua": "local ui = require('lunar.ui') return { render = function() return ui.Text('home') end }",
            "screens/detail.lua": """
            local ui = require("lunar.ui")
            local net = require("lunar.net")
            local signal = require("lunar.signal")
            local shared = require("viewmodels.shared")
            local screen = {}
            function screen:load()
              self.ticks = signal.interval(1):map(tostring)
              signal.interval(1):takeUntil(self.lifetime):subscribe(function(n) self.n = n end)
              self.lifetime:add(shared.name:subscribe(function(name) self.name = name end))
              if NET_SIGNAL then self.lifetime:add(net.signal(net.request{ path = "/feed" }):subscribe(function() end)) end
              self.login = signal.command{ run = function() return signal.never() end }
            end
            function screen:render()
              return ui.Column {
                ui.Text { text = self.ticks },
                ui.Text { text = shared.name },
                ui.Button { title = "Go", command = self.login },
                ui.Button { title = "Close", onPress = function() require("lunar.navigator").pop() end },
              }
            end
            return screen
            """,
        ])
        try bundle.write("manifest.json", """
            {"name": "test", "version": "1.0.0", "entry": "/home", "routes": {"/home": "screens.home"},
             "api": {"baseURL": "\(server.baseURL)"}}
            """)
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        if withNetworkSignal { _ = try await runtime.lua("NET_SIGNAL = true") }
        func liveReferences() async throws -> Int {
            try await runtime.withHost { _, state in
                _ = try state.run("collectgarbage() collectgarbage()")
                _ = try state.run("return 1")
                return state.liveReferences
            }
        }
        func cycle() async throws {
            try await runtime.run(.open("/navPush/detail"))
            await runtime.advance(by: 2)
            let snapshot = await runtime.snapshot()
            #expect(snapshot.contains(#"Text "2""#), "\(snapshot)")
            try await runtime.run(.tap("Close"))
        }
        try await cycle()
        #expect(await runtime.wait(timeout: 5), "the screen's request is cancelled when it closes")
        let before = try await liveReferences()
        for _ in 0..<20 { try await cycle() }
        #expect(await runtime.wait(timeout: 5))
        let after = try await liveReferences()
        #expect(after == before, "registry references leaked: \(before) → \(after)")
        #expect(runtime.executor.nextDeadline == nil, "an interval of a closed screen is still running")
    }
}
