import Foundation
import LunarJSON
import LunarNetwork
import LunarTestSupport
import LunarSignals
import Testing

@MainActor
@Suite struct SignalDeliveryTests {
    /// What a subscription saw, in order: values, then how it ended.
    struct Recorded: Sendable {
        var values: [Response] = []
        var error: NetworkError?
        var completed = false
    }

    /// Subscribes and records events until the signal ends.
    private func events(of signal: Signal<Response>) async -> Recorded {
        await withCheckedContinuation { continuation in
            var recorded = Recorded()
            signal.subscribe { event in
                switch event {
                case .next(let response): recorded.values.append(response)
                case .failed(let error): recorded.error = error as? NetworkError
                case .completed: recorded.completed = true
                }
                if event.isTerminal { continuation.resume(returning: recorded) }
            }
        }
    }

    @Test func signalSendsTheResponseThenCompletesAndIsCold() async throws {
        let server = try LoopbackServer { _ in .json(#"{"ok":1}"#) }
        defer { server.stop() }
        let signal = makeClient(server).signal(for: Request(path: "/s"))
        #expect(server.received.isEmpty, "nothing is sent before a subscription")
        let first = await events(of: signal)
        _ = await events(of: signal)
        #expect(first.values.map(\.value) == [["ok": 1]])
        #expect(first.completed && first.error == nil)
        #expect(server.hits("/s") == 2)
    }

    @Test func signalFailsWithTheNetworkError() async throws {
        let server = try LoopbackServer { _ in .text("no", status: 403) }
        defer { server.stop() }
        let received = await events(of: makeClient(server).signal(for: Request(path: "/f")))
        #expect(received.values.isEmpty && !received.completed)
        #expect(received.error?.status == 403)
    }

    @Test func disposingTheSubscriptionCancelsTheRequest() async throws {
        let server = try LoopbackServer { _ in .never }
        defer { server.stop() }
        let client = makeClient(server)
        let log = EventLog()
        client.configuration.accessories = [RecordingAccessory(name: "hud", log: log)]
        var sent = 0
        let subscription = client.signal(for: Request(path: "/hang")).subscribe { _ in sent += 1 }
        #expect(client.runningTasks.count == 1)
        subscription.dispose()
        await drainMainQueue()
        #expect(client.runningTasks.isEmpty)
        #expect(log.events == ["hud willStart #1", "hud willStop #1", "hud didStop #1"])
        #expect(sent == 0)
    }

    @Test func commandWrapsARequestAndReportsExecutingValuesAndErrors() async throws {
        let server = try LoopbackServer { request in
            let account = (try? JSONValue(parsing: request.body))?.string("account") ?? ""
            return account == "ada" ? .json(#"{"token":"t-1"}"#) : .text("denied", status: 401)
        }
        defer { server.stop() }
        let client = makeClient(server)
        let login = client.command { (account: String) in
            var request = Request(.post, path: "/login")
            request.body = .json(["account": .string(account)])
            return request
        }
        var executing: [Bool] = []
        var tokens: [String] = []
        var errors: [Int?] = []
        login.executing.subscribe(next: { executing.append($0) })
        login.values.subscribe(next: { tokens.append($0.value?.string("token") ?? "") })
        login.errors.subscribe(next: { errors.append(($0 as? NetworkError)?.status) })

        let accepted = await events(of: login.execute("ada"))
        let refused = await events(of: login.execute("eve"))
        #expect(accepted.completed && refused.error?.kind == .http)
        #expect(tokens == ["t-1"])
        #expect(errors == [401])
        #expect(executing == [false, true, false, true, false])
    }
}

extension SignalDeliveryTests {
    @Test func endingALifetimeCancelsTheRequestsTiedToIt() async throws {
        let server = try LoopbackServer { request in request.path == "/quick" ? .json("{}") : .never }
        defer { server.stop() }
        let client = makeClient(server)
        let screen = Lifetime()
        let finished = try await client.response(for: Request(path: "/quick"))
        #expect(finished.status == 200)
        var outcomes: [NetworkError.Kind?] = []
        let record: (Result<Response, NetworkError>) -> Void = { result in
            if case .failure(let error) = result { outcomes.append(error.kind) } else { outcomes.append(nil) }
        }
        client.send(Request(path: "/hang"), completion: record).tie(to: screen)
        client.sendBatch([Request(path: "/hang")]) { record($0.map { $0.first! }) }.tie(to: screen)
        client.sendChain(Request(path: "/hang"), next: { _, _ in nil }) { record($0.map { $0.first! }) }.tie(to: screen)
        #expect(client.runningTasks.count == 3)
        screen.end()
        await drainMainQueue()
        #expect(outcomes == [.cancelled, .cancelled, .cancelled])
        #expect(client.runningTasks.isEmpty)
    }
}
