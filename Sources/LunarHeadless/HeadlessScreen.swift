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

    init(id: ScreenID) {
        self.id = id
    }
}
