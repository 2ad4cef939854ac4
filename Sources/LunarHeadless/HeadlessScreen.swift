import LunarLayout
import LunarUI

/// One screen the headless renderer knows: its title, node tree and error overlay.
final class HeadlessScreen {
    let id: ScreenID
    var title: String?
    /// The content and its focus.
    let tree = MountedTree()
    var error: ErrorOverlay?
    /// The viewport extent last reported for each scrolling node.
    var viewports: [NodeID: Double] = [:]
    /// The content offset each scrolling node was scrolled to (by input or the runtime).
    var offsets: [NodeID: Double] = [:]
    /// The frame last reported as `layout` for each node declaring it (``HeadlessRenderer/reportLayouts()``).
    var reportedFrames: [NodeID: LayoutFrame] = [:]

    init(id: ScreenID) {
        self.id = id
    }
}
