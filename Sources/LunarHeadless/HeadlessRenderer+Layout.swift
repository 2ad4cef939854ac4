import LunarLayout
import LunarUI

extension HeadlessRenderer {
    /// Lays the visible screen out and reports ``RendererEvent/layout(screen:node:frame:)`` for
    /// each node declaring ``EventName/layout`` whose frame differs from the one last reported
    /// (every such node the first time). A handler that changes the screen is laid out again, up
    /// to 8 rounds. The headless driver calls it after each command and a spec after each `app.*`
    /// step, so `onLayout` runs as a device runs it after a layout pass.
    public func reportLayouts() {
        for _ in 0..<8 {
            guard let screen = visibleScreen, let record = visibleRecord, record.error == nil, let root = record.tree.root else { return }
            layOut(record.tree)
            var changed: [(NodeID, LayoutFrame)] = []
            root.forEachInPreorder { node in
                guard node.events.contains(.layout), record.reportedFrames[node.id] != node.frame else { return }
                changed.append((node.id, node.frame))
            }
            guard !changed.isEmpty else { return }
            for (node, frame) in changed {
                record.reportedFrames[node] = frame
                report(.layout(screen: screen, node: node, frame: frame))
            }
        }
    }
}
