import LunarLayout
import LunarUI

// Input operations: what a person would do to the visible screen, reported to the delegate.
extension HeadlessRenderer {
    /// Presses the element `target` names, as a person tapping it.
    ///
    /// While an alert is up, `target` must be one of its button titles: the alert closes and
    /// ``RendererEvent/alertButton(_:index:)`` is reported. Otherwise `target` is an element
    /// id, or else a label (a button's title, a text's string, an image's alt). A match that
    /// is not pressable itself presses its nearest ancestor that is (a `Button`, or any element
    /// that handles ``EventName/press``), as a touch on a list row's text presses the row. The
    /// press is reported as ``EventName/press`` when the element handles it.
    ///
    /// - Throws: ``HeadlessInputError`` when nothing or more than one element matches, the
    ///   element is disabled, or no screen, or an error overlay, is shown.
    public func tap(_ target: String) throws {
        beginInput()
        if let alert = alerts.first {
            guard let index = alert.buttons.firstIndex(where: { $0.title == target }) else {
                let titles = alert.buttons.map { quoted($0.title) }.joined(separator: ", ")
                throw HeadlessInputError(
                    .noSuchButton, "no button \(quoted(target)) in alert \(quoted(alert.title)) (buttons: \(titles))")
            }
            _ = closeFrontAlert()
            report(.alertButton(alert.id, index: index))
            return
        }
        try report(.press, toPressable: target)
    }

    /// Holds down the element `target` names (its id, else its label or accessibility label),
    /// as a person pressing it for long: reports ``EventName/longPress`` to the element, or to
    /// its nearest ancestor, that handles it.
    ///
    /// - Throws: ``HeadlessInputError`` as ``tap(_:)`` does.
    public func longPress(_ target: String) throws {
        beginInput()
        try refuseWhileAlertShows()
        let screen = try visibleContent()
        let node = try uniqueMatch(
            for: target, in: screen, kindName: "long-pressable element",
            candidates: { node in node.longPressReceiver },
            byLabel: { $0.label },
            available: names(in: screen) { $0.events.contains(.longPress) },
            failure: .noSuchButton
        )
        guard !node.isDisabled else {
            throw HeadlessInputError(.disabled, "\(name(of: node)) is disabled on \(screenName(screen))")
        }
        report(.element(screen: screen.id, node: node.id, event: .longPress, payload: nil))
    }

    /// Flips the `Switch` that `target` names (its id, else its accessibility label), as a
    /// person tapping it: shows the new value and reports ``EventName/change`` with it as a
    /// boolean, when the switch handles it.
    ///
    /// - Throws: ``HeadlessInputError`` when no switch or more than one matches, it is
    ///   disabled, or an alert or an error overlay blocks input.
    public func toggle(_ target: String) throws {
        beginInput()
        try refuseWhileAlertShows()
        let screen = try visibleContent()
        let node = try uniqueMatch(
            for: target, in: screen, kindName: "switch",
            candidates: { node in node.kind == .switch ? node : nil },
            byLabel: { $0.kind == .switch ? $0.label : nil },
            available: names(in: screen) { $0.kind == .switch },
            failure: .noSuchSwitch
        )
        guard !node.isDisabled else {
            throw HeadlessInputError(.disabled, "\(name(of: node)) is disabled on \(screenName(screen))")
        }
        let value = !(node.props[.value]?.boolValue ?? false)
        node.props[.value] = .bool(value)
        if node.events.contains(.change) {
            report(.element(screen: screen.id, node: node.id, event: .change, payload: .bool(value)))
        }
    }

    /// Scrolls the `ScrollView` or `List` that `target` names (its id, else its accessibility
    /// label) to `offset` points along its axis, or, with nil, to its end.
    ///
    /// Reports ``EventName/viewport`` first when the element handles it and has not been told
    /// its extent (what of it the ``viewport`` shows, ``visibleExtent(of:on:)``), then
    /// ``EventName/scroll`` with the offset. The snapshot prints the offset (`offset=N`).
    ///
    /// - Throws: ``HeadlessInputError`` when no scrolling element or more than one matches, or
    ///   an alert or an error overlay blocks input.
    public func scroll(_ target: String, to offset: Double?) throws {
        beginInput()
        try refuseWhileAlertShows()
        let screen = try visibleContent()
        let scrolls: (MountedNode) -> Bool = { $0.kind == .scrollView || $0.kind == .list }
        let node = try uniqueMatch(
            for: target, in: screen, kindName: "scrolling element",
            candidates: { node in scrolls(node) ? node : nil },
            byLabel: { scrolls($0) ? $0.label : nil },
            available: names(in: screen, where: scrolls),
            failure: .noSuchScrollView
        )
        scroll(node, on: screen, to: offset.map(ScrollTarget.offset) ?? .end)
    }

