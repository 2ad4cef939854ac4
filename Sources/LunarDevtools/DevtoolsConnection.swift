import Foundation
import LunarJSON
import LunarUI
import LunarWeb

/// One inspector page: which app it inspects, and its requests carried out there.
///
/// Sends the page `targets` whenever the apps change, then whatever the inspected runtime
/// reports (docs/devtools.md lists the messages).
actor DevtoolsConnection: WebInspectorConnection {
    private let targets: DevtoolsTargets
    private let outbox: WebOutbox
    /// The app the page inspects (what its commands act on).
    private var selected: DevtoolsTarget?
    /// The app this page's viewer is registered with: `selected` once ``syncViewer()`` caught up.
    private var attached: DevtoolsTarget?
    /// Whether a ``syncViewer()`` is under way (the actor is reentrant: its awaits let others in).
    private var syncing = false
    /// Whether the user chose the app (else it follows the newest).
    private var chosen = false
    private var closed = false

    init(targets: DevtoolsTargets, outbox: WebOutbox) {
        self.targets = targets
        self.outbox = outbox
    }

    private var viewer: ObjectIdentifier { ObjectIdentifier(self) }

    /// The apps changed: keep the chosen one while it lives, else inspect the newest.
    func targetsChanged() async {
        guard !closed else { return }
        let all = targets.all
        let alive = selected.map { current in all.contains { $0 === current } } ?? false
        if !alive || !chosen {
            await inspect(all.last)
            if !alive { chosen = false }
        }
        sendTargets(all)
    }

    private func sendTargets(_ all: [DevtoolsTarget]) {
        let list: [JSONValue] = all.map { .object(["id": .integer($0.id), "label": .string($0.label), "highlight": .bool($0.canHighlight)]) }
        let message: DevtoolsMessage = ["t": "targets", "targets": .array(list), "selected": selected.map { .integer($0.id) } ?? .null]
        outbox.send(message.messageText)
    }

    private func inspect(_ target: DevtoolsTarget?) async {
        selected = closed ? nil : target
        await syncViewer()
    }

    /// Moves this page's viewer to `selected`, one step at a time: a selection that changes
    /// during an await (a tab closing, the page closing) is caught up with by the loop, so the
    /// viewer is never left registered with an app the page no longer inspects.
    private func syncViewer() async {
        guard !syncing else { return }
        syncing = true
        defer { syncing = false }
        let viewer = self.viewer
        while attached !== selected {
            if let old = attached {
                attached = nil
                old.highlight(screen: nil, node: nil)
                await old.withInspection { $0.remove(viewer) }
            } else if let next = selected {
                attached = next
                let outbox = self.outbox
                await next.withInspection { $0.add(viewer, outbox: outbox) }
            }
        }
    }

    func receive(_ text: String) async -> String? {
        let command: DevtoolsCommand
        do {
            command = try DevtoolsCommand.parse(text)
        } catch {
            return error.message
        }
        if case .select(let id) = command {
            guard let target = targets.target(id) else { return "no app \(id) to inspect (it may have closed)" }
            chosen = true
            await inspect(target)
            sendTargets(targets.all)
            return nil
        }
        guard let target = selected else { return "there is no app to inspect" }
        let outbox = self.outbox
        switch command {
        case .select: return nil
        case .tree:
            outbox.send(await target.withInspection { $0.treeMessage() })
        case .highlight(let screen, let node):
            target.highlight(screen: screen.map(ScreenID.init), node: node.map(NodeID.init))
        case .evaluate(let id, let code):
            outbox.send(await target.withInspection { $0.evaluate(code, id: id) })
        case .route(let url):
            outbox.send(await target.withInspection { $0.routeMessage(url) })
        case .state:
            outbox.send(await target.withInspection { $0.stateMessage() })
        case .setStorage(let key, let json):
            return await target.withInspection { $0.editStorage(key: key, json: json) }
        case .removeStorage(let key):
            return await target.withInspection { $0.editStorage(key: key, json: nil) }
        }
        return nil
    }

    func close() async {
        closed = true
        targets.disconnected(self)
        await inspect(nil)
    }
}
