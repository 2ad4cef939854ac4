import Foundation
import LunarRuntime
import LunarTestSupport
import Testing

/// One place a script runs, as a bundle with a `FAULT` placeholder where the fault goes, and the
/// way to make the app reach it.
struct FaultPlace: Sendable, CustomTestStringConvertible {
    /// What the catalogue puts in the place.
    enum Fault: String, Sendable, CaseIterable {
        /// `error("boom")`.
        case error
        /// `while true do end`: stopped by the instruction budget.
        case infiniteLoop
    }

    let name: String
    /// Files with `FAULT` in exactly one of them, `file`.
    let files: [String: String]
    let file: String
    /// Code for each fault, when the place needs something other than the defaults.
    var code: [Fault: String] = [:]
    /// The place is reached through `lunar.net`: the app talks to a loopback server.
    var usesNetwork = false
    /// Drives the app until the fault has run.
    let trigger: @Sendable (FaultApp) async throws -> Void

    var testDescription: String { name }

    static let marker = "--[[fault]]"

    func source(_ fault: Fault) -> String {
        let defaults: [Fault: String] = [.error: #"error("boom")"#, .infiniteLoop: "while true do end"]
        return (code[fault] ?? defaults[fault]!) + " " + Self.marker
    }

    /// The files with the fault in place, and the exact `file:line` it is at.
    func files(with fault: Fault) -> (files: [String: String], location: String) {
        var out = files
        let text = files[file]!.replacingOccurrences(of: "FAULT", with: source(fault))
        out[file] = text
        return (out, "\(file):\(text.lineNumber(of: Self.marker)!)")
    }
}

extension FaultPlace {
    /// A screen `screens/victim.lua`: `top` runs when the module loads, `load` in `load(params)`,
    /// `methods` define more methods (after the default `render`), `column` adds elements to the
    /// rendered column, and the "Fire" button runs `onPress`.
    static func victim(fields: String = "", top: String = "", load: String = "", methods: String = "",
                       column: String = "", onPress: String = "") -> String {
        """
        local ui = require("lunar.ui")
        local signal = require("lunar.signal")
        local timer = require("lunar.timer")
        local net = require("lunar.net")
        local storage = require("lunar.storage")
        local router = require("lunar.router")
        local intercept = require("lunar.intercept")
        local lunar = require("lunar")
        \(top)
        local screen = { title = "Victim", \(fields) }
        function screen:load(params)
          \(load)
        end
        function screen:render()
          return ui.Column {
            ui.Text("victim"),
            \(column)
            ui.Button { title = "Fire", onPress = function()
              \(onPress)
            end },
          }
        end
        \(methods)
        return screen
        """
    }

    static func onVictim(name: String, fields: String = "", top: String = "", load: String = "", methods: String = "",
                         column: String = "", onPress: String = "", extra: [String: String] = [:],
                         code: [Fault: String] = [:], usesNetwork: Bool = false,
                         trigger: @escaping @Sendable (FaultApp) async throws -> Void) -> FaultPlace {
        var files = extra
        files["screens/victim.lua"] = victim(fields: fields, top: top, load: load, methods: methods, column: column, onPress: onPress)
        let file = files.first { $0.value.contains("FAULT") }!.key
        return FaultPlace(name: name, files: files, file: file, code: code, usesNetwork: usesNetwork, trigger: trigger)
    }

    static let open: @Sendable (FaultApp) async throws -> Void = { app in try await app.run(.open("/navPush/victim")) }
    static let openAndLeave: @Sendable (FaultApp) async throws -> Void = { app in
        try await app.run(.open("/navPush/victim"), .back)
    }
    static let openAndFire: @Sendable (FaultApp) async throws -> Void = { app in
        try await app.run(.open("/navPush/victim"), .tap("Fire"))
    }
    static let openAndTick: @Sendable (FaultApp) async throws -> Void = { app in
        try await app.run(.open("/navPush/victim"))
        await app.runtime.advance(by: 1)
    }
    static let openFireAndWait: @Sendable (FaultApp) async throws -> Void = { app in
        try await app.run(.open("/navPush/victim"), .tap("Fire"))
        _ = await app.runtime.wait(timeout: 10)
    }

