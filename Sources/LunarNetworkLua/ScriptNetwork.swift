import Foundation
import LunarBridge
import LunarNetwork

/// The `lunar.net` service of one Lua state: its `NetworkClient`, the Lua reformers and
/// accessories configured by scripts, and the sends in flight.
///
/// A Lua request object becomes a Swift `Request` whose body is decoded into Lua values and whose
/// `validate` and reformers are Lua stages of the client's one response pipeline
/// (``LuaResponseDecoder``, ``LuaValidation``, ``LuaReformer``), so caching, validation and
/// reformers run in one order with one error mapping for Swift and Lua; a batch or chain object
/// becomes the client's `BatchTask` or `ChainTask` over its members. Each send in flight counts as
/// pending work on the executor, so `lunar exec` and the headless `wait` wait for it.
///
/// Confined to the state's executor; the state owns it (`state[extension: ScriptNetwork.self]`)
/// and it holds the state unowned. A host may reach `client` to set the cache directory, add
/// Swift accessories or URL filters.
public final class ScriptNetwork {
    /// The client every `lunar.net` request goes through.
    public let client: NetworkClient
    unowned let state: LuaState
    private let driver: any LuaAsyncDriver
    /// Reformers set by `net.config{reformer=}`, run before each request's own.
    var globalReformers: [LuaFunction] = []
    private var inFlight: [Int: InFlight] = [:]
    private var lastID = 0

    /// One send on its way: its task, and the Lua function its outcome goes to.
    private struct InFlight {
        let task: any NetworkTask
        let deliver: LuaFunction
    }

    /// One URLSession for every state in the process, as an app would have.
    static let sharedTransport = URLSessionTransport()

    /// Creates the service for `state`, whose callbacks run through `driver` (the state's executor).
    init(state: LuaState, driver: any LuaAsyncDriver, transport: any HTTPTransport = ScriptNetwork.sharedTransport) {
        self.state = state
        self.driver = driver
        client = NetworkClient(transport: transport, scheduler: ExecutorCallbackScheduler(driver: driver))
    }

    /// How many `lunar.net` sends (requests, batches, chains) are in flight.
    public var runningCount: Int { inFlight.count }

    // MARK: Sending

    /// Sends the Lua request, batch or chain `object`; `deliver(result, nil, info)` or
    /// `deliver(nil, errorTable)` runs later on the executor, and, for a request,
    /// `progress(received, expected)` as body bytes arrive. Returns the send's id for
    /// ``cancel(_:)``. Throws, sending nothing, when a request in it cannot be read.
    func send(_ object: LuaValue, deliver: LuaFunction, progress: LuaFunction?) throws(LuaTypeMismatch) -> Int {
        let step = try step(for: object, progress: progress)
        lastID += 1
        let id = lastID
        driver.beginWork()
        let driver = self.driver
        let task = step.start(on: client) { [weak self] outcome in
            defer { driver.endWork() }
            self?.complete(id, with: outcome)
        }
        inFlight[id] = InFlight(task: task, deliver: deliver)
        return id
    }

    /// Cancels a send; false when it already finished. Its callback then gets a `cancelled` error, later.
    func cancel(_ id: Int) -> Bool {
        guard let entry = inFlight[id], !entry.task.isFinished else { return false }
        entry.task.cancel()
        return true
    }

    private func complete(_ id: Int, with outcome: Result<LuaDocument, NetworkError>) {
        guard let entry = inFlight.removeValue(forKey: id) else { return }
        switch outcome {
        case .success(let document): call(entry.deliver, with: document.value, .nil, document.info)
        case .failure(let error): call(entry.deliver, with: .nil, error.luaTable)
        }
    }

    // MARK: Lua objects as steps

    /// What a Lua object sent through `lunar.net` is, by its metatable's `__name`.
    enum ObjectKind: String {
        case request = "lunar.net.request", batch = "lunar.net.batch", chain = "lunar.net.chain"
    }

