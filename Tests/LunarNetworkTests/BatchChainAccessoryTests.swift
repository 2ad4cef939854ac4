import Foundation
import LunarJSON
import LunarNetwork
import LunarTestSupport
import Testing

@MainActor
@Suite struct BatchChainAccessoryTests {
    @Test func batchDeliversEveryResponseInRequestOrder() async throws {
        let server = try LoopbackServer { request in
            request.path == "/slow" ? .delayed(seconds: 0.2, .json(#"{"n":1}"#)) : .json(#"{"n":2}"#)
        }
        defer { server.stop() }
        let responses = try await makeClient(server).responses(for: [Request(path: "/slow"), Request(path: "/fast")])
        #expect(responses.map(\.value) == [["n": 1], ["n": 2]])
    }

    @Test func firstBatchFailureFailsTheBatchAndCancelsTheRest() async throws {
        let server = try LoopbackServer { request in request.path == "/bad" ? .text("no", status: 404) : .never }
        defer { server.stop() }
        let client = makeClient(server)
        var batch: BatchTask<Response>?
        let result: Result<[Response], NetworkError> = await withCheckedContinuation { continuation in
            batch = client.sendBatch([Request(path: "/hang1"), Request(path: "/bad"), Request(path: "/hang2")]) {
                continuation.resume(returning: $0)
            }
        }
        guard case .failure(let error) = result else { Issue.record("expected a failure"); return }
        #expect(error.kind == .http && error.status == 404 && error.index == 1)
        await drainMainQueue()
        let kinds = try #require(batch).members.map { member -> NetworkError.Kind? in
            let task = member as? RequestTask
            if case .failure(let error) = task?.result { return error.kind }
            return nil
        }
        #expect(kinds == [.cancelled, .http, .cancelled])
        #expect(client.runningTasks.isEmpty)
    }

    @Test func emptyBatchSucceedsLater() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        #expect(try await makeClient(server).responses(for: []).isEmpty)
    }

    @Test func chainSendsEachStepFromThePreviousResponse() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/login": .json(#"{"token":"t-42"}"#)
            case "/profile": .json(#"{"name":"ada","token":"\#(request.headers["authorization"] ?? "")"}"#)
            default: .text("?", status: 404)
            }
        }
        defer { server.stop() }
        let client = makeClient(server)
        var steps: [Int] = []
        let result: Result<[Response], NetworkError> = await withCheckedContinuation { continuation in
            client.sendChain(Request(.post, path: "/login"), next: { response, step in
                steps.append(step)
                guard step == 0 else { return nil }
                var profile = Request(path: "/profile")
                profile.headers["Authorization"] = "Bearer " + (response.value?.string("token") ?? "")
                return profile
            }, completion: { continuation.resume(returning: $0) })
        }
        let responses = try result.get()
        #expect(steps == [0, 1])
        #expect(responses.map(\.value) == [["token": "t-42"], ["name": "ada", "token": "Bearer t-42"]])
        #expect(server.received.map(\.path) == ["/login", "/profile"])
    }

    @Test func chainStopsAtTheFirstFailure() async throws {
        let server = try LoopbackServer { request in request.path == "/one" ? .json("{}") : .text("gone", status: 410) }
        defer { server.stop() }
        let client = makeClient(server)
        let result: Result<[Response], NetworkError> = await withCheckedContinuation { continuation in
            client.sendChain(Request(path: "/one"), next: { _, step in
                step == 0 ? Request(path: "/two") : Request(path: "/three")
            }, completion: { continuation.resume(returning: $0) })
        }
        guard case .failure(let error) = result else { Issue.record("expected a failure"); return }
        #expect(error.status == 410)
        #expect(server.received.map(\.path) == ["/one", "/two"])
    }

    @Test func batchesAndChainsNestAsStepsAndTheOuterIndexWins() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/login": .json(#"{"token":"t-42"}"#)
            case "/bad": .text("no", status: 404)
            default: .json(#"{"path":"\#(request.path)"}"#)
            }
        }
        defer { server.stop() }
        let client = makeClient(server)
        func step(_ path: String) -> NetworkStep<String> {
            NetworkStep.request(Request(path: path)).map { ($0.value?["path"] ?? $0.value?["token"])?.stringValue ?? "" }
        }
        func chain(then second: String) -> NetworkStep<String> {
            NetworkStep.chain(step("/login"), next: { _, position in position == 0 ? step(second) : nil })
                .map { $0.joined(separator: "+") }
        }
        let result: Result<[String], NetworkError> = await withCheckedContinuation { continuation in
            client.sendBatch([chain(then: "/profile"), step("/items")]) { continuation.resume(returning: $0) }
        }
        #expect(try result.get() == ["t-42+/profile", "/items"])
        let failed: Result<[String], NetworkError> = await withCheckedContinuation { continuation in
            client.sendBatch([step("/items"), chain(then: "/bad")]) { continuation.resume(returning: $0) }
        }
        guard case .failure(let error) = failed else { Issue.record("expected a failure"); return }
        // The chain's second step failed; the batch names its own member.
        #expect(error.status == 404 && error.index == 1)
    }

    @Test func accessoriesRunGlobalFirstAroundTheDelivery() async throws {
        let server = try LoopbackServer { request in request.path == "/ok" ? .json("{}") : .text("no", status: 500) }
        defer { server.stop() }
        let client = makeClient(server)
        let log = EventLog()
        client.configuration.accessories = [RecordingAccessory(name: "global", log: log)]
        var request = Request(path: "/ok")
        request.accessories = [RecordingAccessory(name: "hud", log: log), RecordingAccessory(name: "stats", log: log)]
        _ = await withCheckedContinuation { continuation in
            client.send(request) { result in
                log.events.append("delivered #1")
                continuation.resume(returning: result)
            }
        }
        #expect(log.events == [
            "global willStart #1", "hud willStart #1", "stats willStart #1",
            "global willStop #1", "hud willStop #1", "stats willStop #1",
            "delivered #1",
            "global didStop #1", "hud didStop #1", "stats didStop #1",
        ])
        log.events = []
        _ = await sendWithCallback(client, Request(path: "/fails"))
        #expect(log.events == ["global willStart #2", "global willStop #2", "global didStop #2"])
    }

    @Test func accessoriesAlsoBracketCacheHits() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let client = makeClient(server)
        let log = EventLog()
        client.configuration.accessories = [RecordingAccessory(name: "global", log: log)]
        var request = Request(path: "/c")
        request.cache = CachePolicy(lifetime: 60)
        _ = try await client.response(for: request)
        #expect(try await client.response(for: request).isFromCache)
        #expect(log.events.suffix(3) == ["global willStart #2", "global willStop #2", "global didStop #2"])
    }
}
