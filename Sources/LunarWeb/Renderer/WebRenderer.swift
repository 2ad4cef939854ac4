import Logging
import LunarUI

/// A ``Renderer`` whose screens live in a browser tab: every call becomes one compact message
/// for the page (``ServerMessage``), and what the page reports comes back through
/// ``receive(_:)``, checked against what was shown before the delegate hears of it.
///
/// One renderer per tab, like one runtime per tab. It keeps a ``MountedTree`` per screen (the
/// protocol's checks, what a node handles, a text field's typed value) and the stacks it was
/// told to show; the page keeps the DOM. A mutation the tree refuses is logged and skipped,
/// as the terminal renderer does, and not sent.
///
/// **Threading.** Confined to the runtime's executor like every renderer: call
/// ``receive(_:)`` there too (`runtime.withHost { host, _ in ... }`).
public final class WebRenderer: Renderer {
    public weak var delegate: (any RendererDelegate)?

    private let outbox: WebOutbox
    private let files: WebFiles
    private var trees: [ScreenID: MountedTree] = [:]
    /// The shown stacks: the root stack, then one per presented modal.
    private var stacks: [[ScreenID]] = []
    /// The alerts shown and not yet answered, with their number of buttons.
    private var openAlerts: [AlertID: Int] = [:]
    private let logger = Logger(label: "lunar.web")

    /// A renderer that sends its page's messages to `outbox`, and hands the page its images'
    /// local files through `files`.
    public init(outbox: WebOutbox, files: WebFiles) {
        self.outbox = outbox
        self.files = files
    }

    /// The screen the page shows: the top of the top stack.
    public var visibleScreen: ScreenID? { stacks.last?.last }

    /// The mounted tree of `screen`, as the page has it.
    public func tree(of screen: ScreenID) -> MountedTree? { trees[screen] }

    private func tree(for screen: ScreenID) -> MountedTree {
        if let tree = trees[screen] { return tree }
        let tree = MountedTree()
        trees[screen] = tree
        return tree
    }

    private func address(of screen: ScreenID) -> String? {
        (delegate as? any ScreenAddressing)?.address(of: screen)
    }

    // MARK: Navigation

    public func push(_ screen: ScreenID, title: String?) {
        _ = tree(for: screen)
        if stacks.isEmpty { stacks.append([]) }
        stacks[stacks.count - 1].append(screen)
        outbox.send(ServerMessage.show(screen, title: title, path: address(of: screen), modal: false))
    }

    public func present(_ screen: ScreenID, title: String?) {
        _ = tree(for: screen)
        stacks.append([screen])
        outbox.send(ServerMessage.show(screen, title: title, path: address(of: screen), modal: true))
    }

    public func pop(_ screen: ScreenID) {
        guard let last = stacks.indices.last, stacks[last].last == screen else { return }
        stacks[last].removeLast()
        if stacks[last].isEmpty { stacks.removeLast() }
        trees[screen] = nil
        outbox.send(ServerMessage.close(screen, modal: false))
    }

    public func dismiss(_ screen: ScreenID) {
        guard let index = stacks.lastIndex(where: { $0.first == screen }) else { return }
        for removed in stacks[index...].joined() { trees[removed] = nil }
        stacks.removeSubrange(index...)
        outbox.send(ServerMessage.close(screen, modal: true))
    }

    public func setTitle(_ title: String?, of screen: ScreenID) {
        outbox.send(ServerMessage.title(title, of: screen))
    }

    // MARK: Content

    public func apply(_ mutations: [Mutation], to screen: ScreenID) {
        let tree = tree(for: screen)
        var applied: [Mutation] = []
        applied.reserveCapacity(mutations.count)
        for mutation in mutations {
            do {
                try tree.apply(mutation)
                applied.append(addressingFiles(mutation, in: tree))
            } catch {
                logger.error("skipped a mutation on \(screen): \(error)")
            }
        }
        guard !applied.isEmpty else { return }
        outbox.send(ServerMessage.mutations(applied, on: screen))
    }

    /// `mutation` with an Image's `imageFile` (a local path) replaced by the opaque address the
    /// page loads it from, which serves that file to this tab only.
    private func addressingFiles(_ mutation: Mutation, in tree: MountedTree) -> Mutation {
        switch mutation {
        case .create(let id, .image, var props, let events):
            guard case .string(let path)? = props[.imageFile] else { return mutation }
            props[.imageFile] = .string(files.address(of: path))
            return .create(id, kind: .image, props: props, events: events)
        case .update(let id, var update):
            guard tree.node(id)?.kind == .image, case .string(let path)? = update.props[.imageFile] else { return mutation }
            update.props[.imageFile] = .string(files.address(of: path))
            return .update(id, update)
        default:
            return mutation
        }
    }

    public func focus(_ node: NodeID?, on screen: ScreenID) {
        let tree = tree(for: screen)
        tree.focused = node
        outbox.send(ServerMessage.focus(tree.focused, on: screen))
    }

    public func showError(_ overlay: ErrorOverlay, on screen: ScreenID) {
        outbox.send(ServerMessage.error(overlay, on: screen))
    }

