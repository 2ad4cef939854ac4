import LunarUI

/// Everything the terminal shows at one moment, gathered by the renderer for layout: the
/// visible screen and the overlays above it.
struct Scene {
    /// The visible screen and what layout needs to know about it.
    struct Screen {
        /// The navigation title; nil for none.
        var title: String?
        /// Whether Esc leads somewhere (a screen beneath, or a modal to close): shows the back hint.
        var canGoBack = false
        /// The content and its layout; nil while the screen has none.
        var tree: MountedTree?
        /// What painting derives from the tree's layout, kept between frames.
        var extent = ContentExtent()
        /// The focused node.
        var focused: NodeID?
        /// Where the text cursor is in the focused field, in characters; nil: at its end.
        var caret: Int?
        /// Shown instead of the content when set.
        var error: ErrorOverlay?
        /// The first content line the screen was showing.
        var scrollOffset = 0
        /// Whether to scroll the focused element into view.
        var revealsFocus = true
        /// Where `ui.scrollTo` put each `ScrollView`, in cells along its axis.
        var scrollOffsets: [NodeID: Int] = [:]
    }
    /// Which frame of the spinner `ActivityIndicator`s show.
    var spinnerPhase = 0

    /// The visible screen; nil when none is shown.
    var screen: Screen?
    /// Whether the HUD is shown.
    var isHUDShown = false
    /// The HUD's text; nil for a bare "busy" box.
    var hudText: String?
    /// The toast on the bottom line.
    var toast: String?
    /// The host's status line, on the bottom line when there is no toast.
    var status: String?
    /// Whether the status reports a failure (shown as an error).
    var isStatusError = false
    /// The front alert.
    var alert: Alert?
    /// The index of the alert button Enter chooses.
    var selectedAlertButton = 0
}

/// One laid-out screenful: the cells to paint, where the cursor goes, and how far the
/// content ended up scrolled (the renderer keeps it for the next frame).
struct TerminalFrame: Equatable {
    /// Exactly the terminal's size.
    var grid: CellGrid
    /// Where the text cursor shows; nil hides it.
    var cursor: CellPosition?
    /// The first content line shown.
    var scrollOffset: Int
    /// The spinning `ActivityIndicator`s shown, in terminal coordinates.
    var spinners: [SpinnerCell] = []
    /// How far each `ScrollView` painted was scrolled, in cells along its axis.
    var scrolled: [NodeID: Int] = [:]

    /// The rows as text, trailing spaces removed: what a person reading the screen sees.
    var lines: [String] { grid.lines }
}

/// One `ActivityIndicator`'s cell on the terminal and its colours: what the spinner timer redraws.
struct SpinnerCell: Hashable, Sendable {
    var position: CellPosition
    var paint: CellPaint
}
