import LunarLayout
import LunarUI

/// The deterministic renderer: keeps every screen's node tree in memory, prints the visible
/// screen as stable text, and takes input as method calls, like NIOEmbedded's
/// `EmbeddedChannel`. The runtime's tests, `lunar test` and headless `lunar run` use it.
///
/// Nothing happens on its own: no timers, no animation, no threads. Input methods
/// (``tap(_:)``, ``longPress(_:)``, ``type(_:into:)``, ``clear(_:)``, ``submit(_:)``,
/// ``toggle(_:)``, ``scroll(_:to:)``, ``back()``) report to the
/// delegate synchronously and return when the delegate has returned, so every effect that
/// runs synchronously is visible in the next ``snapshot()``. ``snapshot()`` documents the
/// text format; `docs/headless.md` describes it in full.
///
/// The renderer checks the ``Renderer`` protocol strictly and traps on a violation (a
/// mutation naming an unknown node, a pop of a screen that is not on top), so a runtime or
/// reconciler bug shows where it happens.
///
/// Not thread-safe: use it on the runtime's executor, as every renderer.
public final class HeadlessRenderer: Renderer {
    /// Receives the events input methods produce; held weakly.
    public weak var delegate: (any RendererDelegate)?

    private(set) var screens: [ScreenID: HeadlessScreen] = [:]
    /// The shown screens: the root navigation stack first, then one stack per modal.
    public private(set) var navigationStacks: [[ScreenID]] = []
    /// Whether the HUD is shown.
    private(set) var isHUDShown = false
    /// The HUD's text, nil for a bare spinner.
    private(set) var hudText: String?
    /// Toasts shown since the last input operation, oldest first.
    private(set) var toasts: [String] = []
    /// Alerts waiting for a choice; the first is the one shown.
    private(set) var alerts: [Alert] = []

    /// The size screens are laid out in, in points: 390 × 844, a phone's portrait screen. The
    /// frames ``snapshot(showingFrames:)`` prints are laid out in it, and a `List` or `ScrollView`
    /// that ``scroll(_:to:)`` moves reports what of it the viewport shows as its visible extent.
    public var viewport = LayoutSize(width: 390, height: 844)
    /// How leaves are measured for frames: in 8 × 16 point cells, as the terminal draws them,
    /// one column per character (``CellMetrics/narrow``).
    public var cellMetrics = CellMetrics.narrow

    /// The device's look the renderer reports (light until ``setAppearance(_:)``).
    public private(set) var appearance = Appearance.light

    /// A renderer showing nothing.
    public init() {}

    /// Switches the device's look (headless `appearance light|dark`, a spec's
    /// `app.setAppearance`) and reports it to the delegate when it changed.
    public func setAppearance(_ appearance: Appearance) {
        guard appearance != self.appearance else { return }
        self.appearance = appearance
        report(.appearance(appearance))
    }

    /// Lays screens out in `width` × `height` points from now on (headless `resize W H`) and
    /// reports the window (scale 1, font scale 1) to the delegate when it changed.
    public func resize(width: Double, height: Double) {
        let size = LayoutSize(width: width, height: height)
        guard size != viewport else { return }
        viewport = size
        report(.window(WindowMetrics(width: width, height: height)))
    }

    /// The screen the user sees: the top of the topmost stack, or nil when none is shown.
    public var visibleScreen: ScreenID? { navigationStacks.last?.last }

    // MARK: Navigation

    /// Shows `screen` on top of the topmost stack; traps if it is already shown.
    public func push(_ screen: ScreenID, title: String?) {
        precondition(!isShown(screen), "push \(screen): the screen is already shown")
        record(for: screen).title = title
        if navigationStacks.isEmpty {
            navigationStacks = [[screen]]
        } else {
            navigationStacks[navigationStacks.count - 1].append(screen)
        }
    }

    /// Shows `screen` as the root of a new modal stack; traps if it is already shown.
    public func present(_ screen: ScreenID, title: String?) {
        precondition(!isShown(screen), "present \(screen): the screen is already shown")
        record(for: screen).title = title
        navigationStacks.append([screen])
    }

