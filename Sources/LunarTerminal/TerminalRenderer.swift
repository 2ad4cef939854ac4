import Dispatch
import Foundation
import LunarBase
import LunarUI

/// An interactive text UI on the terminal, drawn with ncurses: the renderer `lunar run`
/// uses on a TTY.
///
/// It shows the visible screen (a title bar with the navigation title and a back hint,
/// the elements laid out top to bottom, rows side by side), the HUD and alerts as centred
/// boxes, toasts and key help on the bottom line, and an error overlay instead of a
/// broken screen's content. A person moves focus with Tab, Shift-Tab and the arrows,
/// presses with Enter, types into the focused field (the first field has focus when a screen
/// appears), leaves a field or goes back with Esc and quits with Ctrl-C (or `q` outside a
/// field). Events reach the ``delegate`` exactly as from the
/// headless renderer. See `docs/terminal.md`.
///
/// **Threading.** Confined to the runtime's executor, like every renderer: every method,
/// ``start()`` and ``stop()`` included, is called there, and every curses call happens
/// there. A thread of the renderer's own only waits for standard input (or a resize) and
/// then schedules a job with `hop`, which reads the keys on the executor. Drawing is
/// coalesced the same way: changes in one executor turn cost one repaint.
///
/// Unlike the headless renderer it is lenient: a mutation that breaks the protocol is
/// skipped rather than trapped, so a person's terminal keeps working.
public final class TerminalRenderer: Renderer {
    /// Receives what the user does; held weakly. Setting it reports a dark ``appearance``.
    public weak var delegate: (any RendererDelegate)? {
        didSet { if appearance != .light { report(.appearance(appearance)) } }
    }
    /// The device's look this terminal reports (`ui.appearance`): `LUNAR_APPEARANCE` unless
    /// the host passes one (``appearance(environment:)``).
    public let appearance: Appearance

    /// Schedules a job on the runtime's executor; callable from any thread.
    public typealias Hop = @Sendable (@escaping @Sendable () -> Void) -> Void

    let hop: Hop
    let onQuit: () -> Void
    let after: (Duration, @escaping () -> Void) -> Void

    var screens: [ScreenID: TerminalScreen] = [:]
    /// The shown screens: the root navigation stack first, then one stack per modal.
    var navigationStacks: [[ScreenID]] = []
    var isHUDShown = false
    var hudText: String?
    /// The latest toast, until the next key or until it times out.
    var toast: String?
    /// Counts toasts (and their clearing), so a timer only clears the toast it was set for.
    var toastGeneration = 0
    /// The host's latest status line (``showStatus(_:isError:)``).
    var status: (text: String, isError: Bool)?
    /// Counts statuses, so a timer only clears the status it was set for.
    var statusGeneration = 0
    /// Alerts waiting for a choice; the first is shown.
    var alerts: [Alert] = []
    var selectedAlertButton = 0

    /// Curses and the input thread, while started.
    var terminal: CursesTerminal?
    var inputWatcher: InputWatcher?
    /// The size layout uses while not started (tests lay frames out without a terminal).
    var detachedSize = (width: 80, height: 24)
    var glyphs = Glyphs.unicode
    var isDisplayScheduled = false
    var needsFullRedraw = false
    /// The spinning `ActivityIndicator`s the last frame showed, their frame, and whether the
    /// timer that turns them is running (it stops when none shows).
    var spinners: [SpinnerCell] = []
    var spinnerPhase = 0
    var isSpinnerTimerRunning = false

    /// How long a toast stays when no key is pressed.
    static let toastDuration: Duration = .seconds(3)
    /// How often a spinner turns.
    static let spinnerInterval: Duration = .milliseconds(100)

    /// A renderer that shows nothing until ``start()``.
    ///
    /// - Parameters:
    ///   - hop: runs a job on the runtime's executor (the runtime passes its executor's
    ///     enqueue). The renderer calls it from its input thread and from timers.
    ///   - onQuit: called on the executor when the user quits (Ctrl-C, `q` outside a text field)
    ///     or the terminal goes away. The renderer does not stop itself: the host calls
    ///     ``stop()`` and ends the run.
    ///   - after: runs a job on the executor after a delay; clears toasts. The runtime passes
    ///     its timer service (virtual time in tests). By default a dispatch timer that hops.
    ///   - appearance: the look to report; nil: the one `LUNAR_APPEARANCE` names.
    public init(
        hop: @escaping Hop,
        onQuit: @escaping () -> Void,
        after: ((Duration, @escaping () -> Void) -> Void)? = nil,
        appearance: Appearance? = nil
    ) {
        self.appearance = appearance ?? Self.appearance(environment: ProcessInfo.processInfo.environment)
        self.hop = hop
        self.onQuit = onQuit
        self.after = after ?? { delay, body in
            let job = ExecutorBound(body)
            DispatchQueue.global().asyncAfter(deadline: .now() + delay.dispatchInterval) {
                hop { job.value() }
            }
        }
    }

