import Foundation
import Logging
import LunarBridge
import LunarIntercept
import LunarJSON
import LunarNetworkLua
import LunarRouter
import LunarRuntime
import LunarStorageLua
import LunarUI
import LunarWeb

/// What the inspector could not do (a hook it could not place): said, never swallowed.
let devtoolsLog = Logger(label: "lunar.devtools")

/// One runtime as the inspectors see it: the hooks that feed the panels, shared by every
/// inspector page open on that runtime. The first viewer installs them all (console, script
/// errors, network, element tree, view-model); the last to leave removes them all, so a
/// runtime nobody inspects runs exactly as one without developer tools.
///
/// Confined to the runtime's executor: every method runs there (``DevtoolsTarget`` hops).
final class RuntimeInspection: @unchecked Sendable {
    private weak var host: ScreenHost?
    private weak var state: LuaState?
    private let executor: LuaExecutor
    private let interceptors: Interceptors
    private var viewers: [ObjectIdentifier: WebOutbox] = [:]
    private var tokens: [HookToken] = []
    private var recorder: NetworkRecorder?
    private var treeScheduled = false
    private var viewModelScheduled = false
    private var helpers: Helpers?
    private typealias Helpers = (values: LuaFunction, watch: LuaFunction, unwatch: LuaFunction, field: LuaFunction, copy: LuaFunction,
                                 components: LuaFunction)
    private var watched: (screen: ScreenID, subscriptions: LuaValue)?
    /// The debugger the console made for itself (none was attached), removed on detach.
    private var ownDebugger: LuaDebugger?

    /// Executor only.
    init(host: ScreenHost, state: LuaState, executor: LuaExecutor, interceptors: Interceptors) {
        self.host = host
        self.state = state
        self.executor = executor
        self.interceptors = interceptors
    }

    var isInstalled: Bool { !viewers.isEmpty }

    // MARK: Viewers

    /// A viewer joins: the first installs the hooks; the viewer is sent everything at once.
    func add(_ viewer: ObjectIdentifier, outbox: WebOutbox) {
        if viewers.isEmpty { install() }
        viewers[viewer] = outbox
        outbox.send(treeMessage())
        outbox.send(stateMessage())
    }

    /// A viewer leaves: the last removes the hooks.
    func remove(_ viewer: ObjectIdentifier) {
        guard viewers.removeValue(forKey: viewer) != nil, viewers.isEmpty else { return }
        uninstall()
    }

    private func broadcast(_ message: String) {
        for outbox in viewers.values { outbox.send(message) }
    }

    // MARK: Hooks

    private func install() {
        guard let host, let state else { return }
        state.printObserver = { [weak self] text, location in
            self?.broadcast(Self.logMessage(level: "print", text: text, location: location))
        }
        for level in ["debug", "info", "warn", "error"] {
            let hook = CallHook.after { [weak self] call, _ in
                guard let self else { return }
                let arguments = call.arguments
                var text = arguments.first.map { $0.stringValue ?? $0.description } ?? ""
                // The record's fields, as the log's metadata shows them: `title=Login`.
                if arguments.count > 1, case .table(let fields) = arguments[1] {
                    text += fields.fields.keys.sorted().map { " \($0)=\(fields.fields[$0]?.description ?? "")" }.joined()
                }
                self.broadcast(Self.logMessage(level: level, text: text, location: call.frame.stack.callerLocation()))
            }
            do { tokens.append(try interceptors.call("lunar.log", level, hook)) } catch {
                devtoolsLog.warning("the console cannot follow lunar.log.\(level): \(error)")
            }
        }
        // Script errors: observed beside the handlers, which stay the host's to set.
        state.errorObserver = { [weak self] error in self?.broadcast(Self.errorMessage(error)) }
        host.scriptErrorObserver = { [weak self] error in self?.broadcast(Self.errorMessage(error)) }
        if let network = state[extension: ScriptNetwork.self] {
            let client = network.client
            let recorder = NetworkRecorder(
                defaultHeaders: { [weak client] in client?.configuration.headers ?? [:] },
                copy: { [weak self] value in self?.copied(value) ?? value }
            ) { [weak self] in self?.broadcast($0) }
            network.client.configuration.accessories.append(recorder)
            self.recorder = recorder
        }
        host.onContentChange = { [weak self] in self?.contentChanged() }
        watchViewModel()
    }

    private func uninstall() {
        guard let host, let state else { return }
        state.printObserver = nil
        for token in tokens { token.remove() }
        tokens = []
        state.errorObserver = nil
        host.scriptErrorObserver = nil
        if let recorder, let network = state[extension: ScriptNetwork.self] {
            network.client.configuration.accessories.removeAll { ($0 as AnyObject) === recorder }
        }
        recorder = nil
        host.onContentChange = nil
        unwatchViewModel()
        if let ownDebugger, state.debugger === ownDebugger { state.debugger = nil }
        ownDebugger = nil
    }

    // MARK: Elements