    public func hideError(on screen: ScreenID) {
        outbox.send(ServerMessage.hideError(on: screen))
    }

    /// Tells the page to scroll the element (`{"t":"scrollTo",...}`); the page reports the
    /// position it reaches as the user's scrolling is reported.
    public func scroll(_ node: NodeID, to target: ScrollTarget, animated: Bool, on screen: ScreenID) {
        guard let kind = trees[screen]?.node(node)?.kind, kind == .scrollView || kind == .list else { return }
        outbox.send(ServerMessage.scroll(node, to: target, animated: animated, on: screen))
    }

    // MARK: Overlays

    public func showHUD(_ text: String?) { outbox.send(ServerMessage.hud(text)) }

    public func hideHUD() { outbox.send(ServerMessage.hideHUD) }

    public func showToast(_ text: String) { outbox.send(ServerMessage.toast(text)) }

    public func showAlert(_ alert: Alert) {
        openAlerts[alert.id] = alert.buttons.count
        outbox.send(ServerMessage.alert(alert))
    }

    public func dismissAlert(_ id: AlertID) {
        guard openAlerts.removeValue(forKey: id) != nil else { return }
        outbox.send(ServerMessage.dismissAlert(id))
    }

    // MARK: What the page reports

    /// Checks `message` against what the page was shown and reports it to the delegate.
    ///
    /// An element event is reported only for a node of the visible screen that declares it
    /// and is not disabled; a text field's `maxLength` is enforced here too (the page enforces
    /// it as well, but a page is not trusted). `back` is reported for the visible screen when
    /// there is somewhere to go back to.
    ///
    /// - Returns: nil when reported; otherwise why not (the caller logs it and tells the page).
    @discardableResult
    public func receive(_ message: PageMessage) -> PageMessageError? {
        switch message {
        case .press(let screen, let id):
            return report(.press, payload: nil, screen: screen, id: id)
        case .longPress(let screen, let id):
            return report(.longPress, payload: nil, screen: screen, id: id)
        case .pressIn(let screen, let id):
            return report(.pressIn, payload: nil, screen: screen, id: id)
        case .pressOut(let screen, let id):
            return report(.pressOut, payload: nil, screen: screen, id: id)
        case .change(let screen, let id, let value):
            guard let node = trees[screen]?.node(id) else { return stale(screen, id) }
            var value = value
            switch (node.kind, value) {
            case (.textField, .string(let text)):
                if let limit = node.props[.maxLength]?.intValue, limit >= 0, text.count > limit {
                    value = .string(String(text.prefix(limit)))
                }
            case (.switch, .bool):
                break
            default:
                return PageMessageError("a change of \(value) does not fit a \(node.kind) (\(id))")
            }
            guard screen == visibleScreen, !node.isDisabled else { return stale(screen, id) }
            node.props[.value] = value
            return report(.change, payload: value, screen: screen, id: id)
        case .submit(let screen, let id, let text):
            guard let node = trees[screen]?.node(id), node.kind == .textField else { return stale(screen, id) }
            return report(.submit, payload: .string(text), screen: screen, id: id)
        case .scroll(let screen, let id, let offset):
            return report(.scroll, payload: .double(offset), screen: screen, id: id)
        case .viewport(let screen, let id, let extent):
            return report(.viewport, payload: .double(extent), screen: screen, id: id)
        case .back(let screen):
            guard screen == visibleScreen else { return PageMessageError("back from \(screen), which is not shown", stale: true) }
            guard (stacks.last?.count ?? 0) > 1 || stacks.count > 1 else {
                return PageMessageError("back from \(screen), the first screen", stale: true)
            }
            delegate?.renderer(self, didReport: .back(screen))
            return nil
        case .alertButton(let id, let index):
            guard let buttons = openAlerts[id] else { return PageMessageError("alert \(id) is not open", stale: true) }
            guard index >= 0, index < buttons else { return PageMessageError("alert \(id) has no button \(index)") }
            openAlerts[id] = nil
            delegate?.renderer(self, didReport: .alertButton(id, index: index))
            return nil
        case .ping:
            return nil   // the server answers pings itself
        case .appearance(let appearance):
            delegate?.renderer(self, didReport: .appearance(appearance))
            return nil
        case .window(let metrics):
            delegate?.renderer(self, didReport: .window(metrics))
            return nil
        }
    }

    private func report(_ event: EventName, payload: PropValue?, screen: ScreenID, id: NodeID) -> PageMessageError? {
        guard screen == visibleScreen, let node = trees[screen]?.node(id) else { return stale(screen, id) }
        guard node.events.contains(event) else { return PageMessageError("\(id) does not handle \(event)", stale: true) }
        guard !node.isDisabled else { return PageMessageError("\(id) is disabled", stale: true) }
        delegate?.renderer(self, didReport: .element(screen: screen, node: id, event: event, payload: payload))
        return nil
    }

    private func stale(_ screen: ScreenID, _ id: NodeID) -> PageMessageError {
        PageMessageError("\(id) is not on the shown screen \(screen)", stale: true)
    }
}