    /// Removes the visible screen and forgets it; traps if `screen` is not that screen or
    /// is the root of a presented stack.
    public func pop(_ screen: ScreenID) {
        precondition(visibleScreen == screen, "pop \(screen): the screen is not on top")
        precondition(
            navigationStacks.count == 1 || navigationStacks[navigationStacks.count - 1].count > 1,
            "pop \(screen): the screen is the root of a presented stack; dismiss it"
        )
        navigationStacks[navigationStacks.count - 1].removeLast()
        if navigationStacks[navigationStacks.count - 1].isEmpty { navigationStacks.removeLast() }
        screens[screen] = nil
    }

    /// Removes the topmost presented stack and forgets its screens; traps unless `screen` is
    /// its root.
    public func dismiss(_ screen: ScreenID) {
        precondition(
            navigationStacks.count > 1 && navigationStacks[navigationStacks.count - 1].first == screen,
            "dismiss \(screen): the screen is not the root of the topmost presented stack"
        )
        for closed in navigationStacks.removeLast() { screens[closed] = nil }
    }

    /// Sets the title printed on the first line of `screen`'s snapshot.
    public func setTitle(_ title: String?, of screen: ScreenID) {
        record(for: screen).title = title
    }

    // MARK: Content

    /// Applies `mutations` in order to `screen`'s tree; traps on one that breaks the protocol,
    /// so a reconciler or runtime bug shows at its source.
    /// A `TextField` created with `autoFocus` takes focus (the last of them in the batch).
    public func apply(_ mutations: [Mutation], to screen: ScreenID) {
        let tree = record(for: screen).tree
        var autoFocused: NodeID?
        for mutation in mutations {
            do throws(MutationError) {
                try tree.apply(mutation)
            } catch {
                preconditionFailure("\(screen): \(error)")
            }
            if case .create(let node, .textField, let props, _) = mutation, props[.autoFocus]?.boolValue == true {
                autoFocused = node
            }
        }
        if let autoFocused, let node = tree.node(autoFocused), tree.isAttached(node) { tree.focused = autoFocused }
    }

    /// Marks `node` as focused on `screen` (`[focused]` in the snapshot); traps on an unknown node.
    public func focus(_ node: NodeID?, on screen: ScreenID) {
        let tree = record(for: screen).tree
        precondition(node.map { tree.node($0) != nil } ?? true, "focus \(screen): no node \(node!)")
        tree.focused = node
    }

    /// Prints `overlay` instead of `screen`'s tree until ``hideError(on:)``.
    public func showError(_ overlay: ErrorOverlay, on screen: ScreenID) {
        record(for: screen).error = overlay
    }

    /// Prints `screen`'s tree again.
    public func hideError(on screen: ScreenID) {
        record(for: screen).error = nil
    }

    // MARK: Overlays

    /// Prints a `HUD` line under the screen until ``hideHUD()``.
    public func showHUD(_ text: String?) {
        isHUDShown = true
        hudText = text
    }

    /// Removes the `HUD` line.
    public func hideHUD() {
        isHUDShown = false
        hudText = nil
    }

    /// Prints a `Toast` line under the screen until the next input operation starts.
    public func showToast(_ text: String) {
        toasts.append(text)
    }

    /// Queues `alert`; the first queued alert is printed and takes all taps until answered.
    public func showAlert(_ alert: Alert) {
        alerts.append(alert)
    }

    /// Drops the alert `id`, shown or queued, without reporting anything.
    public func dismissAlert(_ id: AlertID) {
        alerts.removeAll { $0.id == id }
    }

    // MARK: Internals shared with input and snapshot

    /// The record of `screen`, made on first mention as the protocol says.
    private func record(for screen: ScreenID) -> HeadlessScreen {
        if let existing = screens[screen] { return existing }
        let created = HeadlessScreen(id: screen)
        screens[screen] = created
        return created
    }

    private func isShown(_ screen: ScreenID) -> Bool {
        navigationStacks.contains { $0.contains(screen) }
    }

    /// The visible screen's record.
    var visibleRecord: HeadlessScreen? { visibleScreen.flatMap { screens[$0] } }

    /// Whether the visible screen sits on a presented stack.
    var isVisibleScreenPresented: Bool { navigationStacks.count > 1 }

    /// Starts an input operation: toasts shown before it are gone.
    func beginInput() {
        toasts.removeAll()
    }

    /// Takes the front alert off screen (the user chose a button).
    func closeFrontAlert() -> Alert {
        alerts.removeFirst()
    }

    /// Hands `event` to the delegate.
    func report(_ event: RendererEvent) {
        delegate?.renderer(self, didReport: event)
    }
}
