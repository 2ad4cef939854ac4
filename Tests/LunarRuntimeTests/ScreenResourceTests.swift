import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarUI
import Testing

@Suite struct ScreenResourceTests {
    @Test func tenThousandPushPopCyclesLeakNothing() async throws {
        let bundle = try TestBundle(files: [
            "screens/home.lua": "local ui = require('lunar.ui') return { render = function() return ui.Text('home') end }",
            "screens/detail.lua": """
            local ui = require("lunar.ui")
            local timer = require("lunar.timer")
            local screen = {}
            function screen:load(params)
              self.rows = {}
              for i = 1, 20 do self.rows[i] = { id = i, name = "row " .. i } end
              -- A timer the screen cancels when it closes.
              self.tick = timer.every(1, function() end)
            end
            function screen:unload() self.tick:cancel() end
            function screen:render()
              return ui.Column {
                ui.TextField { placeholder = "Search", onChange = function(t) self.query = t end },
                ui.List { items = self.rows, key = "id", row = function(r) return ui.Text(r.name) end },
                ui.Button { title = "Close", onPress = function() require("lunar.navigator").pop() end },
              }
            end
            return screen
            """,
        ])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        func measure() async throws -> (refs: Int, memory: Int) {
            try await runtime.withHost { _, state in
                _ = try state.run("collectgarbage() collectgarbage()")
                _ = try state.run("return 1")
                return (state.liveReferences, state.memoryInUse)
            }
        }
        try await runtime.run(.open("/navPush/detail"), .tap("Close"))
        let before = try await measure()
        for _ in 0..<10_000 {
            try await runtime.run(.open("/navPush/detail"), .type(field: "Search", text: "x"), .tap("Close"))
        }
        let after = try await measure()
        #expect(after.refs == before.refs, "registry references leaked: \(before.refs) → \(after.refs)")
        #expect(after.memory < before.memory + 256 * 1024, "Lua memory grew: \(before.memory) → \(after.memory)")
        #expect(runtime.executor.nextDeadline == nil, "a timer of a closed screen is still pending")
        #expect(await runtime.snapshot().hasPrefix("== (untitled) =="))
    }

    @Test func typingUpdatesOnlyWhatChanged() async throws {
        let bundle = try TestBundle(files: [
            "screens/home.lua": """
            local ui = require("lunar.ui")
            local screen = { title = "Form", text = "" }
            function screen:render()
              local rows = {}
              for i = 1, 100 do rows[i] = ui.Text("static " .. i) end
              return ui.Column {
                ui.Text("You typed: " .. self.text),
                ui.TextField { placeholder = "Name", value = self.text, onChange = function(t) self.text = t end },
                ui.Column(rows),
              }
            end
            return screen
            """,
        ])
        defer { bundle.remove() }
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: RuntimeOptions(clock: .virtual))
        let recorder = try await runtime.startRecording()
        _ = recorder
        try await runtime.run(.type(field: "Name", text: "a"))
        let batches = await runtime.recordedBatches()
        // The keystroke re-renders the screen; only the label's text changes
        // (the field already shows what was typed, so it needs no update).
        #expect(batches.count == 1)
        #expect(batches.first?.count == 1)
        if case .update(_, let update)? = batches.first?.first {
            #expect(update.props[PropName.text] == .string("You typed: a"))
        } else {
            Issue.record("expected one update, got \(batches)")
        }
    }
}

extension LunarRuntime {
    /// Starts with a recording renderer; returns nothing the test must hold.
    func startRecording() throws -> Bool {
        try start(renderer: RecordingRenderer())
        if let recorder = recordingRenderer { recorder.batches = [] }
        return true
    }

    var recordingRenderer: RecordingRenderer? {
        withHost { host, _ in UncheckedSendableBox(host.renderer as? RecordingRenderer) }.value
    }

    func recordedBatches() -> [[Mutation]] {
        let batches = recordingRenderer?.batches.map(\.1) ?? []
        recordingRenderer?.batches = []
        return batches
    }
}

struct UncheckedSendableBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