    /// The screen changed: one tree message (and a view-model check) once the current job ends.
    private func contentChanged() {
        guard !treeScheduled else { return }
        treeScheduled = true
        executor.enqueue { [self] in
            treeScheduled = false
            guard isInstalled else { return }
            broadcast(treeMessage())
            if watched?.screen != host?.visibleScreen { watchViewModel() }
        }
    }

    func treeMessage() -> String {
        guard let host else { return (["t": "tree", "stack": []] as DevtoolsMessage).messageText }
        return ElementTree.message(of: host) { [self] in components(on: $0) }
    }

    /// The components of `screen`'s last tree, by the path of the node each rendered:
    /// `[{"name":"Card","props":[ROW],"state":[ROW]}]`, outermost first, a row as the view-model's.
    private func components(on screen: ScreenID) -> [String: JSONValue] {
        guard let host, let state, let tree = host.lastTree(of: screen), let helpers = loadHelpers() else { return [:] }
        let results: [LuaValue]
        do {
            results = try state.callReturningAll(helpers.components, [.reference(tree.reference)])
        } catch {
            devtoolsLog.warning("the element tree shows no components: \(error)")
            return [:]
        }
        if results.count > 1, let problem = results[1].stringValue {
            devtoolsLog.warning("the element tree shows components up to an error: \(problem)")
        }
        guard case .table(let found)? = results.first else { return [:] }
        func rows(_ value: LuaValue) -> JSONValue {
            .array((value.tableValue?.array ?? []).map { row in
                ["name": .string(row["name"].stringValue ?? ""), "kind": .string(row["kind"].stringValue ?? ""),
                 "value": .string(row["value"].stringValue ?? "")]
            })
        }
        var byPath: [String: JSONValue] = [:]
        for (key, list) in found.fields {
            guard case .string(let path) = key, let list = list.tableValue else { continue }
            byPath[path] = .array(list.array.map { component in
                ["name": .string(component["name"].stringValue ?? ""), "props": rows(component["props"]), "state": rows(component["state"])]
            })
        }
        return byPath
    }

    // MARK: Console

    static func logMessage(level: String, text: String, location: LuaSourceLocation?) -> String {
        var message: DevtoolsMessage = ["t": "log", "level": .string(level), "text": .string(text.hasSuffix("\n") ? String(text.dropLast()) : text)]
        if let location { message["source"] = .string(location.description) }
        return message.messageText
    }

