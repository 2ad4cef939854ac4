import Foundation
import LunarRuntime
import LunarUI
import LunarWeb
import Synchronization

/// One app the inspector can inspect: a runtime, with a name for the inspector's selector
/// and, for a browser tab, a way to outline a node in the app.
public final class DevtoolsTarget: Sendable {
    /// Its number among the targets of its ``DevtoolsTargets``, counting from 1.
    public let id: Int
    /// What the selector shows: `tab 2 · /items/3`, `terminal`.
    public let label: String
    /// The inspected runtime.
    public let runtime: LunarRuntime
    private let highlighter: (@Sendable (ScreenID?, NodeID?) -> Void)?
    private let inspection = Mutex<RuntimeInspection?>(nil)

    init(id: Int, label: String, runtime: LunarRuntime, highlight: (@Sendable (ScreenID?, NodeID?) -> Void)?) {
        self.id = id
        self.label = label
        self.runtime = runtime
        self.highlighter = highlight
    }

    /// Runs `body` on the runtime's executor with the target's inspection (made on first use).
    func withInspection<T: Sendable>(_ body: @escaping @Sendable (RuntimeInspection) -> T) async -> T {
        let executor = runtime.executor
        return await runtime.withHost { [self] host, state in
            let current = inspection.withLock { existing in
                if let existing { return existing }
                let made = RuntimeInspection(host: host, state: state, executor: executor,
                                             interceptors: host.interceptorRegistry)
                existing = made
                return made
            }
            return body(current)
        }
    }

    /// Outlines `node` of `screen` in the app (nothing for an app without a page).
    func highlight(screen: ScreenID?, node: NodeID?) { highlighter?(screen, node) }

    /// Whether the app can outline a node.
    var canHighlight: Bool { highlighter != nil }
}

/// The apps an inspector may choose from, and the ``WebInspector`` a ``WebServer`` serves
/// `/devtools` with: each connection inspects one target, by default the newest, and follows
/// `select` to another. When the target it inspects goes (a tab closed), it moves to the newest.
///
/// ```swift
/// let targets = DevtoolsTargets()
/// let server = WebServer(configuration: .init(port: 0), inspector: targets) { request in … }
/// let target = await targets.add(runtime, label: "tab 1 · /login") { screen, node in … }
/// await targets.remove(target)
/// ```
public final class DevtoolsTargets: WebInspector {
    private struct Registry {
        var targets: [Int: DevtoolsTarget] = [:]
        var lastID = 0
        var connections: [ObjectIdentifier: DevtoolsConnection] = [:]
    }
    private let registry = Mutex(Registry())

    /// No targets yet.
    public init() {}

    /// Adds an app; every open inspector has heard of it when this returns (one that follows
    /// the newest app inspects it).
    /// - Parameter highlight: outlines a node in the app, for an app shown in a browser tab.
    @discardableResult
    public func add(_ runtime: LunarRuntime, label: String,
                    highlight: (@Sendable (ScreenID?, NodeID?) -> Void)? = nil) async -> DevtoolsTarget {
        let (target, connections) = registry.withLock { registry in
            registry.lastID += 1
            let target = DevtoolsTarget(id: registry.lastID, label: label, runtime: runtime, highlight: highlight)
            registry.targets[target.id] = target
            return (target, Array(registry.connections.values))
        }
        for connection in connections { await connection.targetsChanged() }
        return target
    }

    /// Removes an app (its tab closed); its inspectors have moved to the newest app left when
    /// this returns.
    public func remove(_ target: DevtoolsTarget) async {
        let connections = registry.withLock { registry in
            registry.targets[target.id] = nil
            return Array(registry.connections.values)
        }
        for connection in connections { await connection.targetsChanged() }
    }

    /// The apps now, oldest first.
    public var all: [DevtoolsTarget] {
        registry.withLock { $0.targets.values.sorted { $0.id < $1.id } }
    }

    func target(_ id: Int) -> DevtoolsTarget? { registry.withLock { $0.targets[id] } }

    /// An inspector page connected: it inspects the newest app until it selects another.
    public func connect(outbox: WebOutbox) async -> any WebInspectorConnection {
        let connection = DevtoolsConnection(targets: self, outbox: outbox)
        registry.withLock { $0.connections[ObjectIdentifier(connection)] = connection }
        await connection.targetsChanged()
        return connection
    }

    func disconnected(_ connection: DevtoolsConnection) {
        _ = registry.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(connection)) }
    }
}
