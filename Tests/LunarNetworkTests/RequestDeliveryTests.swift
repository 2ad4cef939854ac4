import Foundation
import LunarJSON
import LunarNetwork
import LunarTestSupport
import Testing

@MainActor
@Suite struct RequestDeliveryTests {
    @Test func successDecodesTheBody() async throws {
        let server = try LoopbackServer { _ in .json(#"{"name":"Ada","age":36,"tags":["a","b"]}"#) }
        defer { server.stop() }
        let client = makeClient(server)
        let response = try await client.response(for: Request(path: "/users/1"))
        #expect(response.status == 200)
        #expect(response.value == ["name": "Ada", "age": 36, "tags": ["a", "b"]])
        #expect(response.header("content-type") == "application/json")
        #expect(!response.isFromCache)
        #expect(server.received.map(\.target) == ["/users/1"])
    }
}

extension RequestDeliveryTests {
    @Test func callbackReceivesTheResultLaterOnTheExecutor() async throws {
        let server = try LoopbackServer { _ in .json(#"{"ok":true}"#) }
        defer { server.stop() }
        let client = makeClient(server)
        var delivered = false
        let result: Result<Response, NetworkError> = await withCheckedContinuation { continuation in
            client.send(Request(path: "/ok")) { result in
                delivered = true
                continuation.resume(returning: result)
            }
            #expect(!delivered, "a completion never runs inside send")
        }
        #expect(try result.get().value == ["ok": true])
    }

    @Test func delegateReceivesFinishedFailedAndProgress() async throws {
        let server = try LoopbackServer { request in
            request.path == "/fine" ? .json(#"{"fine":1}"#) : .text("nope", status: 500)
        }
        defer { server.stop() }
        let client = makeClient(server)
        let delegate = RecordingRequestDelegate()
        let good = client.send(Request(path: "/fine"), delegate: delegate)
        let bad = client.send(Request(path: "/broken"), delegate: delegate)
        await delegate.waitForOutcomes(2)
        #expect(delegate.finished.map(\.0) == [good.id])
        #expect(delegate.finished.first?.1.value == ["fine": 1])
        #expect(delegate.failed.map(\.0) == [bad.id])
        #expect(delegate.failed.first?.1.status == 500)
        #expect(delegate.progress.last { $0.0 == good.id }?.1 == DownloadProgress(receivedBytes: 10, expectedBytes: 10))
        #expect(delegate.progress.last { $0.0 == bad.id }?.1 == DownloadProgress(receivedBytes: 4, expectedBytes: 4))
    }

    @Test func downloadProgressReachesTheWholeBody() async throws {
        let body = Array(repeating: UInt8(ascii: "x"), count: 300_000)
        let server = try LoopbackServer { _ in .respond(status: 200, headers: [:], body: body) }
        defer { server.stop() }
        let client = makeClient(server)
        var request = Request(path: "/big")
        request.decoding = .raw
        var reports: [DownloadProgress] = []
        let response: Response = try await withCheckedContinuation { continuation in
            let task = client.send(request) { continuation.resume(returning: $0) }
            task.onProgress = { reports.append($0) }
        }.get()
        #expect(response.body.count == body.count)
        #expect(response.value == nil)
        #expect(!reports.isEmpty)
        #expect(reports.map(\.receivedBytes) == reports.map(\.receivedBytes).sorted())
        #expect(reports.last == DownloadProgress(receivedBytes: 300_000, expectedBytes: 300_000))
        #expect(reports.last?.fractionCompleted == 1)
    }

    @Test func cancelFailsTheRequestWithCancelled() async throws {
        let server = try LoopbackServer { _ in .never }
        defer { server.stop() }
        let client = makeClient(server)
        let log = EventLog()
        var request = Request(path: "/hang")
        request.accessories = [RecordingAccessory(name: "hud", log: log)]
        let result: Result<Response, NetworkError> = await withCheckedContinuation { continuation in
            let task = client.send(request) { continuation.resume(returning: $0) }
            task.cancel()
            #expect(task.result == nil, "cancellation is delivered later, not inside cancel()")
        }
        guard case .failure(let error) = result else { Issue.record("expected a failure"); return }
        #expect(error.kind == .cancelled)
        #expect(log.events == ["hud willStart #1", "hud willStop #1", "hud didStop #1"])
        #expect(client.runningTasks.isEmpty)
    }

    @Test func cancellingTheSwiftTaskCancelsTheRequest() async throws {
        let server = try LoopbackServer { _ in .never }
        defer { server.stop() }
        let client = makeClient(server)
        let waiting = Task { @MainActor in try await client.response(for: Request(path: "/hang")) }
        for _ in 0..<100 where client.runningTasks.isEmpty { await drainMainQueue() }
        try #require(client.runningTasks.count == 1)
        waiting.cancel()
        do {
            _ = try await waiting.value
            Issue.record("expected a failure")
        } catch let error as NetworkError {
            #expect(error.kind == .cancelled)
        }
    }
}

/// Confined to the tests' executor (the main queue), like the client that calls it.
final class RecordingRequestDelegate: RequestDelegate {
    var finished: [(Int, Response)] = []
    var failed: [(Int, NetworkError)] = []
    var progress: [(Int, DownloadProgress)] = []
    private var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?

    nonisolated(nonsending) func waitForOutcomes(_ count: Int) async {
        if finished.count + failed.count >= count { return }
        await withCheckedContinuation { waiter = (count, $0) }
    }

    func requestFinished(_ task: RequestTask, response: Response) {
        finished.append((task.id, response))
        wake()
    }

    func requestFailed(_ task: RequestTask, error: NetworkError) {
        failed.append((task.id, error))
        wake()
    }

    func request(_ task: RequestTask, didReceive progress: DownloadProgress) {
        self.progress.append((task.id, progress))
    }

    private func wake() {
        if let waiter, finished.count + failed.count >= waiter.count {
            self.waiter = nil
            waiter.continuation.resume()
        }
    }
}
