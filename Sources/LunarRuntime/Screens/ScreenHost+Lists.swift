import LunarBridge
import LunarUI

/// What the runtime knows of one virtualized list on a screen: its scroll position as the
/// renderer reported it, and the options its last render gave.
struct VirtualList {
    var window: ListWindow
    /// `onEndReachedThreshold`, in viewports.
    var threshold: Double
    /// The item count `onEndReached` was last called for, so it is called once per length.
    var endReachedCount: Int?
}

/// Virtualized lists: `ui.List` hands the runtime its items and row function, and the runtime
/// builds only the rows its ``ListWindow`` mounts, from the scroll position the renderer reports.
extension ScreenHost {
    /// Builds the rows of every virtualized list in `element` (read from the Lua tree `tree`),
    /// lists inside rows included, for the window each list's last reported position calls for.
    /// Returns each list's path, window and end threshold, for ``recordLists(_:on:)`` once the
    /// tree is reconciled.
    func buildListRows(of element: inout Element, reader: inout ElementReader, tree: LuaReference,
                       on screen: ScreenInstance) throws(LuaScriptError) -> [(path: [Int], list: VirtualList)] {
        var built: [(path: [Int], list: VirtualList)] = []
        var pending = reader.virtualLists
        reader.virtualLists = []
        var index = 0
        while index < pending.count {
            let path = pending[index]
            index += 1
            guard let list = element.descendant(at: path[...]) else { continue }
            let luaPath = LuaValue.table(LuaTable(array: path.map { .integer($0 + 1) }))
            let options = try state.callHelper(helpers.function("listOptions", in: state), [.reference(tree), luaPath])
            var window = ListWindow(
                itemCount: list.props[.itemCount]?.intValue ?? 0,
                estimatedItemSize: list.props[.estimatedItemSize].flatMap(\.number) ?? 44,
                drawDistance: options.count > 1 ? options[1].doubleValue : nil,
                initialCount: (options.count > 2 ? options[2].intValue : nil) ?? 10)
            // The list the previous render had at this place keeps its scroll position.
            if let old = screen.reconciler.node(at: path), let known = screen.lists[old]?.window {
                window.viewport = known.viewport
                window.offset = known.offset
            }
            let threshold = options.first?.doubleValue ?? 0.5
            built.append((path, VirtualList(window: window, threshold: threshold)))
            let rows = window.mounted
            let listTable = try state.callHelper(
                helpers.function("listRows", in: state),
                [.reference(screen.instance.reference), .reference(tree), luaPath, .integer(rows.lowerBound + 1), .integer(rows.upperBound)])
            guard let table = listTable.first else { continue }
            let stack = state.stack
            let base = stack.top
            defer { stack.setTop(base) }
            table.push(to: stack)
            reader.bound.removeAll { $0.path == path }
            var read: Element
            do {
                read = try reader.read(at: stack.top, path: path, depth: path.count)
            } catch {
                throw LuaScriptError(kind: .runtime, message: "render() of \(screen.module): \(error.message)",
                                     location: nil, traceback: nil, value: .string(error.message))
            }
            read.props[.firstIndex] = .int(rows.lowerBound)
            element.replaceDescendant(at: path[...], with: read)
            pending += reader.virtualLists.filter { $0 != path }
            reader.virtualLists = []
        }
        return built
    }

    /// Keeps the lists a render built under their nodes in the reconciled tree; a list node
    /// that is gone, or no longer virtualized, is forgotten.
    func recordLists(_ built: [(path: [Int], list: VirtualList)], on screen: ScreenInstance) {
        var lists: [NodeID: VirtualList] = [:]
        for (path, list) in built {
            guard let node = screen.reconciler.node(at: path) else { continue }
            var list = list
            if let known = screen.lists[node] {
                list.endReachedCount = known.endReachedCount
                list.window.viewport = known.window.viewport
                list.window.offset = known.window.offset
            }
            lists[node] = list
        }
        screen.lists = lists
    }

    /// Takes a `scroll` or `viewport` report for a virtualized list: records the position and,
    /// once per item count, calls `onEndReached` when the end is near. Returns false when
    /// `node` is not a virtualized list.
    func listScrolled(_ node: NodeID, event: EventName, payload: PropValue?, on screen: ScreenInstance) -> Bool {
        guard var list = screen.lists[node], let value = payload?.number, value.isFinite else { return false }
        if event == .viewport { list.window.viewport = max(0, value) } else { list.window.offset = value }
        let reachEnd = list.window.isNearEnd(threshold: list.threshold) && list.endReachedCount != list.window.itemCount
        if reachEnd { list.endReachedCount = list.window.itemCount }
        screen.lists[node] = list
        if reachEnd, let path = screen.reconciler.path(of: node), let tree = screen.lastTree {
            let luaPath = LuaValue.table(LuaTable(array: path.map { .integer($0 + 1) }))
            do {
                _ = try state.callHelper(helpers.function("dispatch", in: state),
                                         [.reference(tree.reference), luaPath, .string(EventName.endReached.rawValue)])
            } catch {
                onScriptError(error)
                renderer?.showToast("error: " + error.message)
            }
        }
        return true
    }
}

extension PropValue {
    /// The number, when this value is an integer or a double.
    var number: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .bool, .string, .style: return nil
        }
    }
}

extension Element {
    /// The element at `path` below this one (empty: this one).
    func descendant(at path: ArraySlice<Int>) -> Element? {
        guard let first = path.first else { return self }
        guard children.indices.contains(first) else { return nil }
        return children[first].descendant(at: path.dropFirst())
    }

    /// Replaces the element at `path` below this one (empty: this one).
    mutating func replaceDescendant(at path: ArraySlice<Int>, with element: Element) {
        guard let first = path.first else {
            self = element
            return
        }
        guard children.indices.contains(first) else { return }
        children[first].replaceDescendant(at: path.dropFirst(), with: element)
    }
}
