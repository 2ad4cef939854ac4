import Foundation
import LunarJSON
import LunarLayout
import LunarRuntime
import LunarUI

/// The Elements panel's source: the visible screen's element tree as the renderer was last
/// told it (kinds, props, styles, events), each node with its frame, and the navigation stack.
/// A node a component rendered (its output's root) also carries the component, with its props
/// and state (`components`, outermost first: a component whose root is another has both).
///
/// Frames are laid out here, the way the headless renderer lays out (the 390 × 844 viewport,
/// cell metrics), whatever the renderer: the web renderer leaves layout to the browser.
enum ElementTree {
    static let viewport = LayoutSize(width: 390, height: 844)

    /// The `tree` message for what `host` shows now (executor only); `components` gives, for the
    /// visible screen, the components by the path of the node they rendered ("0.2": child
    /// positions from the root, "" the root), each list as a node's `components` field carries it.
    static func message(of host: ScreenHost, components: (ScreenID) -> [String: JSONValue]) -> String {
        let shown = host.shownScreens
        let stack: [JSONValue] = shown.map { screen in
            .object(["s": .integer(screen.id.rawValue), "module": .string(screen.module), "title": screen.title.map(JSONValue.string) ?? .null,
                     "modal": .bool(screen.modal)])
        }
        var message: DevtoolsMessage = ["t": "tree", "stack": .array(stack)]
        guard let visible = host.visibleScreen else { return message.messageText }
        message["screen"] = .integer(visible.rawValue)
        let tree = MountedTree()
        for mutation in host.contentCreation(of: visible) {
            do { try tree.apply(mutation) } catch {
                devtoolsLog.warning("the element tree stops at a change it cannot apply: \(error)")
                break
            }
        }
        tree.layout(width: viewport.width, height: viewport.height, metrics: CellMetrics.narrow.layoutMetrics)
        if let root = tree.root { message["root"] = describe(root, path: "", components: components(visible)) }
        return message.messageText
    }

    static func describe(_ node: MountedNode, path: String, components: [String: JSONValue]) -> JSONValue {
        var props: [String: JSONValue] = [:]
        var style: [String: JSONValue] = [:]
        for entry in node.props {
            switch entry.value {
            case .style(let value):
                for item in value { style[item.property.rawValue] = .string(item.value.description) }
            case .bool(let value): props[entry.name.rawValue] = .bool(value)
            case .int(let value): props[entry.name.rawValue] = .integer(value)
            case .double(let value): props[entry.name.rawValue] = .finite(value)
            case .string(let value): props[entry.name.rawValue] = .string(value)
            }
        }
        let frame = node.absoluteFrame
        var described: [String: JSONValue] = [
            "n": .integer(node.id.rawValue), "kind": .string(node.kind.rawValue), "props": .object(props), "style": .object(style),
            "events": .array(node.events.map(\.rawValue).sorted().map(JSONValue.string)),
            "frame": .array([frame.left, frame.top, frame.width, frame.height].map(JSONValue.finite)),
            "children": .array(node.children.enumerated().map { index, child in
                describe(child, path: path.isEmpty ? "\(index)" : "\(path).\(index)", components: components)
            }),
        ]
        if let owners = components[path] { described["components"] = owners }
        return .object(described)
    }
}