    /// Scrolls `node` as ``scroll(_:to:)`` does, for the runtime (`ui.scrollTo`): the same
    /// reports, and the offset in the snapshot, clamped to the content as a device's scroll
    /// view clamps it. A node that is gone or does not scroll is ignored.
    public func scroll(_ node: NodeID, to target: ScrollTarget, animated: Bool, on screen: ScreenID) {
        guard let record = screens[screen], let mounted = record.tree.node(node), record.tree.isAttached(mounted),
              mounted.kind == .scrollView || mounted.kind == .list else { return }
        scroll(mounted, on: record, to: target, clamped: true)
    }

    /// Moves `node` to `target`, records the offset and reports `viewport` (when new) and `scroll`.
    /// A test's own scroll is not `clamped`: it may pass either end, as a person can overscroll.
    private func scroll(_ node: MountedNode, on screen: HeadlessScreen, to target: ScrollTarget, clamped: Bool = false) {
        let extent = visibleExtent(of: node, on: screen)
        let end = max(0, contentLength(of: node, on: screen) - extent)
        let destination: Double
        switch target {
        case .offset(let offset): destination = clamped ? min(max(0, offset), end) : offset
        case .end: destination = end
        }
        screen.offsets[node.id] = destination
        if node.events.contains(.viewport), screen.viewports[node.id] != extent {
            screen.viewports[node.id] = extent
            report(.element(screen: screen.id, node: node.id, event: .viewport, payload: .double(extent)))
        }
        guard screens[screen.id] === screen, screen.tree.isAttached(node) else { return }
        if node.events.contains(.scroll) {
            report(.element(screen: screen.id, node: node.id, event: .scroll, payload: .double(destination)))
        }
    }

    /// What of `node` shows along its axis, laid out in the ``viewport``: its frame's length up
    /// to the viewport's far edge. A `List` with no length of its own (no `height`, `maxHeight`
    /// or `flex`; a column's row list, as long as its rows) reaches that edge. An element below
    /// the fold counts as scrolled into view: its length, or a whole viewport for such a list.
    func visibleExtent(of node: MountedNode, on screen: HeadlessScreen) -> Double {
        layOut(screen.tree)
        let horizontal = node.props[.horizontal]?.boolValue == true
        let frame = node.absoluteFrame
        let start = max(0, horizontal ? frame.left : frame.top)
        let viewportLength = horizontal ? viewport.width : viewport.height
        let unbounded = node.kind == .list && !node.hasOwnLength(horizontal: horizontal)
        var length = unbounded ? viewportLength : (horizontal ? frame.width : frame.height)
        // A windowed list's frame is at least its leading padding (the rows not mounted above):
        // a length in points in its style is the length it shows.
        let style = node.layoutNode.style
        if node.kind == .list, case .points(let points) = horizontal ? style.width : style.height { length = points }
        if node.kind == .list, case .points(let most) = horizontal ? style.maxWidth : style.maxHeight { length = min(length, most) }
        return start < viewportLength ? min(length, viewportLength - start) : length
    }

    /// The content's length along `node`'s axis: a `List`'s `itemCount × estimatedItemSize`;
    /// a `ScrollView`'s laid-out content size.
    private func contentLength(of node: MountedNode, on screen: HeadlessScreen) -> Double {
        if node.kind == .list {
            let count = Double(node.props[.itemCount]?.intValue ?? node.children.count)
            return count * (node.props[.estimatedItemSize].flatMap(Self.number) ?? 44)
        }
        layOut(screen.tree)
        let size = node.contentSize ?? LayoutSize(width: 0, height: 0)
        return node.props[.horizontal]?.boolValue == true ? size.width : size.height
    }

    /// Touches down on the element `target` names, as ``tap(_:)`` finds it, and holds it:
    /// reports ``EventName/pressIn`` to the pressable element it reaches, when that element
    /// declares it (a `Pressable` whose style is a function of its pressed state). Release it
    /// with ``pressOut(_:)``; ``tap(_:)`` presses without holding.
    ///
    /// - Throws: ``HeadlessInputError`` as ``tap(_:)`` does.
    public func pressIn(_ target: String) throws {
        try hold(target, event: .pressIn)
    }

