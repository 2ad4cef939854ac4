import LunarUI

@testable import LunarTerminal
import LunarTestSupport
import Testing

/// The terminal's look comes from `LUNAR_APPEARANCE` (issue 31): reported as its delegate is set.
@Suite struct TerminalAppearanceTests {
    @Test func lunarAppearanceNamesTheLookAndLightIsTheDefault() {
        #expect(TerminalRenderer.appearance(environment: ["LUNAR_APPEARANCE": "dark"]) == .dark)
        #expect(TerminalRenderer.appearance(environment: ["LUNAR_APPEARANCE": "light"]) == .light)
        #expect(TerminalRenderer.appearance(environment: ["LUNAR_APPEARANCE": "Dark"]) == .light)
        #expect(TerminalRenderer.appearance(environment: [:]) == .light)
    }

    @Test func aDarkTerminalReportsItsLookWhenItsDelegateIsSet() {
        let dark = TerminalRenderer(hop: { $0() }, onQuit: {}, appearance: .dark)
        let delegate = RecordingDelegate()
        dark.delegate = delegate
        #expect(delegate.events == [.appearance(.dark)])
        let light = TerminalRenderer(hop: { $0() }, onQuit: {}, appearance: .light)
        let quiet = RecordingDelegate()
        light.delegate = quiet
        #expect(quiet.events.isEmpty, "light is what the runtime assumes")
    }
}

/// The terminal's window is its size in points (8 a column, 16 a row), reported on each resize.
@Suite struct TerminalWindowTests {
    @Test func aResizeReportsTheWindowInPoints() {
        let harness = TerminalHarness(width: 40, height: 12)
        harness.renderer.handle(.resize)
        #expect(harness.delegate.events == [.window(WindowMetrics(width: 320, height: 192))])
    }
}
