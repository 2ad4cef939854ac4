import Foundation
import LunarBridge
import LunarNetwork

/// The `lunar.net` service of one Lua state: its `NetworkClient`, the Lua reformers and
/// accessories configured by scripts, and the requests in flight.
///
/// Requests are sent raw (`Request.decoding = .raw`); the body becomes a Lua value and runs
/// through the Lua validation and reformers here (``LuaResponsePipeline``). Each request in
/// flight counts as pending work on the executor, so `lunar exec` and the headless `wait`
/// wait for it.
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

    /// One request on its way: what its completion needs.
    private struct InFlight {
        let task: RequestTask
        let request: Request
        let deliver: LuaFunction
        let pipeline: LuaResponsePipeline
    }

    /// One URLSession for every state in the process, as an app would have.
    static let sharedTransport = URLSessionTransport()

    /// Creates the service for `state`, whose callbacks run through `driver` (the state's executor).
    init(state: LuaState, driver: any LuaAsyncDriver, transport: any HTTPTransport = ScriptNetwork.sharedTransport) {
        self.state = state
        self.driver = driver
        client = NetworkClient(transport: transport, scheduler: ExecutorCallbackScheduler(driver: driver))
    }

    /// How many `lunar.net` requests are in flight.
    public var runningCount: Int { inFlight.count }

    // MARK: Sending

    /// Sends `script` for the Lua request `object`; `deliver(result, nil, info)` or
    /// `deliver(nil, errorTable)` runs later on the executor, and `progress(received, expected)`
    /// as body bytes arrive. Returns the send's id for ``cancel(_:)``.
    func send(_ script: ScriptRequest, object: LuaTableReference, deliver: LuaFunction, progress: LuaFunction?) -> Int {
        var request = script.request
        request.decoding = .raw
        // The tag goes last: it lets go of the Lua object when the request stops, after the others ran.
        request.accessories = script.accessories.map { LuaAccessory($0, network: self) } + [LuaRequestTag(object: object)]
        let pipeline = LuaResponsePipeline(validation: script.validation, reformers: globalReformers + script.reformers)
        driver.beginWork()
        let driver = self.driver
        var id = 0  // set below; the completion never runs inside `send`
        let task = client.send(request) { [weak self] outcome in
            defer { driver.endWork() }
            self?.complete(id, with: outcome)
        }
        id = task.id
        inFlight[id] = InFlight(task: task, request: request, deliver: deliver, pipeline: pipeline)
        if let progress {
            task.onProgress = { [weak self] report in
                self?.call(progress, with: .integer(Int(report.receivedBytes)), report.expectedBytes.map { .integer(Int($0)) } ?? .nil)
            }
        }
        return id
    }

    /// Cancels a send; false when it already finished. Its callback then gets a `cancelled` error, later.
    func cancel(_ id: Int) -> Bool {
        guard let entry = inFlight[id], !entry.task.isFinished else { return false }
        entry.task.cancel()
        return true
    }

    private func complete(_ id: Int, with outcome: Result<Response, NetworkError>) {
        guard let entry = inFlight.removeValue(forKey: id) else { return }
        switch outcome {
        case .failure(let error):
            deliver(entry.deliver, [.nil, error.luaTable])
        case .success(let response):
            let info = response.luaInfo
            switch entry.pipeline.run(response, info: info, in: state) {
            case .success(let value):
                deliver(entry.deliver, [value, .nil, info])
            case .failure(let error):
                // The client cached the raw answer; one the Lua stages reject must not be served again.
                if entry.request.cache != nil { client.removeCachedResponse(for: entry.request) }
                deliver(entry.deliver, [.nil, error.luaTable])
            }
        }
    }

    private func deliver(_ function: LuaFunction, _ arguments: [LuaValue]) {
        do {
            _ = try state.callReturningAll(function, arguments, keepingReferences: true)
        } catch {
            state.report(error)
        }
    }

    /// Calls `function` on the executor after the jobs already queued, as pending work (so an
    /// empty batch still answers later, never inside `net.send`).
    func later(_ function: LuaFunction) {
        let driver = self.driver
        let network = ExecutorBound(self)
        driver.beginWork()
        driver.enqueue {
            defer { driver.endWork() }
            network.value.call(function)
        }
    }

    // MARK: Calls into Lua from the client

    /// Calls a hook, reporting its error.
    func call(_ function: LuaFunction, with arguments: LuaValue...) {
        deliver(function, arguments)
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
