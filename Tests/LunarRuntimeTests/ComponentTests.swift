import Foundation
import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import LunarUI
import Testing

/// Components (`ui.component`, docs/lua/components.md): state of their own, identity by place
/// and key, renders only of what changed, lifecycle, hot reload, errors, list rows.
@Suite struct ComponentTests {
    /// A card that counts its own renders (`renders[title]`) and toggles its own `open` state.
    static let card = """
        local ui = require("lunar.ui")
        renders = renders or {}
        events = events or {}
        return ui.component {
          name = "Card",
          state = function(props) return { open = props.open or false } end,
          mount = function(self) events[#events + 1] = "mount " .. self.props.title end,
          update = function(self, old) events[#events + 1] = "update " .. old.title .. ">" .. self.props.title end,
          unmount = function(self) events[#events + 1] = "unmount " .. self.props.title end,
          render = function(self, props, children)
            renders[props.title] = (renders[props.title] or 0) + 1
            return ui.Column {
              ui.Text { id = "title-" .. props.title, text = props.title .. (self.state.open and " (open)" or "") },
              ui.Button { title = "Toggle " .. props.title, onPress = function()
                self:setState { open = not self.state.open }
              end },
              ui.Row(children),
            }
          end,
        }
        """

    /// A screen of cards: `self.titles` in order, keyed by title; `screenRenders` counts its renders.
    static let list = """
        local ui = require("lunar.ui")
        local Card = require("components.card")
        local screen = { title = "Cards" }
        screenRenders = 0
        function screen:load() self.titles = { "a", "b", "c" }; self.extra = "" end
        function screen:render()
          screenRenders = screenRenders + 1
          local cards = {}
          for _, t in ipairs(self.titles) do cards[#cards + 1] = Card { title = t, key = t } end
          cards[#cards + 1] = ui.Button { title = "Rename", onPress = function() self.titles[2] = "B" end }
          cards[#cards + 1] = ui.Button { title = "Drop", onPress = function() table.remove(self.titles, 1) end }
          cards[#cards + 1] = ui.Button { title = "Reverse", onPress = function()
            self.titles = { self.titles[3], self.titles[2], self.titles[1] }
          end }
          cards[#cards + 1] = ui.Button { title = "Touch", onPress = function() self.extra = self.extra .. "!" end }
          return ui.Column(cards)
        end
        return screen
        """

