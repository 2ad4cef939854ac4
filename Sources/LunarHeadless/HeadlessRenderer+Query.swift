import LunarUI

/// What a test reads about one element on the visible screen.
public struct HeadlessElement: Sendable, Equatable {
    /// The element's kind (`Button`, `TextField`, ...).
    public var kind: ElementKind
    /// Its props as last applied (a text field's `value` as typed).
    public var props: Props
    /// Whether the element has the input focus.
    public var isFocused: Bool
}

// Queries for tests: read the visible screen without acting on it.
extension HeadlessRenderer {
    /// The visible screen's title, nil when it has none or no screen is shown.
    public var visibleTitle: String? { visibleRecord?.title }

    /// The first element on the visible screen, in document order, whose id is `target`,
    /// else whose label (button title, text, image alt) or placeholder is `target`;
    /// nil when none matches or an error overlay hides the content. Changes nothing.
    public func element(_ target: String) -> HeadlessElement? {
        guard let screen = visibleRecord, screen.error == nil else { return nil }
        var byID: MountedNode?
        var byLabel: MountedNode?
        screen.tree.root?.forEachInPreorder { node in
            if byID == nil, node.elementID == target { byID = node }
            if byLabel == nil, (node.label ?? node.props[.placeholder]?.stringValue) == target { byLabel = node }
        }
        guard let node = byID ?? byLabel else { return nil }
        return HeadlessElement(kind: node.kind, props: node.props, isFocused: screen.tree.focused == node.id)
    }
}

extension HeadlessRenderer {
    /// How many nodes are mounted on the visible screen (the root and everything under it);
    /// 0 when no screen is shown. What a virtualized list keeps flat.
    public var mountedNodeCount: Int {
        var count = 0
        visibleRecord?.tree.root?.forEachInPreorder { _ in count += 1 }
        return count
    }
}