    /// The kind of `object`, or nil when it is no request, batch or chain.
    func kind(of object: LuaValue) -> ObjectKind? {
        let stack = state.stack
        guard case .reference = object, stack.reserve(1) else { return nil }
        object.push(to: stack)
        defer { stack.pop() }
        return stack.metatableName(at: -1).flatMap(ObjectKind.init(rawValue:))
    }

    /// The step that sends `object`: its requests are read now (a chain's later steps when they
    /// are reached), so a bad one throws before anything is sent.
    func step(for object: LuaValue, progress: LuaFunction? = nil) throws(LuaTypeMismatch) -> NetworkStep<LuaDocument> {
        switch kind(of: object) {
        case .request:
            return try requestStep(for: object, progress: progress)
        case .batch:
            var members: [NetworkStep<LuaDocument>] = []
            for member in try list(object, "requests") { members.append(try step(for: member)) }
            return NetworkStep.batch(members).map(LuaDocument.init(all:))
        case .chain:
            return try chainStep(steps: list(object, "steps"))
        case nil:
            throw LuaTypeMismatch(problem: "request, batch or chain expected, got \(object.typeName)")
        }
    }

    private func requestStep(for object: LuaValue, progress: LuaFunction?) throws(LuaTypeMismatch) -> NetworkStep<LuaDocument> {
        guard case .reference(let reference) = object else { throw LuaTypeMismatch(problem: "a request object expected") }
        let stack = state.stack
        _ = stack.reserve(1)
        object.push(to: stack)
        defer { stack.pop() }
        let script = try ScriptRequest.read(from: stack)
        var request = script.request
        var functions: [LuaStageFunction] = []
        func held(_ function: LuaFunction) -> LuaStageFunction {
            functions.append(LuaStageFunction(function))
            return functions[functions.count - 1]
        }
        request.decoding = .adapted(LuaResponseDecoder(network: self))
        request.validation = script.validation.map { validation in
            switch validation {
            case .shape(let shape): LuaValidation(check: .shape(shape), network: self)
            case .function(let function): LuaValidation(check: .function(held(function)), network: self)
            }
        }
        request.reformers = (globalReformers + script.reformers).map { LuaReformer(held: held($0), network: self) }
        // The tag goes last: it lets go of the Lua object and functions when the request stops, after the others ran.
        request.accessories = script.accessories.map { LuaAccessory($0, network: self) }
            + [LuaRequestTag(object: LuaTableReference(reference: reference), functions: functions)]
        return NetworkStep { [weak self] client, completion in
            let task = client.send(request) { outcome in
                completion(outcome.map { ($0.adaptedValue as? LuaDocument) ?? LuaDocument(value: .nil, info: .nil) })
            }
            if let progress {
                task.onProgress = { report in
                    self?.call(progress, with: .integer(Int(report.receivedBytes)), report.expectedBytes.map { .integer(Int($0)) } ?? .nil)
                }
            }
            return task
        }
    }

    /// A chain: `steps[1]` is an object, each later one an object or a function
    /// `fn(previousResult, resultsSoFar)` returning the next object (nil ends the chain).
    private func chainStep(steps: [LuaValue]) throws(LuaTypeMismatch) -> NetworkStep<LuaDocument> {
        let first = try step(for: steps.first ?? .nil)
        return NetworkStep { [weak self] client, completion in
            var results: [LuaValue] = []
            return client.sendChain(first, next: { document, position throws(NetworkError) in
                results.append(document.value)
                guard let self, position + 1 < steps.count else { return nil }
                return try self.chainStep(at: position + 1, of: steps, previous: document.value, results: results)
            }, completion: { completion($0.map(LuaDocument.init(all:))) })
        }
    }

