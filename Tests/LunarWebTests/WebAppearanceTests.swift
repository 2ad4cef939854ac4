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
