import Foundation
import LunarBridge
import LunarBundle
import LunarHeadlessHost
@testable import LunarRuntime
import LunarUI
import Testing

/// What any renderer reports back is checked by the runtime, the one place every renderer's
/// events pass (issue 28, "Smaller faults"): a field's text keeps to its `maxLength` whether it
/// arrives as `change` or `submit`, and an alert answer names one of the alert's buttons.
@Suite struct RendererAnswerTests {
    static func start(_ screen: String) async throws -> (TestBundle, LunarRuntime) {
        let bundle = try TestBundle(files: ["screens/home.lua": screen])
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: RuntimeOptions(clock: .virtual))
        _ = try await runtime.startHeadless()
        return (bundle, runtime)
    }

    /// Delivers `event` to the runtime as its renderer would.
    static func report(_ event: RendererEvent, to runtime: LunarRuntime) async {
        await runtime.withHost { host, _ in
            guard let renderer = host.renderer else { return }
            host.renderer(renderer, didReport: event)
        }
    }

    /// The (screen, node) of the only text field on the visible screen.
    static func field(of runtime: LunarRuntime) async -> (ScreenID, NodeID)? {
        await runtime.withHost { host, _ in
            guard let id = host.visibleScreen, let screen = host.screens[id],
                  let node = screen.reconciler.nodes(withElementID: "code").first else { return nil }
            return (id, node)
        }
    }

    @Test func submitAndChangeKeepToMaxLength() async throws {
        let (bundle, runtime) = try await Self.start("""
            local ui = require("lunar.ui")
            return { render = function()
              return ui.TextField { id = "code", placeholder = "Code", value = string.rep("x", 1000), maxLength = 5,
                onSubmit = function(text) SUBMITTED = text end, onChange = function(text) CHANGED = text end }
            end }
            """)
        defer { bundle.remove() }
        // The headless renderer's own submit: the field shows the script's 1,000 characters.
        try await runtime.perform(.submit(field: "Code"))
        #expect(try await runtime.lua("return SUBMITTED") == [.string("xxxxx")])
        // Another renderer reporting more text than fits, as a change and as a submit.
        let (screen, node) = try #require(await Self.field(of: runtime))
        await Self.report(.element(screen: screen, node: node, event: .change, payload: .string("abcdefgh")), to: runtime)
        #expect(try await runtime.lua("return CHANGED") == [.string("abcde")])
        await Self.report(.element(screen: screen, node: node, event: .submit, payload: .string("éééééééé")), to: runtime)
        #expect(try await runtime.lua("return SUBMITTED") == [.string("ééééé")])
        // Text within the limit arrives as it is.
        await Self.report(.element(screen: screen, node: node, event: .submit, payload: .string("ab")), to: runtime)
        #expect(try await runtime.lua("return SUBMITTED") == [.string("ab")])
    }

    @Test func anAlertAnswerOutsideItsButtonsIsIgnoredAndTheAlertStaysOpen() async throws {
        let (bundle, runtime) = try await Self.start("""
            local ui = require("lunar.ui")
            return { render = function()
              return ui.Button { title = "Ask", onPress = function()
                ui.alert { title = "Delete?", buttons = {
                  { title = "Cancel", role = "cancel", onPress = function() CHOSEN = "cancel" end },
                  { title = "Delete", role = "destructive", onPress = function() CHOSEN = "delete" end },
                } }
              end }
            end }
            """)
        defer { bundle.remove() }
        try await runtime.perform(.tap("Ask"))
        let alert = AlertID(1)
        for index in [-1, 2, Int.min, Int.max] {
            await Self.report(.alertButton(alert, index: index), to: runtime)
        }
        #expect(try await runtime.lua("return CHOSEN") == [.nil])
        // The alert is still waiting for its answer, and takes a real one.
        await Self.report(.alertButton(alert, index: 1), to: runtime)
        #expect(try await runtime.lua("return CHOSEN") == [.string("delete")])
    }
}
