import Foundation
import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import Testing

/// Components at their edges: failed renders, reused element tables, nested components,
/// list rows across screen renders, callbacks from hooks, signal writes, duplicate keys.
@Suite struct ComponentEdgeTests {
    /// A counter component (`Counter { label = ... }`): "+<label>" adds one to its own state.
    static let counter = """
        local ui = require("lunar.ui")
        log = log or {}
        return ui.component {
          name = "Counter",
          state = { n = 0 },
          mount = function(self) log[#log + 1] = "mount " .. tostring(self.props.label) end,
          unmount = function(self) log[#log + 1] = "unmount " .. tostring(self.props.label) end,
          render = function(self, props)
            return ui.Column {
              ui.Text { id = "n-" .. tostring(props.label), text = tostring(props.label) .. " n=" .. self.state.n },
              ui.Button { title = "+" .. tostring(props.label), onPress = function() self:setState { n = self.state.n + 1 } end },
            }
          end,
        }
        """

    func start(_ screen: String, _ extra: [String: String] = [:], recording: Bool = false) async throws -> (TestBundle, LunarRuntime, ErrorList) {
        let bundle = try TestBundle(files: ["components/counter.lua": Self.counter, "screens/home.lua": screen].merging(extra) { $1 })
        let runtime: LunarRuntime
        if recording {
            runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: RuntimeOptions(clock: .virtual))
            _ = try await runtime.startRecording()
        } else {
            runtime = try await bundle.start()
        }
        let errors = ErrorList()
        let box = UncheckedSendableBox(errors)
        await runtime.onScriptError { box.value.add($0.message) }
        return (bundle, runtime, errors)
    }

    func log(_ runtime: LunarRuntime) async throws -> [String] {
        try await runtime.withHost { _, state in
            guard case .table(let table) = try state.global("log") else { return [] }
            return table.array.compactMap(\.stringValue)
        }
    }

    @Test func aRenderThatFailedInAChildRendersAgainOnceFixed() async throws {
        let (bundle, runtime, errors) = try await start("""
            local ui = require("lunar.ui")
            local Child = ui.component { name = "Child", render = function(_, props)
              if fail then error("child fails") end
              return ui.Text { id = "child", text = "child " .. props.label }
            end }
            local Parent = ui.component { name = "Parent", render = function(_, props)
              return ui.Column { ui.Text { id = "parent", text = "P " .. props.label }, Child { label = props.label } }
            end }
            local screen = { title = "T" }
            function screen:load() self.label = "old" end
            function screen:render()
              return ui.Column { Parent { label = self.label },
                ui.Button { title = "Break", onPress = function() self.label = "new"; fail = true end },
                ui.Button { title = "Mend", onPress = function() fail = false end } }
            end
            return screen
            """)
        defer { bundle.remove() }
        try await runtime.run(.tap("Break"))
        #expect(errors.messages.last?.contains("child fails (in component 'Child')") == true)
        _ = try await runtime.lua("fail = false")
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains("Text #parent \"P new\""))
        #expect(snapshot.contains("Text #child \"child new\""))
    }

    @Test func listRowComponentsKeepTheirStateWhenTheScreenRendersAgain() async throws {
        let (bundle, runtime, _) = try await start("""
            local ui = require("lunar.ui")
            local Counter = require("components.counter")
            local items = { { id = 1, label = "r1" }, { id = 2, label = "r2" } }
            local screen = { title = "Rows" }
            function screen:render()
              return ui.Column {
                ui.Text { id = "touches", text = "touches " .. (self.touches or 0) },
                ui.Button { title = "Touch", onPress = function() self.touches = (self.touches or 0) + 1 end },
                ui.List { items = items, key = "id", row = function(item) return Counter { label = item.label } end },
              }
            end
            return screen
            """)
        defer { bundle.remove() }
        try await runtime.run(.tap("+r2"), .tap("Touch"), .tap("Touch"))
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains("Text #touches \"touches 2\""))
        #expect(snapshot.contains("Text #n-r2 \"r2 n=1\""))
        #expect(try await log(runtime) == ["mount r1", "mount r2"])
    }

    @Test func anElementTableTheScreenKeepsRendersItsComponentEveryTime() async throws {
        let (bundle, runtime, _) = try await start("""
            local ui = require("lunar.ui")
            local Counter = require("components.counter")
            local footer = ui.Column { Counter { label = "f" } }
            local screen = { title = "T" }
            function screen:render()
              return ui.Column { ui.Button { title = "Touch", onPress = function() end }, footer }
            end
            return screen
            """)
        defer { bundle.remove() }
        try await runtime.run(.tap("Touch"), .tap("+f"), .tap("Touch"), .tap("+f"))
        #expect(await runtime.snapshot().contains("Text #n-f \"f n=2\""))
        #expect(try await log(runtime) == ["mount f"])
    }

    @Test func aComponentThatRendersAComponentKeepsItsKeyThroughTheInnersSetState() async throws {
        let (bundle, runtime, _) = try await start("""
            local ui = require("lunar.ui")
            local Counter = require("components.counter")
            local Outer = ui.component { name = "Outer", render = function(_, props) return Counter { label = props.label } end }
            return { title = "T", render = function()
              return ui.Column { Outer { key = "a", label = "a" }, Outer { key = "b", label = "b" } }
            end }
            """, recording: true)
        defer { bundle.remove() }
        _ = await runtime.snapshot()
        _ = await runtime.recordedBatches()
        try await runtime.run(.tap("+b"))
        // One text changed: the keyed row kept its node.
        let batches = await runtime.recordedBatches()
        #expect(batches.map(\.count) == [1])
        #expect(await runtime.snapshot().contains("Text #n-b \"b n=1\""))
    }

    @Test func unnamedComponentsOfOneFileStayTwoWhenAnotherModuleLoadsBetween() async throws {
        let (bundle, runtime, _) = try await start("""
            local ui = require("lunar.ui")
            local A = ui.component { render = function() return ui.Text "A" end }
            require("lib.plain")
            local B = ui.component { render = function() return ui.Text "B" end }
            return { title = "T", render = function() return ui.Row { A {}, B {} } end }
            """, ["lib/plain.lua": "return {}"])
        defer { bundle.remove() }
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains("Text \"A\""))
        #expect(snapshot.contains("Text \"B\""))
    }

    @Test func aScreenCallbackCalledFromMountRendersTheScreen() async throws {
        let (bundle, runtime, _) = try await start("""
            local ui = require("lunar.ui")
            local Kid = ui.component { name = "Kid",
              mount = function(self) self.props.onReady() end,
              render = function() return ui.Text "kid" end }
            local screen = { title = "T" }
            function screen:render()
              return ui.Column { ui.Text { id = "status", text = self.ready and "ready" or "waiting" },
                Kid { onReady = function() self.ready = true end } }
            end
            return screen
            """)
        defer { bundle.remove() }
        #expect(await runtime.snapshot().contains("Text #status \"ready\""))
    }

    @Test func aComponentHandlerThatWritesASignalRendersTheScreenThatReadsIt() async throws {
        let (bundle, runtime, _) = try await start("""
            local ui = require("lunar.ui")
            local signal = require("lunar.signal")
            local Picker = ui.component { name = "Picker", render = function(_, props)
              return ui.Button { title = "Pick", onPress = function() props.selected:set("b") end }
            end }
            local screen = { title = "T" }
            function screen:load() self.selected = signal.value("a") end
            function screen:render()
              return ui.Column { ui.Text { id = "sel", text = "selected " .. self.selected:get() }, Picker { selected = self.selected } }
            end
            return screen
            """)
        defer { bundle.remove() }
        try await runtime.run(.tap("Pick"))
        #expect(await runtime.snapshot().contains("Text #sel \"selected b\""))
    }

    @Test func anUnmountErrorNamesItsComponentAndTheOthersStillUnmount() async throws {
        let (bundle, runtime, errors) = try await start("""
            local ui = require("lunar.ui")
            local Counter = require("components.counter")
            local Leaf = ui.component { name = "Leaf", unmount = function() error("leaf unmount failed") end,
              render = function() return ui.Text "leaf" end }
            local screen = { title = "T" }
            function screen:render()
              if self.gone then return ui.Text "gone" end
              return ui.Column { Leaf {}, Counter { label = "c" }, ui.Button { title = "Go", onPress = function() self.gone = true end } }
            end
            return screen
            """)
        defer { bundle.remove() }
        try await runtime.run(.tap("Go"))
        #expect(errors.messages.contains { $0.contains("leaf unmount failed (in component 'Leaf')") })
        #expect(try await log(runtime).contains("unmount c"))
    }

    @Test func siblingsWithOneKeyAreRefused() async throws {
        let (bundle, runtime, _) = try await start("""
            local ui = require("lunar.ui")
            local Counter = require("components.counter")
            return { title = "T", render = function()
              return ui.Column { Counter { key = 1, label = "x" }, Counter { key = 1, label = "y" } }
            end }
            """)
        defer { bundle.remove() }
        #expect(await runtime.snapshot().contains("siblings given the same key '1'"))
    }
}
