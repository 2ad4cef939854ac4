import LunarUI

/// One screen the terminal renderer knows: its title, node tree, error overlay and how far
/// it is scrolled.
final class TerminalScreen {
    let id: ScreenID
    var title: String?
    /// The content and its focus; set focus through ``focused``, which scrolls to it.
    let tree = MountedTree()
    var error: ErrorOverlay?
    /// What painting derived from the tree's latest layout (the rows each subtree covers).
    let extent = ContentExtent()
    /// The focused node; nil when nothing is, or when the node went away. Setting it (the
    /// runtime, the user or the first field's automatic focus) decides focus for good.
    var focused: NodeID? {
        get { tree.focused }
        set {
            if newValue != tree.focused { caret = nil }
            tree.focused = newValue
            isFocusDecided = true
            revealsFocus = true
        }
    }
    /// Where the text cursor is in the focused field, in characters from its start; nil: at
    /// its end (where it is when the field takes focus, and stays as the runtime changes the text).
    var caret: Int?
    /// Whether focus was given or taken (by the runtime, by a key, or by focusing the first
    /// text field); until then, the first enabled text field that appears gets focus, so
    /// typing goes into it and `q` is typed rather than quitting.
    private(set) var isFocusDecided = false
    /// The first content line shown.
    var scrollOffset = 0
    /// Whether the next layout scrolls the focused element into view (focus moved or the
    /// user typed); scrolling by hand clears it so the view stays where the user put it.
    var revealsFocus = true
    /// Where `ui.scrollTo` put each `ScrollView`, in cells along its axis.
    var scrollOffsets: [NodeID: Int] = [:]
    /// The visible extent and offset last reported for each `ScrollView` and `List`, in points.
    var reportedPositions: [NodeID: (viewport: Double?, offset: Double)] = [:]

    init(id: ScreenID) {
        self.id = id
    }

    /// Focuses the first enabled text field, unless focus was decided already.
    func focusFirstFieldIfUndecided() {
        guard !isFocusDecided, let field = focusableNodes.first(where: { $0.kind == .textField }) else { return }
        focused = field.id
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