    /// The chain's step at zero-based `index`, made now: a function step's failure is a `reform`
    /// error, a step that cannot be read an `invalidRequest` one.
    private func chainStep(at index: Int, of steps: [LuaValue], previous: LuaValue,
                           results: [LuaValue]) throws(NetworkError) -> NetworkStep<LuaDocument>? {
        var object = steps[index]
        if case .function(let make) = object {
            do {
                object = try state.callReturningAll(make, [previous, .table(LuaTable(array: results))], keepingReferences: true).first ?? .nil
            } catch {
                throw NetworkError(kind: .reform, message: error.locatedMessage)
            }
            if object.isNil { return nil }
            if kind(of: object) == nil {
                throw NetworkError(kind: .reform, message: "chain step \(index + 1) returned a \(object.typeName), not a request")
            }
        }
        do {
            return try step(for: object)
        } catch {
            throw NetworkError(kind: .invalidRequest, message: "bad argument #1 to 'net.send' (\(error.problem))")
        }
    }

    /// The sequence in field `name` of a batch or chain object.
    private func list(_ object: LuaValue, _ name: String) throws(LuaTypeMismatch) -> [LuaValue] {
        let stack = state.stack
        guard stack.reserve(3) else { throw LuaTypeMismatch(problem: "stack overflow") }
        object.push(to: stack)
        defer { stack.pop() }
        guard let table = stack.table(at: -1) else { return [] }
        return table.withField(name) { field in
            guard let list = stack.table(at: field) else { return [] }
            // Up to the first nil.
            var elements: [LuaValue] = []
            var more = true
            while more {
                list.withElement(elements.count + 1) { element in
                    if stack.type(at: element) == .nil {
                        more = false
                    } else {
                        elements.append(state.value(at: element))
                    }
                }
            }
            return elements
        }
    }

    // MARK: Calls into Lua from the client

    /// Calls a callback or hook, reporting its error.
    func call(_ function: LuaFunction, with arguments: LuaValue...) {
        do {
            _ = try state.callReturningAll(function, arguments, keepingReferences: true)
        } catch {
            state.report(error)
        }
    }

    /// Runs a Lua URL filter; see ``LuaURLFilter``.
    func filter(_ url: URL, through function: LuaFunction, request: LuaValue) -> URL {
        let result: LuaValue
        do {
            result = try state.callReturningAll(function, [.string(url.absoluteString), request], keepingReferences: true).first ?? .nil
        } catch {
            state.report(error)
            return url
        }
        switch result {
        case .nil:
            return url
        case .string(let text):
            if let filtered = URL(string: text), filtered.scheme != nil { return filtered }
            fallthrough
        default:
            state.report(LuaScriptError(
                kind: .runtime, message: "net filter: returned \(result.typeName == "string" ? "'\(result)'" : result.typeName), not an absolute URL; the URL is kept",
                location: nil, traceback: nil, value: .nil))
            return url
        }
    }

    // MARK: Accessories

    /// Adds a global accessory, after those already added.
    func addAccessory(_ hooks: LuaAccessoryHooks) -> LuaAccessory {
        let accessory = LuaAccessory(hooks, network: self)
        client.configuration.accessories.append(accessory)
        return accessory
    }

    /// Removes a global accessory; false if it was already removed.
    func removeAccessory(_ accessory: LuaAccessory) -> Bool {
        let before = client.configuration.accessories.count
        client.configuration.accessories.removeAll { ($0 as? LuaAccessory) === accessory }
        return client.configuration.accessories.count < before
    }
}

extension LuaState {
    /// The state's `lunar.net` service.
    var scriptNetwork: ScriptNetwork {
        get throws {
            guard let network = self[extension: ScriptNetwork.self] else {
                throw LuaError.message("lunar.net is not installed on this state")
            }
            return network
        }
    }
}

extension LuaDocument {
    /// A batch's or chain's result for scripts: the list of its members' results, and the list of their infos.
    init(all documents: [LuaDocument]) {
        self.init(value: .table(LuaTable(array: documents.map(\.value))), info: .table(LuaTable(array: documents.map(\.info))))
    }
}

extension LuaState {
    /// The value at `index` of the main thread's stack: a table as a reference (so it is not
    /// copied), anything else by value.
    func value(at index: Int32) -> LuaValue {
        if stack.type(at: index) == .table { return .reference(stack.reference(to: index)) }
        return (try? LuaValue.read(from: stack, at: index)) ?? .nil
    }
}