    /// A script error, its stack with the user's frames (files of the bundle) first.
    static func errorMessage(_ error: LuaScriptError) -> String {
        var message: DevtoolsMessage = ["t": "log", "level": "error", "text": .string(error.message), "scriptError": true]
        if let location = error.location { message["source"] = .string(location.description) }
        if let traceback = error.traceback {
            let frames = traceback.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && $0 != "stack traceback:" }
            let users = frames.filter { $0.contains(".lua:") }
            message["stack"] = .array((users + frames.filter { !$0.contains(".lua:") }).map(JSONValue.string))
        }
        return message.messageText
    }

    /// Evaluates `code` as an expression (or, failing that, a statement) in the app's globals.
    func evaluate(_ code: String, id: Int) -> String {
        guard let state else { return (["t": "eval", "id": .integer(id), "ok": false, "error": "the app has stopped"] as DevtoolsMessage).messageText }
        // The attached debugger's (a DAP client's) when there is one, else one of our own, let go
        // on detach; either way the tables described here are released once the answer is built.
        let debugger: LuaDebugger
        if let existing = state.debugger {
            debugger = existing
        } else {
            debugger = LuaDebugger(state: state, executor: executor)
            ownDebugger = debugger
        }
        return debugger.withTemporaryValues {
            switch debugger.evaluate(code, frame: nil) {
            case .success(let value):
                var answer: DevtoolsMessage = ["t": "eval", "id": .integer(id), "ok": true, "value": .string(value.value), "type": .string(value.type)]
                if value.reference != 0 {
                    let children = debugger.variables(of: value.reference, start: 0, count: 50)
                    answer["children"] = .array(children.map { .object(["name": .string($0.name), "value": .string($0.value), "type": .string($0.type)]) })
                }
                return answer.messageText
            case .failure(let error):
                return (["t": "eval", "id": .integer(id), "ok": false, "error": .string(error.message)] as DevtoolsMessage).messageText
            }
        }
    }

    // MARK: State

    func stateMessage() -> String {
        guard let host, let state else { return (["t": "state"] as DevtoolsMessage).messageText }
        var message: DevtoolsMessage = ["t": "state"]
        let manifest = host.bundle.manifest.routes
        message["routes"] = .array(host.appRouter.routes.map { token -> JSONValue in
            var route: [String: JSONValue] = ["pattern": .string(token.pattern), "priority": .integer(token.priority)]
            if let scheme = token.scheme { route["scheme"] = .string(scheme) }
            if let module = manifest[token.pattern] { route["module"] = .string(module) }
            return .object(route)
        })
        message["interceptors"] = .array(interceptors.registrations.map { .string($0.description) })
        message["storage"] = storageItems(state)
        message["viewModel"] = .object(viewModelRows())
        return message.messageText
    }

    func routeMessage(_ url: String) -> String {
        var message: DevtoolsMessage = ["t": "route", "url": .string(url)]
        guard let host else { return message.messageText }
        if let match = host.appRouter.match(url) {
            var parameters: [String: JSONValue] = [:]
            for (key, value) in match.parameters { parameters[key] = .string(value.stringValue ?? "\(value)") }
            var described: [String: JSONValue] = ["pattern": .string(match.pattern), "params": .object(parameters)]
            if let module = host.bundle.manifest.routes[match.pattern] { described["module"] = .string(module) }
            message["match"] = .object(described)
        }
        return message.messageText
    }

    private func storageItems(_ state: LuaState) -> JSONValue {
        guard let storage = state[extension: ScriptStorage.self] else { return ["error": "this app has no storage"] }
        do {
            let store = try storage.store()
            return ["items": .array(store.keys.sorted().map { key -> JSONValue in
                ["key": .string(key), "value": .string(store.jsonText(forKey: key).map { String(decoding: $0, as: UTF8.self) } ?? "null")]
            })]
        } catch {
            return ["error": .string("\(error)")]
        }
    }

    /// Stores or removes a value, then sends the state again; nil, or why it failed.
    func editStorage(key: String, json: String?) -> String? {
        guard let state, let storage = state[extension: ScriptStorage.self] else { return "this app has no storage" }
        do {
            let store = try storage.store()
            if let json { try store.setJSONText(Array(json.utf8), forKey: key) } else { try store.removeValue(forKey: key) }
        } catch {
            return "storage: \(error)"
        }
        broadcast(stateMessage())
        return nil
    }

    /// A value held by reference (a reformed result's table), copied into Swift to be shown.
    private func copied(_ value: LuaValue) -> LuaValue {
        guard case .reference = value, let state, let helpers = loadHelpers(),
              let copy = try? state.callReturningAll(helpers.copy, [value]).first else { return value }
        return copy
    }

    // MARK: View-model

    private func loadHelpers() -> Helpers? {
        if let helpers { return helpers }
        guard let state else { return nil }
        let results: [LuaValue]
        do {
            results = try state.callReturningAll(try state.load(ViewModelWatch.source), [], keepingReferences: true)
        } catch {
            devtoolsLog.warning("the view-model panel cannot load its helpers: \(error)")
            return nil
        }
        guard results.count == 6,
              case .function(let values) = results[0], case .function(let watch) = results[1],
              case .function(let unwatch) = results[2], case .function(let field) = results[3],
              case .function(let copy) = results[4], case .function(let components) = results[5] else { return nil }
        helpers = (values, watch, unwatch, field, copy, components)
        return helpers
    }

    /// The visible screen's view-model, by reference, and the screen's module.
    private func visibleViewModel() -> (screen: ScreenID, module: String, viewModel: LuaValue)? {
        guard let host, let state, let visible = host.visibleScreen, let instance = host.instance(of: visible),
              let helpers = loadHelpers(),
              let viewModel = try? state.callReturningAll(helpers.field, [.reference(instance.reference), .string("viewModel")],
                                                          keepingReferences: true).first else { return nil }
        let module = host.shownScreens.first { $0.id == visible }?.module ?? ""
        return (visible, module, viewModel)
    }

    private func viewModelRows() -> [String: JSONValue] {
        guard let state, let helpers = loadHelpers(), let shown = visibleViewModel() else { return ["rows": []] }
        var rows: [JSONValue] = []
        if let flat = try? state.callReturningAll(helpers.values, [shown.viewModel]) {
            var index = 0
            while index + 2 < flat.count {
                rows.append(["name": .string(flat[index].stringValue ?? ""), "kind": .string(flat[index + 1].stringValue ?? ""),
                             "value": .string(flat[index + 2].stringValue ?? "")])
                index += 3
            }
        }
        return ["screen": .string(shown.module), "rows": .array(rows)]
    }

    private func watchViewModel() {
        unwatchViewModel()
        guard let state, let helpers = loadHelpers(), let shown = visibleViewModel() else { return }
        let changed = state.makeFunction(named: "devtools.changed") { [weak self] _ in
            self?.viewModelChanged()
            return .results(0)
        }
        if let subscriptions = try? state.callReturningAll(helpers.watch, [shown.viewModel, .function(changed)],
                                                           keepingReferences: true).first {
            watched = (shown.screen, subscriptions)
        }
    }

    private func unwatchViewModel() {
        guard let watched else { return }
        self.watched = nil
        if let state, let helpers { _ = try? state.callReturningAll(helpers.unwatch, [watched.subscriptions]) }
    }

    /// A watched signal changed: one `vm` message once the current job ends.
    private func viewModelChanged() {
        guard !viewModelScheduled else { return }
        viewModelScheduled = true
        executor.enqueue { [self] in
            viewModelScheduled = false
            guard isInstalled else { return }
            var message = viewModelRows()
            message["t"] = "vm"
            broadcast(message.messageText)
        }
    }
}
