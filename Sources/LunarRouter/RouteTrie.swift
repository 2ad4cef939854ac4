/// The index that finds every route matching a URL's path components
/// without looking at unrelated routes.
///
/// One node per pattern prefix: literal children by their exact bytes, one
/// shared child for any variable (names do not affect matching), and the
/// routes that end at the node either exactly or with a trailing `*`. A
/// lookup walks only the branches the components allow, so its cost depends
/// on the URL's length and the routes that overlap it, not on the route count.
/// Ordering (priority, then registration) is applied to the few matches found.
final class RouteTrie {
    // Nodes are confined to the router's executor; dynamic exclusivity checks
    // on every field read were a large share of a lookup's cost.
    private final class Node {
        @exclusivity(unchecked) var literals = LiteralTable<Node>()
        @exclusivity(unchecked) var variable: Node?
        /// Routes whose pattern ends at this node.
        @exclusivity(unchecked) var routes: [RouteDefinition] = []
        /// Routes whose pattern ends with `*` after this node.
        @exclusivity(unchecked) var wildcardRoutes: [RouteDefinition] = []

        var isEmpty: Bool {
            literals.isEmpty && variable == nil && routes.isEmpty && wildcardRoutes.isEmpty
        }
    }

    private let root = Node()
    /// The most non-wildcard segments of any route indexed so far; bounds a walk's stack.
    private var depth = 0

    /// Indexes `route` under its segments.
    func insert(_ route: RouteDefinition) {
        var node = root
        for segment in route.segments {
            switch segment {
            case .literal(let text):
                let key = Array(text.utf8)
                if let child = node.literals.value(for: key) {
                    node = child
                } else {
                    let child = Node()
                    node.literals.set(child, for: key)
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
                depth = max(depth, route.segments.count - 1)
                return
            }
        }
        node.routes.append(route)
        depth = max(depth, route.segments.count)
    }

    /// Removes `route` (by identity) and prunes the nodes it leaves empty.
    func remove(_ route: RouteDefinition) {
        var path: [(parent: Node, segment: PathSegment)] = []
        var node = root
        for segment in route.segments where segment != .wildcard {
            let next: Node?
            switch segment {
            case .literal(let text): next = node.literals.value(for: Array(text.utf8))
            case .variable, .wildcard: next = node.variable
            }
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
            case .literal(let text): parent.literals.removeValue(for: Array(text.utf8))
            case .variable, .wildcard: parent.variable = nil
            }
            node = parent
        }
    }

    /// Every route matching the request's components, in no particular order.
    func matches(_ request: RequestURL, into found: inout [RouteDefinition]) {
        walk(request) { route in
            found.append(route)
            return true
        }
    }

    /// Whether any route matches the request's components; stops at the first one.
    func hasMatch(_ request: RequestURL) -> Bool {
        var found = false
        walk(request) { _ in
            found = true
            return false
        }
        return found
    }

    /// Depth-first walk with an explicit stack (a long URL cannot overflow
    /// the call stack); `visit` returns `false` to stop early. The stack holds
    /// at most one pending sibling per level, plus one.
    private func walk(_ request: RequestURL, visit: (RouteDefinition) -> Bool) {
        let components = request.pathComponents
        let capacity = min(components.count, depth) + 2
        request.withPathBytes { bytes in
            withUnsafeTemporaryAllocation(of: (node: Unmanaged<Node>, depth: Int).self, capacity: capacity) { stack in
                stack[0] = (Unmanaged.passUnretained(root), 0)
                var count = 1
                while count > 0 {
                    count -= 1
                    let (reference, level) = stack[count]
                    let node = reference.takeUnretainedValue()
                    if !node.wildcardRoutes.isEmpty {
                        for route in node.wildcardRoutes where !visit(route) { return }
                    }
                    if level == components.count {
                        for route in node.routes where !visit(route) { return }
                        continue
                    }
                    if let variable = node.variable {
                        stack[count] = (Unmanaged.passUnretained(variable), level + 1)
                        count += 1
                    }
                    let component = UnsafeBufferPointer(rebasing: bytes[components[level]])
                    if let literal = node.literals.value(for: component) {
                        stack[count] = (Unmanaged.passUnretained(literal), level + 1)
                        count += 1
                    }
                }
            }
        }
    }
}