    /// Lifts the touch ``pressIn(_:)`` put on the element `target` names: reports
    /// ``EventName/pressOut``, when the element declares it. It does not press it: a `tap`
    /// does that.
    ///
    /// - Throws: ``HeadlessInputError`` as ``tap(_:)`` does.
    public func pressOut(_ target: String) throws {
        try hold(target, event: .pressOut)
    }

    private func hold(_ target: String, event: EventName) throws {
        beginInput()
        try refuseWhileAlertShows()
        try report(event, toPressable: target)
    }

    /// Reports `event` on the one enabled pressable `target` names, when it declares the event.
    private func report(_ event: EventName, toPressable target: String) throws {
        let screen = try visibleContent()
        let node = try uniqueMatch(
            for: target, in: screen, kindName: "button",
            candidates: { node in node.pressReceiver },
            byLabel: { $0.label },
            available: pressableNames(in: screen),
            failure: .noSuchButton
        )
        guard !node.isDisabled else {
            throw HeadlessInputError(.disabled, "\(name(of: node)) is disabled on \(screenName(screen))")
        }
        if node.events.contains(event) {
            report(.element(screen: screen.id, node: node.id, event: event, payload: nil))
        }
    }

    /// A number prop as a double.
    private static func number(_ value: PropValue) -> Double? {
        switch value {
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .bool, .string, .style: return nil
        }
    }

    /// Types `text` at the end of the field `field` names (its id, or else its placeholder),
    /// one character at a time, as a person would.
    ///
    /// The field takes focus. Each character that fits under the field's `maxLength` is
    /// appended and reported as ``EventName/change`` with the whole new text, when the field
    /// handles it; the rest are dropped, as a real field drops them. The delegate may re-render
    /// between characters; the next one goes after the field's value as it then stands, and
    /// typing stops quietly if the field or its screen goes away or the field becomes disabled.
    ///
    /// - Throws: ``HeadlessInputError`` when no field or more than one matches, it is
    ///   disabled, or an alert or an error overlay blocks input.
    public func type(_ text: String, into field: String) throws {
        beginInput()
        let (screen, node) = try focusField(field)
        for character in text {
            guard screens[screen.id] === screen, screen.tree.node(node.id) === node, screen.tree.isAttached(node), !node.isDisabled else {
                return
            }
            var value = node.props[.value]?.stringValue ?? ""
            if let maxLength = node.props[.maxLength]?.intValue, value.count >= maxLength { return }
            value.append(character)
            setValue(value, of: node, on: screen)
        }
    }

    /// Empties the field `field` names (its id, or else its placeholder) and focuses it;
    /// reports ``EventName/change`` with `""` when it held text and handles the event.
    ///
    /// - Throws: ``HeadlessInputError`` as ``type(_:into:)`` does.
    public func clear(_ field: String) throws {
        beginInput()
        let (screen, node) = try focusField(field)
        guard node.props[.value]?.stringValue?.isEmpty == false else { return }
        setValue("", of: node, on: screen)
    }

    /// Presses return in the field `field` names (its id, or else its placeholder): focuses
    /// it and reports ``EventName/submit`` with its text when the field handles it.
    ///
    /// - Throws: ``HeadlessInputError`` as ``type(_:into:)`` does.
    public func submit(_ field: String) throws {
        beginInput()
        let (screen, node) = try focusField(field)
        if node.events.contains(.submit) {
            let value = node.props[.value]?.stringValue ?? ""
            report(.element(screen: screen.id, node: node.id, event: .submit, payload: .string(value)))
        }
    }

    /// Asks to leave the visible screen, as the back button or Esc: reports
    /// ``RendererEvent/back(_:)``. The runtime then pops or dismisses it (or not).
    /// Works over an error overlay, so a broken screen can be left.
    ///
    /// - Throws: ``HeadlessInputError`` when an alert is up, no screen is shown, or the
    ///   visible screen is the first of the root stack.
    public func back() throws {
        beginInput()
        try refuseWhileAlertShows()
        guard let screen = visibleRecord else {
            throw HeadlessInputError(.noScreen, "cannot go back: no screen is shown")
        }
        guard isVisibleScreenPresented || navigationStacks[0].count > 1 else {
            throw HeadlessInputError(.cannotGoBack, "cannot go back: \(screenName(screen)) is the first screen")
        }
        report(.back(screen.id))
    }

    // MARK: Finding elements

    /// The visible screen, when input can reach its content.
    private func visibleContent() throws -> HeadlessScreen {
        guard let screen = visibleRecord else {
            throw HeadlessInputError(.noScreen, "no screen is shown")
        }
        if let error = screen.error {
            throw HeadlessInputError(
                .errorShowing, "\(screenName(screen)) shows an error instead of its content: \(error.message)")
        }
        return screen
    }

