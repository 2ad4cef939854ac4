import Foundation
import LunarJSON
import LunarNetwork
import LunarTestSupport
import Testing

/// Each way a server or the network can fail ends in one distinct `NetworkError.Kind`.
@MainActor
@Suite struct FailureKindTests {
    private func failure(_ reply: LoopbackServer.Reply, configure: (inout Request) -> Void = { _ in }) async throws -> NetworkError {
        let server = try LoopbackServer { _ in reply }
        defer { server.stop() }
        let client = makeClient(server)
        var request = Request(path: "/thing")
        configure(&request)
        do {
            let response = try await client.response(for: request)
            Issue.record("expected a failure, got \(response.status) \(String(decoding: response.body, as: UTF8.self))")
            return NetworkError(kind: .invalidRequest, message: "no failure")
        } catch {
            return error
        }
    }

    @Test func clientErrorIsHTTPWithStatusAndBody() async throws {
        let error = try await failure(.json(#"{"error":"missing"}"#, status: 404))
        #expect(error.kind == .http)
        #expect(error.status == 404)
        #expect(error.body.map { String(decoding: $0, as: UTF8.self) } == #"{"error":"missing"}"#)
    }

    @Test func serverErrorIsHTTP() async throws {
        let error = try await failure(.text("boom", status: 503))
        #expect(error.kind == .http)
        #expect(error.status == 503)
        #expect(error.body == Data("boom".utf8))
    }

    @Test func acceptedStatusRangeIsConfigurable() async throws {
        let server = try LoopbackServer { _ in .json(#"{"ok":false}"#, status: 409) }
        defer { server.stop() }
        var request = Request(path: "/conflict")
        request.acceptedStatus = 200...409
        let response = try await makeClient(server).response(for: request)
        #expect(response.status == 409)
        #expect(response.value == ["ok": false])
    }

    @Test func serverThatNeverAnswersTimesOut() async throws {
        let error = try await failure(.never) { $0.timeout = 1 }
        #expect(error.kind == .timeout)
    }

    @Test func slowServerWithinTheTimeoutSucceeds() async throws {
        let server = try LoopbackServer { _ in .delayed(seconds: 0.3, .json(#"{"slow":true}"#)) }
        defer { server.stop() }
        var request = Request(path: "/slow")
        request.timeout = 5
        let response = try await makeClient(server).response(for: request)
        #expect(response.value == ["slow": true])
    }

    @Test func slowServerBeyondTheTimeoutTimesOut() async throws {
        let error = try await failure(.delayed(seconds: 4, .json("{}"))) { $0.timeout = 1 }
        #expect(error.kind == .timeout)
    }

    @Test func refusedConnectionIsOffline() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        server.stop()  // nothing listens on the port any more
        do {
            _ = try await makeClient(server).response(for: Request(path: "/"))
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .offline)
        }
    }

    @Test func malformedJSONIsADecodeErrorWithTheBody() async throws {
        let error = try await failure(.json(#"{"name": "Ada", }"#))
        #expect(error.kind == .decode)
        #expect(error.status == 200)
        #expect(error.body == Data(#"{"name": "Ada", }"#.utf8))
        #expect(error.message.contains("byte 16"))
    }

    @Test func truncatedBodyIsATransportError() async throws {
        let error = try await failure(.truncated(declared: 100, body: Array(#"{"partial":"#.utf8)))
        #expect(error.kind == .transport)
    }

    @Test func connectionResetMidBodyIsATransportError() async throws {
        let error = try await failure(.reset(declared: 1000, body: Array(#"{"items":[1,2,"#.utf8)))
        #expect(error.kind == .transport)
    }

    @Test func garbageInsteadOfHTTPIsATransportError() async throws {
        let error = try await failure(.garbage(Array("\u{1}\u{2}NOT HTTP AT ALL\r\n\r\n".utf8)))
        #expect(error.kind == .transport)
    }

    @Test func announcedBodyOverTheCapIsTooLarge() async throws {
        let big = Array(repeating: UInt8(ascii: "a"), count: 64 * 1024)
        let error = try await failure(.respond(status: 200, headers: [:], body: big)) { $0.maximumBodySize = 1024 }
        #expect(error.kind == .tooLarge)
    }

    @Test func streamedBodyOverTheCapIsTooLarge() async throws {
        // No length is announced, so only counting the bytes as they arrive can catch it.
        let big = Array(repeating: UInt8(ascii: "a"), count: 64 * 1024)
        let error = try await failure(.unsized(body: big)) { $0.maximumBodySize = 1024 }
        #expect(error.kind == .tooLarge)
    }

    @Test func pathWithoutABaseURLIsAnInvalidRequest() async throws {
        let client = NetworkClient(transport: sharedTransport, scheduler: DispatchQueue.main)
        do {
            _ = try await client.response(for: Request(path: "/nowhere"))
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .invalidRequest)
        }
    }
}
