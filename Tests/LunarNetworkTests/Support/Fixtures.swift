import Foundation
import LunarNetwork
import LunarTestSupport

/// A clock the test moves by hand, so cache expiry needs no waiting.
@MainActor
final class VirtualClock {
    var now = Date(timeIntervalSince1970: 1_700_000_000)

    func advance(_ seconds: Double) { now += seconds }
}

/// A client on the main queue (the tests' executor) talking to `server`, caching into a private folder.
@MainActor
func makeClient(_ server: LoopbackServer, clock: VirtualClock = VirtualClock(), transport: any HTTPTransport = sharedTransport) -> NetworkClient {
    var configuration = NetworkConfiguration(baseURL: server.baseURL)
    configuration.cacheDirectory = temporaryFolder()
    configuration.timeout = 10
    return NetworkClient(configuration: configuration, transport: transport, scheduler: DispatchQueue.main, now: { clock.now })
}

/// One URLSession for the whole run, as an app would have.
let sharedTransport = URLSessionTransport()

/// Returns once every piece of work queued on the main queue before this call has run.
@MainActor
func drainMainQueue() async {
    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
}

/// Records accessory hooks and other events in order; confined to the tests' executor.
final class EventLog {
    var events: [String] = []
}

/// An accessory that appends `<name> <hook> #<task id>` to a log.
struct RecordingAccessory: RequestAccessory {
    let name: String
    let log: EventLog

    func requestWillStart(_ task: RequestTask) { log.events.append("\(name) willStart #\(task.id)") }
    func requestWillStop(_ task: RequestTask) { log.events.append("\(name) willStop #\(task.id)") }
    func requestDidStop(_ task: RequestTask) { log.events.append("\(name) didStop #\(task.id)") }
}

/// Sends with the callback API and waits for the callback.
@MainActor
func sendWithCallback(_ client: NetworkClient, _ request: Request) async -> Result<Response, NetworkError> {
    await withCheckedContinuation { continuation in
        client.send(request) { continuation.resume(returning: $0) }
    }
}