    deinit {
        stop()
    }

    /// The look `LUNAR_APPEARANCE` names in `environment` (`light` or `dark`); light when it
    /// names neither or is not set (a terminal cannot be asked its background reliably).
    public static func appearance(environment: [String: String]) -> Appearance {
        environment["LUNAR_APPEARANCE"].flatMap(Appearance.init(rawValue:)) ?? .light
    }

    /// The screen the user sees: the top of the topmost stack, or nil when none is shown.
    var visibleScreen: ScreenID? { navigationStacks.last?.last }

    var visibleRecord: TerminalScreen? { visibleScreen.flatMap { screens[$0] } }

    /// Whether Esc on the visible screen leads somewhere: a screen beneath, or a modal to close.
    var canGoBack: Bool { navigationStacks.count > 1 || (navigationStacks.first?.count ?? 0) > 1 }

    // MARK: Navigation

    /// Shows `screen` on top of the topmost stack; ignored if it is already shown.
    public func push(_ screen: ScreenID, title: String?) {
        guard !isShown(screen) else { return }
        record(for: screen).title = title
        if navigationStacks.isEmpty {
            navigationStacks = [[screen]]
        } else {
            navigationStacks[navigationStacks.count - 1].append(screen)
        }
        setNeedsDisplay()
    }

    /// Shows `screen` as the root of a new modal stack; ignored if it is already shown.
    public func present(_ screen: ScreenID, title: String?) {
        guard !isShown(screen) else { return }
        record(for: screen).title = title
        navigationStacks.append([screen])
        setNeedsDisplay()
    }

    /// Removes `screen` from the top of the topmost stack and forgets it; ignored unless it
    /// is the visible screen.
    public func pop(_ screen: ScreenID) {
        guard visibleScreen == screen else { return }
        navigationStacks[navigationStacks.count - 1].removeLast()
        if navigationStacks[navigationStacks.count - 1].isEmpty { navigationStacks.removeLast() }
        screens[screen] = nil
        setNeedsDisplay()
    }

    /// Removes the topmost presented stack, whose root is `screen`, and forgets its screens.
    public func dismiss(_ screen: ScreenID) {
        guard navigationStacks.count > 1, navigationStacks[navigationStacks.count - 1].first == screen else { return }
        for closed in navigationStacks.removeLast() { screens[closed] = nil }
        setNeedsDisplay()
    }

    /// Sets the title shown in the title bar of `screen`.
    public func setTitle(_ title: String?, of screen: ScreenID) {
        record(for: screen).title = title
        setNeedsDisplay()
    }

    // MARK: Content

    /// Applies `mutations` in order to `screen`'s tree, skipping any that break the protocol:
    /// a person's terminal should keep working. A text field created with `autoFocus` takes
    /// focus; otherwise the first text field to appear on a screen whose focus nobody decided
    /// yet is focused.
    public func apply(_ mutations: [Mutation], to screen: ScreenID) {
        let record = record(for: screen)
        var autoFocused: NodeID?
        for mutation in mutations {
            try? record.tree.apply(mutation)
            if case .create(let node, .textField, let props, _) = mutation, props[.autoFocus]?.boolValue == true {
                autoFocused = node
            }
        }
        if let autoFocused, let node = record.tree.node(autoFocused), record.tree.isAttached(node) { record.focused = autoFocused }
        record.focusFirstFieldIfUndecided()
        setNeedsDisplay()
    }

    /// Focuses `node` on `screen` (nil: nothing), scrolling it into view; an unknown node
    /// clears focus.
    public func focus(_ node: NodeID?, on screen: ScreenID) {
        let record = record(for: screen)
        record.focused = node.flatMap { record.tree.node($0)?.id }
        setNeedsDisplay()
    }

    /// Shows `overlay` instead of `screen`'s content until ``hideError(on:)``.
    public func showError(_ overlay: ErrorOverlay, on screen: ScreenID) {
        let record = record(for: screen)
        record.error = overlay
        record.scrollOffset = 0
        setNeedsDisplay()
    }

    /// Shows `screen`'s content again.
    public func hideError(on screen: ScreenID) {
        record(for: screen).error = nil
        setNeedsDisplay()
    }