    private func refuseWhileAlertShows() throws {
        guard let alert = alerts.first else { return }
        let titles = alert.buttons.map { quoted($0.title) }.joined(separator: ", ")
        throw HeadlessInputError(
            .alertShowing, "alert \(quoted(alert.title)) is showing; tap one of its buttons: \(titles)")
    }

    /// Finds the field `field` names on the visible screen and focuses it.
    private func focusField(_ field: String) throws -> (HeadlessScreen, MountedNode) {
        try refuseWhileAlertShows()
        let screen = try visibleContent()
        let node = try uniqueMatch(
            for: field, in: screen, kindName: "field",
            candidates: { node in node.kind == .textField ? node : nil },
            byLabel: { $0.kind == .textField ? $0.props[.placeholder]?.stringValue : nil },
            available: fieldNames(in: screen),
            failure: .noSuchField
        )
        guard !node.isDisabled else {
            throw HeadlessInputError(.disabled, "\(name(of: node)) is disabled on \(screenName(screen))")
        }
        screen.tree.focused = node.id
        return (screen, node)
    }

    /// The one node `target` reaches: by element id first, else by label. `candidates` maps a
    /// matching node to the node input reaches through it, or nil when it reaches none.
    private func uniqueMatch(
        for target: String,
        in screen: HeadlessScreen,
        kindName: String,
        candidates: (MountedNode) -> MountedNode?,
        byLabel label: (MountedNode) -> String?,
        available: @autoclosure () -> [String],
        failure: HeadlessInputError.Reason
    ) throws -> MountedNode {
        var byID: [MountedNode] = []
        var byLabel: [MountedNode] = []
        screen.tree.root?.forEachInPreorder { node in
            if node.elementID == target, let reached = candidates(node), !byID.contains(where: { $0 === reached }) {
                byID.append(reached)
            }
            if label(node) == target, let reached = candidates(node), !byLabel.contains(where: { $0 === reached }) {
                byLabel.append(reached)
            }
        }
        let matches = byID.isEmpty ? byLabel : byID
        switch matches.count {
        case 1:
            return matches[0]
        case 0:
            let names = available()
            let list = names.isEmpty ? "none" : names.joined(separator: ", ")
            throw HeadlessInputError(
                failure, "no \(kindName) \(quoted(target)) on \(screenName(screen)) (\(kindName)\(kindName.hasSuffix("h") ? "es" : "s"): \(list))")
        default:
            let names = matches.map(name(of:)).joined(separator: ", ")
            throw HeadlessInputError(
                .ambiguous, "\(quoted(target)) matches \(matches.count) elements on \(screenName(screen)): \(names); name one by a unique id")
        }
    }

    private func pressableNames(in screen: HeadlessScreen) -> [String] {
        names(in: screen) { $0.isPressable }
    }

    /// How error messages name the nodes of `screen` that `include` accepts, in document order.
    private func names(in screen: HeadlessScreen, where include: (MountedNode) -> Bool) -> [String] {
        var names: [String] = []
        screen.tree.root?.forEachInPreorder { node in
            if include(node) { names.append(name(of: node)) }
        }
        return names
    }

    private func fieldNames(in screen: HeadlessScreen) -> [String] {
        var names: [String] = []
        screen.tree.root?.forEachInPreorder { node in
            if node.kind == .textField { names.append(name(of: node)) }
        }
        return names
    }

    /// How an error message names a node: its label or placeholder in quotes, else `#id`,
    /// else its kind.
    private func name(of node: MountedNode) -> String {
        if let label = node.label ?? node.props[.placeholder]?.stringValue { return quoted(label) }
        if let id = node.elementID { return "#\(id)" }
        if let text = firstText(under: node) { return "\(node.kind) \(quoted(text))" }
        return node.kind.rawValue
    }

    private func firstText(under node: MountedNode) -> String? {
        if node.kind == .text, let text = node.label { return text }
        for child in node.children {
            if let text = firstText(under: child) { return text }
        }
        return nil
    }

    private func screenName(_ screen: HeadlessScreen) -> String {
        screen.title.map(quoted) ?? "the untitled screen \(screen.id)"
    }

    /// Sets a field's text as the user changed it and reports the change.
    private func setValue(_ value: String, of node: MountedNode, on screen: HeadlessScreen) {
        node.props[.value] = .string(value)
        if node.events.contains(.change) {
            report(.element(screen: screen.id, node: node.id, event: .change, payload: .string(value)))
        }
    }
}