    func start(_ files: [String: String] = [:], recording: Bool = false) async throws -> (TestBundle, LunarRuntime) {
        let bundle = try TestBundle(files: ["components/card.lua": Self.card, "screens/home.lua": Self.list].merging(files) { $1 })
        let runtime: LunarRuntime
        if recording {
            runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: RuntimeOptions(clock: .virtual))
            _ = try await runtime.startRecording()
        } else {
            runtime = try await bundle.start()
        }
        // Counting starts once the first screen is shown (its opening steps are turns of Lua too).
        _ = await runtime.snapshot()
        await runtime.withHost { _, state in
            state.setGlobal("renders", LuaValue.table(LuaTable()))
            state.setGlobal("screenRenders", 0)
        }
        return (bundle, runtime)
    }

    /// "a=1 b=2 screen=1": each card's renders by title, then the screen's, read raw (running Lua
    /// to read them would be a turn of Lua, which renders the screen).
    func renders(_ runtime: LunarRuntime) async throws -> String {
        _ = await runtime.snapshot()
        return try await runtime.withHost { _, state in
            var out: [String] = []
            if case .table(let table) = try state.global("renders") {
                for case (.string(let key), let value) in table.fields { out.append("\(key)=\(value.intValue ?? -1)") }
            }
            out.sort()
            out.append("screen=\(try state.global("screenRenders").intValue ?? -1)")
            return out.joined(separator: " ")
        }
    }

    func events(_ runtime: LunarRuntime) async throws -> [String] {
        let text = try await runtime.lua("local e = table.concat(events, ','); events = {}; return e").first?.stringValue ?? ""
        return text.isEmpty ? [] : text.split(separator: ",").map(String.init)
    }

    @Test func aComponentRendersItsPropsAndChildrenAndMountsAfterTheFirstRender() async throws {
        let (bundle, runtime) = try await start(["screens/home.lua": """
            local ui = require("lunar.ui")
            local Card = require("components.card")
            return { title = "One", render = function()
              return Card { title = "x", ui.Text "child", nil, ui.Text "after" }
            end }
            """])
        defer { bundle.remove() }
        #expect(await runtime.snapshot() == """
            == One ==
            Column
              Text #title-x "x"
              Button "Toggle x"
              Row
                Text "child"
                Text "after"

            """)
        // Mounted once; the screen has no appear hooks, so it rendered once (issue 35).
        do { let e = try await events(runtime); #expect(e == ["mount x"]) }
    }

    @Test func setStateRendersThatInstanceOnlyNotItsScreenOrSiblings() async throws {
        let (bundle, runtime) = try await start(recording: true)
        defer { bundle.remove() }
        let counts1 = try await renders(runtime); #expect(counts1 == "screen=0")
        _ = await runtime.recordedBatches()
        try await runtime.run(.tap("Toggle b"))
        // One text changed: one update of one node.
        let batches = await runtime.recordedBatches()
        let counts2 = try await renders(runtime); #expect(counts2 == "b=1 screen=0")
        #expect(batches.count == 1)
        #expect(batches.first?.count == 1)
    }

    @Test func aParentRenderRendersOnlyTheChildWhosePropsChanged() async throws {
        let (bundle, runtime) = try await start()
        defer { bundle.remove() }
        try await runtime.run(.tap("Touch"))
        // The screen rendered; no card's props changed.
        let counts3 = try await renders(runtime); #expect(counts3 == "screen=1")
        try await runtime.run(.tap("Rename"))
        // "B" is a new key: a new instance; "b" unmounted.
        let counts4 = try await renders(runtime); #expect(counts4 == "B=1 screen=2")
        do { let e = try await events(runtime); #expect(e == ["mount a", "mount b", "mount c", "unmount b", "mount B"]) }
    }

    @Test func stateSurvivesAParentRenderAndFollowsItsKeyWhenSiblingsMove() async throws {
        let (bundle, runtime) = try await start()
        defer { bundle.remove() }
        try await runtime.run(.tap("Toggle a"), .tap("Touch"))
        #expect(await runtime.snapshot().contains("Text #title-a \"a (open)\""))
        try await runtime.run(.tap("Reverse"))
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains("Text #title-a \"a (open)\""))
        #expect(snapshot.contains("Text #title-c \"c\""))
        // Moving renders nothing again: the same props, the same instances.
        let counts5 = try await renders(runtime); #expect(counts5 == "a=1 screen=2")
        try await runtime.run(.tap("Drop"))
        do { let e = try await events(runtime); #expect(e.last == "unmount c") }
    }

    @Test func aCallbackPropOfTheScreenRendersTheScreenAfterTheEvent() async throws {
        let (bundle, runtime) = try await start([
            "components/stepper.lua": """
                local ui = require("lunar.ui")
                return ui.component { name = "Stepper", render = function(_, props)
                  return ui.Button { title = "Step", onPress = function() props.onStep() end }
                end }
                """,
            "screens/home.lua": """
                local ui = require("lunar.ui")
                local Stepper = require("components.stepper")
                local screen = { title = "Steps" }
                function screen:load() self.count = 0 end
                function screen:render()
                  return ui.Column {
                    ui.Text { id = "count", text = "count " .. self.count },
                    Stepper { onStep = function() self.count = self.count + 1 end },
                  }
                end
                return screen
                """,
        ])
        defer { bundle.remove() }
        try await runtime.run(.tap("Step"), .tap("Step"))
        #expect(await runtime.snapshot().contains("Text #count \"count 2\""))
    }

    @Test func aHotReloadOfTheComponentKeepsEachInstancesStateAndRunsTheNewCode() async throws {
        let (bundle, runtime) = try await start()
        defer { bundle.remove() }
        try await runtime.run(.tap("Toggle b"))
        try bundle.write("components/card.lua", Self.card.replacingOccurrences(of: "\" (open)\"", with: "\" [open]\""))
        let report = await runtime.reload(changedFiles: ["components/card.lua"])
        #expect(report.failed.isEmpty)
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains("Text #title-b \"b [open]\""))
        #expect(snapshot.contains("Text #title-a \"a\""))
        // The new handler code runs on the kept instance.
        try await runtime.run(.tap("Toggle b"))
        #expect(await runtime.snapshot().contains("Text #title-b \"b\""))
        // `--@refresh reset` starts every instance over (its initial state, mount again).
        try await runtime.run(.tap("Toggle a"))
        _ = try await events(runtime)
        try bundle.write("components/card.lua", "--@refresh reset\n" + Self.card)
        #expect(await runtime.reload(changedFiles: ["components/card.lua"]).failed.isEmpty)
        #expect(await runtime.snapshot().contains("Text #title-a \"a\""))
        do { let e = try await events(runtime); #expect(e.filter { $0.hasPrefix("mount") }.count == 3) }
    }

    @Test func aRenderErrorNamesTheComponentAndItsLineAndKeepsTheLastGoodTree() async throws {
        let (bundle, runtime) = try await start(["components/card.lua": Self.card.replacingOccurrences(
            of: "renders[props.title] = (renders[props.title] or 0) + 1",
            with: "renders[props.title] = (renders[props.title] or 0) + 1\n    if self.state.open then error('boom') end")],
            recording: true)
        defer { bundle.remove() }
        let recorded = UncheckedSendableBox(ErrorList())
        await runtime.onScriptError { recorded.value.add($0.message) }
        _ = await runtime.recordedBatches()
        try await runtime.run(.tap("Toggle b"))
        let errors = recorded.value.messages
        #expect(errors == ["components/card.lua:12: boom (in component 'Card')"])
        // The overlay names it; nothing of the screen's last good tree was changed.
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains("Error \"boom (in component 'Card')\""))
        #expect(snapshot.contains("at components/card.lua:12"))
        #expect(await runtime.recordedBatches().isEmpty)
    }

    @Test func listRowsMayBeComponentsWithStateWhileTheirRowIsBuilt() async throws {
        let (bundle, runtime) = try await start(["screens/home.lua": """
            local ui = require("lunar.ui")
            local Card = require("components.card")
            local items = {}
            for i = 1, 50 do items[i] = { id = i, title = "t" .. i } end
            return { title = "Rows", render = function()
              return ui.List { id = "rows", items = items, key = "id", row = function(item)
                return Card { title = item.title }
              end }
            end }
            """])
        defer { bundle.remove() }
        try await runtime.run(.tap("Toggle t2"))
        #expect(await runtime.snapshot().contains("Text #title-t2 \"t2 (open)\""))
        let counts6 = try await renders(runtime); #expect(counts6 == "t2=1 screen=0")
    }

    @Test func badDeclarationsAreRefusedAtTheCallersLine() async throws {
        let (bundle, runtime) = try await start()
        defer { bundle.remove() }
        let problems = try await runtime.lua("""
            local ui = require("lunar.ui")
            local a = select(2, pcall(ui.component, { name = "NoRender" }))
            local b = select(2, pcall(ui.component, { render = function() end, state = 3 }))
            local C = ui.component { name = "C", render = function() return ui.Text "c" end }
            local c = select(2, pcall(C, "text"))
            return a, b, c
            """).map { $0.stringValue ?? "" }
        #expect(problems[0].contains("'render' must be a function"))
        #expect(problems[1].contains("'state' must be a table or a function"))
        #expect(problems[2].contains("C needs a table of props"))
    }
}

final class ErrorList: @unchecked Sendable {
    private(set) var messages: [String] = []
    func add(_ message: String) { messages.append(message) }
}
