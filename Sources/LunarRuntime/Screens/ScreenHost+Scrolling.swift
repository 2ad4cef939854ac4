import LunarUI

/// `ui.scrollTo` and `ui.scrollToEnd`: a script scrolls a `ScrollView` or `List` by its id.
/// The request waits for the render after the script's turn (so the renderer has the node as
/// the script last drew it), then goes to the renderer, which reports the new position back.
extension ScreenHost {
    /// Queues a scroll of the `ScrollView` or `List` whose id is `elementID` on the visible
    /// screen: to `y` (or `x` when it is horizontal; 0 when absent), or to its end. Returns nil
    /// when queued, else what is wrong, for `ui.scrollTo` to raise at the script's line.
    func scrollTo(elementID: String, x: Double?, y: Double?, animated: Bool, toEnd: Bool) -> String? {
        guard let id = visibleScreen, let screen = screens[id] else { return "no screen is shown" }
        let named = screen.reconciler.nodes(withElementID: elementID)
        let scrolling = named.filter { screen.reconciler.kind(of: $0) == .scrollView || screen.reconciler.kind(of: $0) == .list }
        guard let node = scrolling.first else {
            if let other = named.first, let kind = screen.reconciler.kind(of: other) {
                return "#\(elementID) on \(screen.module) is a \(kind.rawValue), not a ScrollView or List"
            }
            return "no ScrollView or List with id '\(elementID)' on \(screen.module) (give it `id = \"\(elementID)\"`; it must be rendered)"
        }
        guard scrolling.count == 1 else {
            return "\(scrolling.count) scrolling elements on \(screen.module) have the id '\(elementID)'; ids must be unique"
        }
        let horizontal = screen.reconciler.props(of: node)?[.horizontal]?.boolValue ?? false
        let target: ScrollTarget = toEnd ? .end : .offset((horizontal ? x : y) ?? 0)
        renderPass.queue(PendingScroll(screen: id, node: node, target: target, animated: animated))
        scheduleRender()
        return nil
    }

    /// Sends the queued scrolls to the renderer (after a render, or when no render is due).
    func sendPendingScrolls() {
        for scroll in renderPass.takeScrolls() where screens[scroll.screen] != nil {
            renderer?.scroll(scroll.node, to: scroll.target, animated: scroll.animated, on: scroll.screen)
        }
    }
}

/// A scroll `ui.scrollTo` asked for, waiting for the next render.
struct PendingScroll {
    var screen: ScreenID
    var node: NodeID
    var target: ScrollTarget
    var animated: Bool
}
