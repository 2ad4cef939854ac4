import Foundation
import LunarBridge
import LunarBundle
import LunarHeadless
import LunarHeadlessHost
@testable import LunarRuntime
import LunarTestSupport
import LunarUI
import Testing

/// `style =` on elements built by `lunar.ui`, `ui.styles`, and signals as style values: real Lua,
/// the real runtime, a recording headless renderer on the virtual clock.
@Suite struct StylePropTests {
    /// A style built as a renderer receives it.
    static func style(_ pairs: KeyValuePairs<String, StyleInput>) throws -> Style {
        var style = Style()
        for (name, value) in pairs { try style.set(name, value) }
        return style
    }

    static func start(_ screen: String, extra: [String: String] = [:]) async throws -> (TestBundle, LunarRuntime) {
        let bundle = try TestBundle(files: ["screens/home.lua": screen].merging(extra) { a, _ in a })
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: RuntimeOptions(clock: .virtual))
        _ = try await runtime.startRecording()
        return (bundle, runtime)
    }

    @Test func aStyleTableReachesTheRendererAsAStyleProp() async throws {
        let (bundle, runtime) = try await Self.start("""
            local ui = require("lunar.ui")
            return { render = function()
              return ui.Column { id = "page", style = { padding = 8, backgroundColor = "tomato", flexDirection = "row" },
                ui.Text { "hi", id = "title", style = { color = "#333", fontSize = 18, fontWeight = "bold" } },
                ui.Button { title = "Go", id = "go" },
              }
            end }
            """)
        defer { bundle.remove() }
        _ = await runtime.snapshot()
        #expect(await runtime.styleOf("page") == (try Self.style(["padding": .number(8), "backgroundColor": .string("tomato"), "flexDirection": .string("row")])))
        #expect(await runtime.styleOf("title") == (try Self.style(["color": .string("#333333"), "fontSize": .number(18), "fontWeight": .string("bold")])))
        #expect(await runtime.styleOf("go") == nil)
    }

    @Test func aListOfStylesMergesInOrderSkippingFalseAndNil() async throws {
        let (bundle, runtime) = try await Self.start("""
            local ui = require("lunar.ui")
            local s = ui.styles {
              card = { padding = 8, backgroundColor = "white", borderRadius = 4 },
              active = { backgroundColor = "gold" },
            }
            active = false
            return { render = function()
              return ui.Column {
                ui.Row { id = "card", style = { s.card, active and s.active, nil, { { margin = 2 } }, borderRadius = 6 } },
                ui.Row { id = "plain", style = active and s.active },
              }
            end }
            """)
        defer { bundle.remove() }
        _ = await runtime.snapshot()
        let inactive = try Self.style(["padding": .number(8), "backgroundColor": .string("white"), "borderRadius": .number(6), "margin": .number(2)])
        #expect(await runtime.styleOf("card") == inactive)

        #expect(await runtime.styleOf("plain") == nil)

        _ = try await runtime.lua("active = true")
        _ = await runtime.snapshot()
        var active = inactive
        try active.set("backgroundColor", .string("gold"))
        #expect(await runtime.styleOf("card") == active)
        #expect(await runtime.styleOf("plain") == (try Self.style(["backgroundColor": .string("gold")])))

        // Switched off again: the style prop goes (removed, so the renderer resets it).
        _ = await runtime.recordedBatches()
        _ = try await runtime.lua("active = false")
        _ = await runtime.snapshot()
        #expect(await runtime.styleOf("plain") == nil)
        #expect(await runtime.recordedBatches().joined().contains { mutation in
            if case .update(_, let update) = mutation { return update.removedProps.contains(.style) }
            return false
        })
    }

    @Test func uiStylesChecksAtDefinitionAndReturnsTheSameTable() async throws {
        let (bundle, runtime) = try await Self.start("""
            local ui = require("lunar.ui")
            return { render = function() return ui.Text "ok" end }
            """)
        defer { bundle.remove() }
        let same = try await runtime.lua("""
            local ui = require("lunar.ui")
            local t = { card = { padding = 8 } }
            return ui.styles(t) == t, ui.styles(t).card.padding
            """)
        #expect(same.first?.boolValue == true)
        #expect(same.dropFirst().first?.intValue == 8)

        for (code, message) in [
            ("ui.styles { card = { paddng = 4 } }", "bad argument #1 to 'ui.styles' (styles.card: unknown style key 'paddng' (did you mean 'padding'?))"),
            ("ui.styles { card = { color = 5 } }", "bad argument #1 to 'ui.styles' (styles.card.color must be a colour"),
            ("ui.styles { card = { width = \"wide\" } }", "styles.card.width must be a number >= 0, a percentage such as \"50%\", \"auto\", \"max-content\", \"fit-content\" or \"stretch\", got \"wide\""),
            ("ui.styles { card = 3 }", "bad argument #1 to 'ui.styles' (styles.card must be a table of style keys, got a number)"),
            ("ui.styles { { padding = 1 } }", "styles are named"),
        ] {
            do {
                _ = try await runtime.lua("local ui = require('lunar.ui')\n\(code)")
                Issue.record("no error for \(code)")
            } catch let error as LuaScriptError {
                // The error is at the line of the script that called ui.styles.
                #expect(error.message.hasPrefix("test:2: "), "\(error.message)")
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
    }

    @Test func aBadStyleInAScreenModuleFailsAtItsLine() async throws {
        let (bundle, runtime) = try await Self.start("""
            local ui = require("lunar.ui")
            local s = ui.styles {
              title = { fontSize = 18 },
              card = { backgroundColour = "red" },
            }
            return { render = function() return ui.Text { "x", style = s.title } end }
            """)
        defer { bundle.remove() }
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains("unknown style key 'backgroundColour' (did you mean 'backgroundColor'?)"), "\(snapshot)")
        #expect(snapshot.contains("screens/home.lua:2"), "\(snapshot)")
    }

    @Test func aBadStyleValueIsARenderErrorNamingTheElementAndKey() async throws {
        let (bundle, runtime) = try await Self.start("""
            local ui = require("lunar.ui")
            local screen = {}
            function screen:render()
              return ui.Column {
                ui.Text "fine",
                ui.Row { ui.Text { "bad", style = { { padding = 2 }, { opacity = 2 } } } },
              }
            end
            return screen
            """)
        defer { bundle.remove() }
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains("element at 2.1 (Text): style[2].opacity must be a number from 0 to 1, got 2"), "\(snapshot)")
        #expect(snapshot.contains("screens/home.lua:3"), "\(snapshot)")
    }

    @Test func aStyleSignalUpdatesOneNodeWithOneMutationAndNoRender() async throws {
        let (bundle, runtime) = try await Self.start("""
            local ui = require("lunar.ui")
            local signal = require("lunar.signal")
            local timer = require("lunar.timer")
            local s = ui.styles { card = { padding = 8, backgroundColor = "white" } }
            renders = 0
            local screen = {}
            function screen:load()
              self.width = signal.interval(2):take(1)   -- native, no :get(): absent until it sends 1
              self.color = signal.value("red")
              self.hidden = signal.value("blue")
              timer.after(3, function() self.color:set("#00ff00") end)
              timer.after(4, function() self.hidden:set("black") end)
              self.bad = signal.interval(6):take(1)     -- sends 1: not a colour
            end
            function screen:render()
              renders = renders + 1
              local rows = {}
              for i = 1, 20 do rows[i] = ui.Text { "row " .. i, style = s.card } end
              return ui.Column {
                ui.Row { id = "card", style = { s.card, { backgroundColor = self.color, width = self.width } } },
                ui.Row { id = "over", style = { { color = self.hidden }, { color = "green" } } },
                ui.Row { id = "tint", style = { borderColor = self.bad } },
                ui.Column(rows),
              }
            end
            return screen
            """)
        defer { bundle.remove() }
        let errors = SharedLog<String>()
        await runtime.onScriptError { errors.append($0.message) }
        func renders() async throws -> Int? { try await runtime.lua("return renders").first?.intValue }
        let rendersBefore = try #require(try await renders()) + 1
        _ = await runtime.snapshot()
        _ = await runtime.recordedBatches()
        #expect(await runtime.styleOf("card") == (try Self.style(["padding": .number(8), "backgroundColor": .string("red")])))

        // A native signal sends: one update of the one node, carrying the whole new style; no render.
        await runtime.advance(by: 2)
        var batches = await runtime.recordedBatches()
        let red = try Self.style(["padding": .number(8), "backgroundColor": .string("red"), "width": .number(1)])
        #expect(batches.count == 1 && batches.first?.count == 1, "\(batches)")
        if case .update(_, let update)? = batches.first?.first {
            #expect(update.props == Props([(PropName.style, .style(red))]))
        } else {
            Issue.record("expected one update, got \(batches)")
        }
        #expect(try await renders() == rendersBefore)

        // A property set from a Lua timer: the same one update (the re-render it schedules finds
        // nothing more to change).
        await runtime.advance(by: 1)
        batches = await runtime.recordedBatches()
        var green = red
        try green.set("backgroundColor", .string("#00ff00"))
        #expect(batches.count == 1 && batches.first?.count == 1, "\(batches)")
        #expect(await runtime.styleOf("card") == green)

        // A re-render keeps both values: the property's from :get(), the interval's as last sent.
        _ = try await runtime.lua("renders = renders")
        _ = await runtime.snapshot()
        let afterRender = await runtime.styleOf("card")
        #expect(afterRender == green, "\(String(describing: afterRender))")

        // A key a later style sets is not bound: its signal changes nothing.
        _ = await runtime.recordedBatches()
        await runtime.advance(by: 1)
        #expect(await runtime.styleOf("over") == (try Self.style(["color": .string("green")])))
        #expect(await runtime.recordedBatches().allSatisfy(\.isEmpty))

        // A value the key does not take is reported, naming the element; the style stays.
        await runtime.advance(by: 2)
        #expect(errors.all.contains { $0.contains("element at 3: style.borderColor must be a colour") && $0.contains("got 1") },
                "\(errors.all)")
        #expect(await runtime.styleOf("tint") == nil)
        #expect(await runtime.styleOf("card") == green)
    }

    @Test func aWholeStyleMayBeASignal() async throws {
        let (bundle, runtime) = try await Self.start("""
            local ui = require("lunar.ui")
            local signal = require("lunar.signal")
            local timer = require("lunar.timer")
            local screen = {}
            function screen:load()
              self.style = signal.value({ padding = 1 })
              timer.after(1, function() self.style:set({ padding = 3, color = "navy" }) end)
            end
            function screen:render() return ui.Column { ui.Text { "x", id = "x", style = self.style } } end
            return screen
            """)
        defer { bundle.remove() }
        _ = await runtime.snapshot()
        #expect(await runtime.styleOf("x") == (try Self.style(["padding": .number(1)])))
        await runtime.advance(by: 1)
        #expect(await runtime.styleOf("x") == (try Self.style(["padding": .number(3), "color": .string("navy")])))
    }

    /// `lunar types` completes every style key: the LuaLS class lists exactly the keys Lunar checks.
    @Test func theLuaLSStyleClassListsEveryKey() throws {
        let definitions = BridgeAPI.described()
        let style = try #require(definitions.classes.first { $0.name == "lunar.ui.Style" })
        #expect(style.properties.map(\.name).sorted() == StyleProperty.all.map(\.rawValue))
        let spec = try #require(definitions.classes.first { $0.name == "lunar.ui.Spec" })
        #expect(spec.properties.contains { $0.name == "style" && $0.type.contains("lunar.ui.Style") })
    }
}

extension LunarRuntime {
    /// The style prop of the visible node with element id `id`, as the renderer holds it.
    func styleOf(_ id: String) -> Style? {
        recordingRenderer?.headlessRenderer.element(id)?.props[.style]?.styleValue
    }
}
