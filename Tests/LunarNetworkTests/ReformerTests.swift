import Foundation
import LunarJSON
import LunarNetwork
import LunarTestSupport
import Testing

/// Validation and reformers: the server's JSON in, the business layer's JSON out.
@MainActor
@Suite struct ReformerTests {
    /// Unwraps `{"code": 0, "data": ...}`; a non-zero code is the server saying no.
    struct EnvelopeReformer: Reformer {
        func reform(_ value: JSONValue, context: ReformContext) throws -> JSONValue {
            guard value.integer("code", default: -1) == 0 else {
                throw NetworkError(kind: .validation, message: value.string("message", default: "refused"), status: context.status)
            }
            return value.table("data")
        }
    }

    struct Refusal: Error, CustomStringConvertible {
        var description: String { "no user in the data" }
    }

    @Test func globalKindAndRequestReformersChainInThatOrder() async throws {
        let server = try LoopbackServer { _ in
            .json(#"{"code":0,"data":{"user":{"nick":"ada","level":"7","vip":1,"tags":["x",3,"y"]}}}"#)
        }
        defer { server.stop() }
        let client = makeClient(server)
        client.configuration.reformers = [EnvelopeReformer()]
        client.configuration.kindReformers["profile"] = [ClosureReformer { value, context in
            // De-modelled reads with defaults: a numeric string becomes a number, a number a Boolean.
            let user = value.table("user")
            return [
                "name": .string(user.string("nick")),
                "level": .number(user.number("level")),
                "vip": .bool(user.bool("vip")),
                "tags": .array(user.array("tags") { $0.stringValue.map(JSONValue.string) }),
                "kind": .string(context.kind ?? ""),
            ]
        }]
        var request = Request(path: "/profile")
        request.kind = "profile"
        request.reformers = [ClosureReformer { value, _ in
            var shown = value
            shown.put("title", .string("\(value.string("name")) (level \(value.integer("level")))"))
            shown.put("empty", "")
            return shown
        }]
        let response = try await client.response(for: request)
        #expect(response.value == [
            "name": "ada", "level": 7, "vip": true, "tags": ["x", "y"], "kind": "profile", "title": "ada (level 7)",
        ])
    }

    @Test func kindReformersApplyOnlyToTheirKind() async throws {
        let server = try LoopbackServer { _ in .json(#"{"n":1}"#) }
        defer { server.stop() }
        let client = makeClient(server)
        client.configuration.kindReformers["double"] = [ClosureReformer { value, _ in ["n": .number(value.number("n") * 2)] }]
        var doubled = Request(path: "/n")
        doubled.kind = "double"
        #expect(try await client.response(for: doubled).value == ["n": 2])
        #expect(try await client.response(for: Request(path: "/n")).value == ["n": 1])
    }

    @Test func reformerErrorIsAReformErrorAndNetworkErrorsPassThrough() async throws {
        let server = try LoopbackServer { request in
            request.path == "/refused" ? .json(#"{"code":401,"message":"log in first"}"#) : .json(#"{"code":0}"#)
        }
        defer { server.stop() }
        let client = makeClient(server)
        client.configuration.reformers = [EnvelopeReformer()]
        var failing = Request(path: "/plain")
        failing.reformers = [ClosureReformer { _, _ in throw Refusal() }]
        do {
            _ = try await client.response(for: failing)
            Issue.record("expected a reform error")
        } catch {
            #expect(error.kind == .reform)
            #expect(error.message.contains("no user in the data"))
            #expect(error.message.contains("reformer 2"))
        }
        do {
            _ = try await client.response(for: Request(path: "/refused"))
            Issue.record("expected a validation error")
        } catch {
            #expect(error.kind == .validation)
            #expect(error.message == "log in first")
        }
    }

    @Test func shapeValidatorAcceptsAMatchAndNamesTheFirstMismatch() async throws {
        let server = try LoopbackServer { request in
            request.path == "/good"
                ? .json(#"{"nick":"ada","level":3,"items":[{"id":1},{"id":2}],"extra":true}"#)
                : .json(#"{"nick":"ada","level":"3","items":[{"id":1},{"id":"2"}]}"#)
        }
        defer { server.stop() }
        let client = makeClient(server)
        let shape = JSONShape.object([
            "nick": .string, "level": .number, "items": .array(of: .object(["id": .number])), "avatar": .optional(.string),
        ])
        var good = Request(path: "/good")
        good.validation = shape
        #expect(try await client.response(for: good).value?["nick"] == "ada")
        var bad = Request(path: "/bad")
        bad.validation = shape
        bad.reformers = [ClosureReformer { _, _ in
            Issue.record("reformers must not run on an invalid body")
            return nil
        }]
        do {
            _ = try await client.response(for: bad)
            Issue.record("expected a validation error")
        } catch {
            #expect(error.kind == .validation)
            #expect(error.message == "$.items[1].id: expected number, got string")
            #expect(error.body != nil)
        }
    }

    @Test func shapeRulesForAnyOptionalAndNull() {
        let shape = JSONShape.object(["id": .any, "nick": .optional(.string), "name": .string, "tags": .array(of: .bool)])
        #expect(shape.mismatch(in: ["id": nil, "nick": nil, "name": "ada", "tags": [true]] as JSONValue) == nil)
        #expect(shape.mismatch(in: ["name": "ada", "tags": []] as JSONValue) == "$.id: missing")
        #expect(shape.mismatch(in: ["id": 1, "name": nil, "tags": []] as JSONValue) == "$.name: expected string, got null")
        #expect(shape.mismatch(in: ["id": 1, "name": "ada", "tags": [true, 1]] as JSONValue) == "$.tags[1]: expected boolean, got number")
        #expect(JSONShape.optional(.any).mismatch(in: nil as JSONValue) == nil)
    }

    @Test func rawDecodingSkipsParsingValidationAndReformers() async throws {
        let server = try LoopbackServer { _ in .json("not json at all") }
        defer { server.stop() }
        let client = makeClient(server)
        client.configuration.reformers = [ClosureReformer { _, _ in throw Refusal() }]
        var request = Request(path: "/raw")
        request.decoding = .raw
        request.validation = JSONShape.object(["x": .number])
        let response = try await client.response(for: request)
        #expect(response.value == nil)
        #expect(response.body == Data("not json at all".utf8))
    }
}
