import LunarHeadless
import LunarUI

/// Records what a renderer reports; `onEvent` plays the runtime's part when a test needs one.
final class RecordingDelegate: RendererDelegate {
    private(set) var events: [RendererEvent] = []
    var onEvent: ((RendererEvent) -> Void)?

    func renderer(_ renderer: any Renderer, didReport event: RendererEvent) {
        events.append(event)
        onEvent?(event)
    }
}

/// A headless renderer with one reconciler per screen: what the runtime does, minus Lua.
final class HeadlessHarness {
    let renderer = HeadlessRenderer()
    let delegate = RecordingDelegate()
    private(set) var reconcilers: [ScreenID: Reconciler] = [:]

    init() {
        renderer.delegate = delegate
    }

    func render(_ tree: Element?, on screen: ScreenID) {
        let reconciler = reconcilers[screen] ?? Reconciler()
        reconcilers[screen] = reconciler
        renderer.apply(reconciler.reconcile(tree), to: screen)
    }

    func node(at path: [Int], on screen: ScreenID) -> NodeID? {
        reconcilers[screen]?.node(at: path)
    }
}
