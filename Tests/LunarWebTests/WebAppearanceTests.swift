import LunarTestSupport
import LunarUI
@testable import LunarWeb
import Testing

/// The page's `prefers-color-scheme` reaches the runtime as ``RendererEvent/appearance(_:)`` (issue 31).
@Suite struct WebAppearanceTests {
    @Test func thePageReportsItsColourScheme() throws {
        #expect(try PageMessage.parse(#"{"t":"appearance","v":"dark"}"#) == .appearance(.dark))
        #expect(try PageMessage.parse(#"{"t":"appearance","v":"light"}"#) == .appearance(.light))
        let renderer = WebRenderer(outbox: WebOutbox { _ in }, files: WebFiles(tab: 1))
        let delegate = RecordingDelegate()
        renderer.delegate = delegate
        #expect(renderer.receive(.appearance(.dark)) == nil)
        #expect(delegate.events == [.appearance(.dark)])
    }

    @Test(arguments: [#"{"t":"appearance","v":"dim"}"#, #"{"t":"appearance","v":true}"#])
    func anotherSchemeIsRefused(text: String) {
        #expect(throws: PageMessageError(#"malformed appearance ("v" must be "light" or "dark")"#)) { try PageMessage.parse(text) }
    }
}

/// The page's viewport reaches the runtime as ``RendererEvent/window(_:)`` (issue 31).
@Suite struct WebWindowTests {
    @Test func thePageReportsItsViewport() throws {
        let metrics = WindowMetrics(width: 420, height: 760, scale: 2, fontScale: 1.25)
        #expect(try PageMessage.parse(#"{"t":"window","w":420,"h":760,"scale":2,"fontScale":1.25}"#) == .window(metrics))
        let renderer = WebRenderer(outbox: WebOutbox { _ in }, files: WebFiles(tab: 1))
        let delegate = RecordingDelegate()
        renderer.delegate = delegate
        #expect(renderer.receive(.window(metrics)) == nil)
        #expect(delegate.events == [.window(metrics)])
    }

    @Test func aScaleOutOfRangeIsRefused() {
        #expect(throws: PageMessageError(#"malformed window ("scale" must be a number from 0.01 to 100)"#)) {
            try PageMessage.parse(#"{"t":"window","w":420,"h":760,"scale":0,"fontScale":1}"#)
        }
    }
}
