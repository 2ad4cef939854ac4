import LunarHeadless
import LunarUI
import LunarTestSupport


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
