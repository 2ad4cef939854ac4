import LunarUI

/// One screen the terminal renderer knows: its title, node tree, error overlay and how far
/// it is scrolled.
final class TerminalScreen {
    let id: ScreenID
    var title: String?
    /// The content and its focus; set focus through ``focused``, which scrolls to it.
    let tree = MountedTree()
    var error: ErrorOverlay?
    /// The focused node; nil when nothing is, or when the node went away.
    var focused: NodeID? {
        get { tree.focused }
        set {
            tree.focused = newValue
            revealsFocus = true
        }
    }
    /// The first content line shown.
    var scrollOffset = 0
    /// Whether the next layout scrolls the focused element into view (focus moved or the
    /// user typed); scrolling by hand clears it so the view stays where the user put it.
    var revealsFocus = true

    init(id: ScreenID) {
        self.id = id
    }

    /// The nodes Tab and the arrows stop at, in document order.
    var focusableNodes: [MountedNode] {
        var result: [MountedNode] = []
        tree.root?.forEachInPreorder { node in
            if node.isFocusable { result.append(node) }
        }
        return result
    }
}
