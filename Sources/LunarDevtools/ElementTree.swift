import Foundation
import LunarLayout
import LunarRuntime
import LunarUI

/// The Elements panel's source: the visible screen's element tree as the renderer was last
/// told it (kinds, props, styles, events), each node with its frame, and the navigation stack.
///
/// Frames are laid out here, the way the headless renderer lays out (the 390 × 844 viewport,
/// cell metrics), whatever the renderer: the web renderer leaves layout to the browser.
enum ElementTree {
    static let viewport = LayoutSize(width: 390, height: 844)

    /// The `tree` message for what `host` shows now (executor only).
    static func message(of host: ScreenHost) -> String {
        let shown = host.shownScreens
        let stack: [[String: Any]] = shown.map { screen in
            ["s": screen.id.rawValue, "module": screen.module, "title": screen.title.map { $0 as Any } ?? NSNull(), "modal": screen.modal]
        }
        var message: [String: Any] = ["t": "tree", "stack": stack]
        guard let visible = host.visibleScreen else { return DevtoolsJSON.text(message) }
        message["screen"] = visible.rawValue
        let tree = MountedTree()
        for mutation in host.contentCreation(of: visible) {
            do { try tree.apply(mutation) } catch {
                devtoolsLog.warning("the element tree stops at a change it cannot apply: \(error)")
                break
            }
        }
        tree.layout(width: viewport.width, height: viewport.height, metrics: CellMetrics.narrow.layoutMetrics)
        if let root = tree.root { message["root"] = describe(root) }
        return DevtoolsJSON.text(message)
    }

    static func describe(_ node: MountedNode) -> [String: Any] {
        var props: [String: Any] = [:]
        var style: [String: String] = [:]
        for entry in node.props {
            switch entry.value {
            case .style(let value):
                for item in value { style[item.property.rawValue] = item.value.description }
            case .bool(let value): props[entry.name.rawValue] = value
            case .int(let value): props[entry.name.rawValue] = value
            case .double(let value): props[entry.name.rawValue] = value
            case .string(let value): props[entry.name.rawValue] = value
            }
        }
        let frame = node.absoluteFrame
        return [
            "n": node.id.rawValue, "kind": node.kind.rawValue, "props": props, "style": style,
            "events": node.events.map(\.rawValue).sorted(),
            "frame": [frame.left, frame.top, frame.width, frame.height],
            "children": node.children.map(describe),
        ]
    }
}