    /// Every place a script runs in a running app.
    static let all: [FaultPlace] = {
        var places: [FaultPlace] = []
        for step in ["load", "bindViewModel", "configNavigation", "willAppear", "didAppear"] {
            places.append(onVictim(name: "lifecycle \(step)", methods: "function screen:\(step)()\n  FAULT\nend", trigger: open))
        }
        for step in ["willDisappear", "didDisappear", "unload"] {
            places.append(onVictim(name: "lifecycle \(step)", methods: "function screen:\(step)()\n  FAULT\nend", trigger: openAndLeave))
        }
        places += [
            onVictim(name: "render", methods: "function screen:render()\n  FAULT\nend", trigger: open),
            onVictim(name: "list row function", column: """
                ui.List { items = { { id = 1 } }, key = "id", row = function(row)
                  FAULT
                end },
                """, trigger: open),
            onVictim(name: "screen module chunk", top: "FAULT", trigger: open),
            onVictim(name: "view-model initialize", fields: #"viewModel = "viewmodels.victim""#,
                     extra: ["viewmodels/victim.lua": "local vm = {}\nfunction vm:initialize()\n  FAULT\nend\nreturn vm\n"],
                     trigger: open),
            onVictim(name: "button handler", onPress: "FAULT", trigger: openAndFire),
            onVictim(name: "text field handler", column: """
                ui.TextField { placeholder = "Name", onChange = function(text)
                  FAULT
                end },
                """, trigger: { app in try await app.run(.open("/navPush/victim"), .type(field: "Name", text: "x")) }),
            onVictim(name: "signal subscriber", load: """
                signal.interval(1):take(1):subscribe(function(n)
                  FAULT
                end)
                """, trigger: openAndTick),
            onVictim(name: "signal operator function", load: """
                signal.interval(1):take(1):map(function(n)
                  FAULT
                end):subscribe(function() end)
                """, trigger: openAndTick),
            onVictim(name: "signal.create function", load: """
                signal.create(function(observer)
                  FAULT
                end):subscribe(function() end)
                """, trigger: open),
            // A run's error goes to `command.errors` (docs/lua/signal.md), which the app watches.
            onVictim(name: "command run function", load: """
                self.command = signal.command { run = function(input)
                  FAULT
                end }
                self.command.errors:subscribe(function(err) SEEN_ERROR = tostring(err) end)
                """, onPress: "self.command:execute(1)", trigger: openAndFire),
            onVictim(name: "timer after", load: "timer.after(1, function()\n  FAULT\nend)", trigger: openAndTick),
            onVictim(name: "timer every", load: "self.tick = timer.every(1, function()\n  FAULT\nend)",
                     methods: "function screen:unload() self.tick:cancel() end", trigger: openAndTick),
            onVictim(name: "route handler", load: #"router.add("/boom", function(params)"# + "\n  FAULT\nend)",
                     trigger: { app in
                         try await app.run(.open("/navPush/victim"))
                         _ = await app.runtime.open("/boom")
                     }),
            onVictim(name: "interceptor (screen hook)", load: """
                intercept.screen("didAppear", "after", function(screen)
                  FAULT
                end, { once = true })
                """, trigger: open),
            onVictim(name: "interceptor (call hook)", load: """
                intercept.call("lunar.storage", "get", "before", function(key)
                  FAULT
                end, { once = true })
                """, onPress: #"storage.get("token")"#, trigger: openAndFire),
            onVictim(name: "storage call in a handler", onPress: "FAULT",
                     code: [.error: #"storage.set("bad", print)"#, .infiniteLoop: #"while true do storage.get("token") end"#],
                     trigger: openAndFire),
            onVictim(name: "lunar.async coroutine", onPress: "lunar.async(function()\n  FAULT\nend)", trigger: openAndFire),
            onVictim(name: "network callback", onPress: """
                net.send(net.request { path = "/data" }, function(result, err)
                  FAULT
                end)
                """, usesNetwork: true, trigger: openFireAndWait),
            onVictim(name: "reformer", onPress: """
                net.send(net.request { path = "/data", reformer = function(json)
                  FAULT
                end }, function(result, err) SEEN_ERROR = err and err.message end)
                """, usesNetwork: true, trigger: openFireAndWait),
            FaultPlace(name: "app.lua", files: ["app.lua": "local started = true\nFAULT\n"], file: "app.lua", trigger: { _ in }),
        ]
        return places
    }()
}