    /// Scrolls a `ScrollView` (inside its box) or a `List` (the screen, to the list's row at
    /// that offset) as `ui.scrollTo` asks; the next frame reports where it went. Scrolling is
    /// never animated in a terminal.
    public func scroll(_ node: NodeID, to target: ScrollTarget, animated: Bool, on screen: ScreenID) {
        guard let record = screens[screen], let mounted = record.tree.node(node), record.tree.isAttached(mounted) else { return }
        let cell = CellMetrics.terminal
        let horizontal = mounted.props[.horizontal]?.boolValue == true
        switch mounted.kind {
        case .scrollView:
            switch target {
            case .offset(let points): record.scrollOffsets[node] = max(0, Int(saturating: (points / (horizontal ? cell.columnWidth : cell.rowHeight)).rounded()))
            case .end: record.scrollOffsets[node] = Int.max   // clamped to the content when painted
            }
        case .list:
            let points: Double
            switch target {
            case .offset(let offset): points = offset
            case .end:
                let count = Double(mounted.props[.itemCount]?.intValue ?? mounted.children.count)
                let size: Double = switch mounted.props[.estimatedItemSize] {
                case .int(let value)?: Double(value)
                case .double(let value)?: value
                default: 44
                }
                points = max(0, count * size - Double(max(0, self.size.height - 2)) * cell.rowHeight)
            }
            // Saturating: an offset past the content clamps when painted, as it does headless.
            record.scrollOffset = max(0, Int(saturating: ((mounted.absoluteFrame.top + max(0, points)) / cell.rowHeight).rounded()))
            record.revealsFocus = false
        default:
            return
        }
        setNeedsDisplay()
    }

    // MARK: Overlays

    /// Shows a centred box with `text` (or "Please wait") until ``hideHUD()``.
    public func showHUD(_ text: String?) {
        isHUDShown = true
        hudText = text
        setNeedsDisplay()
    }

    /// Hides the HUD box.
    public func hideHUD() {
        isHUDShown = false
        hudText = nil
        setNeedsDisplay()
    }

    /// Shows `text` on the bottom line until the next key, or for ``toastDuration``.
    public func showToast(_ text: String) {
        toast = text
        toastGeneration += 1
        let generation = toastGeneration
        after(Self.toastDuration) { [weak self] in
            guard let self, self.toastGeneration == generation else { return }
            self.toast = nil
            self.setNeedsDisplay()
        }
        setNeedsDisplay()
    }

    /// Shows a line from the host, not the app (a reload, a lost connection), on the bottom
    /// line in place of the key help; a toast shows above it. An ordinary status goes away like
    /// a toast (the next key, or ``toastDuration``); an error (`isError`) stays until the next
    /// status or ``clearStatus()``, so a failed reload is not missed.
    public func showStatus(_ text: String, isError: Bool = false) {
        status = (text, isError)
        statusGeneration += 1
        if !isError {
            let generation = statusGeneration
            after(Self.toastDuration) { [weak self] in
                guard let self, self.statusGeneration == generation else { return }
                self.status = nil
                self.setNeedsDisplay()
            }
        }
        setNeedsDisplay()
    }

    /// Removes the status line; the key help shows again.
    public func clearStatus() {
        status = nil
        statusGeneration += 1
        setNeedsDisplay()
    }

    /// Queues `alert`; the first queued alert shows as a box and takes every key until a
    /// button is chosen.
    public func showAlert(_ alert: Alert) {
        alerts.append(alert)
        if alerts.count == 1 { selectedAlertButton = Self.initialSelection(of: alert) }
        setNeedsDisplay()
    }

    /// Drops the alert `id`, shown or queued, without reporting anything.
    public func dismissAlert(_ id: AlertID) {
        let wasFront = alerts.first?.id == id
        alerts.removeAll { $0.id == id }
        if wasFront, let next = alerts.first { selectedAlertButton = Self.initialSelection(of: next) }
        setNeedsDisplay()
    }

    // MARK: Internals shared with input and drawing

    /// The record of `screen`, made on first mention as the protocol says.
    func record(for screen: ScreenID) -> TerminalScreen {
        if let existing = screens[screen] { return existing }
        let created = TerminalScreen(id: screen)
        screens[screen] = created
        return created
    }

    private func isShown(_ screen: ScreenID) -> Bool {
        navigationStacks.contains { $0.contains(screen) }
    }

    /// The button Enter chooses when `alert` appears: the first ordinary one, so a
    /// destructive choice is never one keypress away.
    static func initialSelection(of alert: Alert) -> Int {
        alert.buttons.firstIndex { $0.role == .default } ?? 0
    }

    /// Hands `event` to the delegate.
    func report(_ event: RendererEvent) {
        delegate?.renderer(self, didReport: event)
    }
}

extension Duration {
    /// The duration for a dispatch deadline, to the nanosecond.
    fileprivate var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
