/// The index that finds every route matching a URL's path components
/// without looking at unrelated routes.
///
/// One node per pattern prefix: literal children by their exact text, one
/// shared child for any variable (names do not affect matching), and the
/// routes that end at the node either exactly or with a trailing `*`. A
/// lookup walks only the branches the components allow, so its cost depends
/// on the URL's length and the routes that overlap it, not on the route count.
/// Ordering (priority, then registration) is applied to the few matches found.
final class RouteTrie {
    private final class Node {
        var literals: [Substring: Node] = [:]
        var variable: Node?
        /// Routes whose pattern ends at this node.
        var routes: [RouteDefinition] = []
        /// Routes whose pattern ends with `*` after this node.
        var wildcardRoutes: [RouteDefinition] = []

        var isEmpty: Bool {
            literals.isEmpty && variable == nil && routes.isEmpty && wildcardRoutes.isEmpty
        }
    }

    private let root = Node()

    /// Indexes `route` under its segments.
    func insert(_ route: RouteDefinition) {
        var node = root
        for segment in route.segments {
            switch segment {
            case .literal(let text):
                if let child = node.literals[Substring(text)] {
                    node = child
                } else {
                    let child = Node()
                    node.literals[Substring(text)] = child
                    node = child
                }
            case .variable:
                if let child = node.variable {
                    node = child
                } else {
                    let child = Node()
                    node.variable = child
                    node = child
                }
            case .wildcard:
                node.wildcardRoutes.append(route)
                return
            }
        }
        node.routes.append(route)
    }

    /// Removes `route` (by identity) and prunes the nodes it leaves empty.
    func remove(_ route: RouteDefinition) {
        var path: [(parent: Node, segment: PathSegment)] = []
        var node = root
        for segment in route.segments {
            let next: Node?
            switch segment {
            case .literal(let text): next = node.literals[Substring(text)]
            case .variable: next = node.variable
            case .wildcard: next = nil
            }
            if segment == .wildcard { break }
            guard let next else { return }
            path.append((node, segment))
            node = next
        }
        if route.segments.last == .wildcard {
            node.wildcardRoutes.removeAll { $0 === route }
        } else {
            node.routes.removeAll { $0 === route }
        }
        while node.isEmpty, let (parent, segment) = path.popLast() {
            switch segment {
            case .literal(let text): parent.literals[Substring(text)] = nil
            case .variable: parent.variable = nil
            case .wildcard: break
            }
            node = parent
        }
    }

    /// Every route matching `components`, in no particular order.
    func matches(_ components: [Substring], into found: inout [RouteDefinition]) {
        walk(components) { route in
            found.append(route)
            return true
        }
    }

    /// Whether any route matches `components`; stops at the first one.
    func hasMatch(_ components: [Substring]) -> Bool {
        var found = false
        walk(components) { _ in
            found = true
            return false
        }
        return found
    }

    /// Depth-first walk with an explicit stack (a long URL cannot overflow
    /// the call stack); `visit` returns `false` to stop early.
    private func walk(_ components: [Substring], visit: (RouteDefinition) -> Bool) {
        var stack: [(node: Node, depth: Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            for route in node.wildcardRoutes where !visit(route) { return }
            if depth == components.count {
                for route in node.routes where !visit(route) { return }
                continue
            }
            if let variable = node.variable {
                stack.append((variable, depth + 1))
            }
            if let literal = node.literals[components[depth]] {
                stack.append((literal, depth + 1))
            }
        }
    }
}
