import Foundation
import LunarJSON
import LunarNetwork
import LunarTestSupport
import Testing

/// Header names and values that could smuggle a header or a second request are refused before
/// any byte is sent, wherever the header comes from.
@MainActor
@Suite struct HeaderInjectionTests {
    static let smuggledName = "X-A: 1\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: 127.0.0.1\r\nX-B"

    @Test func namesAreTokensAndValuesHaveNoLineBreaksOrNUL() {
        for name in ["X-Client", "x", "Accept", "!#$%&'*+-.^_`|~09azAZ"] {
            #expect(HeaderRules.problem(name: name) == nil, "\(name)")
        }
        let badNames: [(String, String)] = [
            ("", "a header name is empty"), ("X-A\r\nX-B", "a carriage return (CR)"), ("X\nY", "a line feed (LF)"),
            ("X\0", "a NUL"), ("X A", "a space"), ("X:A", "the character \":\" (U+3A)"), ("Ünicode", "U+DC"),
            ("X(", "U+28"), ("X\t", "U+9"),
        ]
        for (name, says) in badNames {
            let problem = HeaderRules.problem(name: name)
            #expect(problem?.contains(says) == true, "\(name.debugDescription): \(problem ?? "accepted")")
            #expect(problem?.contains("\r") != true && problem?.contains("\n") != true, "the message itself is one line")
        }
        for value in ["", "text/plain; charset=utf-8", "a\tb", "ünïcode", "\"quoted\""] {
            #expect(HeaderRules.problem(value: value, name: "X") == nil, "\(value)")
        }
        for value in ["a\r\nX-Injected: 1", "a\rb", "a\nb", "a\0b"] {
            #expect(HeaderRules.problem(value: value, name: "X-Note")?.hasPrefix("the value of header \"X-Note\" has ") == true, "\(value)")
        }
    }

    private func refusal(_ configure: (NetworkClient, inout Request) -> Void) async throws -> (NetworkError?, LoopbackServer) {
        let server = try LoopbackServer { _ in .json("{}") }
        let client = makeClient(server)
        var request = Request(.post, path: "/h")
        configure(client, &request)
        let result = await sendWithCallback(client, request)
        server.stop()
        if case .failure(let error) = result { return (error, server) }
        return (nil, server)
    }

    @Test func aRequestHeaderNameWithCRLFIsRefusedAndNothingIsSent() async throws {
        let (error, server) = try await refusal { _, request in request.headers[Self.smuggledName] = "v" }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.message.hasPrefix("header name \"X-A: 1\\r\\n") == true, "\(error?.message ?? "no error")")
        #expect(server.connectionCount == 0)
    }

    @Test func aRequestHeaderValueWithCRLFIsRefusedAndNothingIsSent() async throws {
        let (error, server) = try await refusal { _, request in request.headers["X-Note"] = "a\r\nX-Injected: 1" }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.message == "the value of header \"X-Note\" has a carriage return (CR), which a header value cannot hold")
        #expect(server.connectionCount == 0)
    }

    @Test func configurationHeadersAreCheckedToo() async throws {
        let (error, server) = try await refusal { client, _ in client.configuration.headers["X-Client\r\nX-Evil"] = "1" }
        #expect(error?.kind == .invalidRequest)
        #expect(server.connectionCount == 0)
    }

    @Test func aRawBodysContentTypeAndAMultipartPartsAreCheckedToo() async throws {
        let (raw, rawServer) = try await refusal { _, request in
            request.body = .raw(Data("x".utf8), contentType: "text/plain\r\nX-Injected: 1")
        }
        #expect(raw?.kind == .invalidRequest && rawServer.connectionCount == 0)
        let (part, partServer) = try await refusal { _, request in
            request.body = .multipart([MultipartPart(name: "f", filename: "f.txt", contentType: "text/plain\r\nX-Injected: 1", data: Data("x".utf8))])
        }
        #expect(part?.kind == .invalidRequest && partServer.connectionCount == 0)
        #expect(part?.message.hasPrefix("multipart part \"f\": the value of header \"Content-Type\"") == true, "\(part?.message ?? "")")
    }

    @Test func validHeadersStillArrive() async throws {
        let server = try LoopbackServer { request in .json(#"{"client":"\#(request.headers["x-client"] ?? "")"}"#) }
        defer { server.stop() }
        let client = makeClient(server)
        client.configuration.headers["X-Client"] = "lunar/1.0 (test)"
        #expect(try await client.response(for: Request(path: "/h")).value == ["client": "lunar/1.0 (test)"])
    }
}
