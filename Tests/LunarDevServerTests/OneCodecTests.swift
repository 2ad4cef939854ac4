import Foundation
import LunarBridge
import LunarDevServer
import LunarMockAPI
import LunarNetworkLua
import LunarRuntime
import LunarTestSupport
import Testing

/// Issue 17: every path that hands a JSON document to Lua — a network response, a stored value read
/// back (after a restart), a mock API handler's `request.json`, `json.decode` — gives the same Lua
/// values, by one codec: `null` is `json.null`, an integer literal within 64 bits is an integer
/// (`-0` and every other number a float), and tables go back out as `json.encode` writes them.
@Suite struct OneCodecTests {
    /// Documents and what each becomes, written back by `json.encode` (which tells integers from
    /// floats, `json.null` from a missing member and `[]` from `{}`).
    static let documents: [(text: String, lua: String)] = [
        (#"{"a":null,"b":[1,null,3],"c":{},"d":[]}"#, #"{"a":null,"b":[1,null,3],"c":{},"d":[]}"#),
        ("null", "null"),
        ("-0", "-0.0"),
        ("[0, -0, -0.0, 1.0, 1e2, 2.5, 10E-1]", "[0,-0.0,-0.0,1.0,100.0,2.5,1.0]"),
        ("[9223372036854775807, -9223372036854775808, 9223372036854775808, 9007199254740993]",
         "[9223372036854775807,-9223372036854775808,9.223372036854776e+18,9007199254740993]"),
        (#""caf\u00e9 \ud83d\ude00""#, #""café 😀""#),
        ("true", "true"),
        (#"{"deep":{"list":[{"x":null,"y":[[]]}]}}"#, #"{"deep":{"list":[{"x":null,"y":[[]]}]}}"#),
    ]

    /// `describe(v)`: the value as `json.encode` writes it, or `nil`.
    static let describe = #"local json = require("lunar.json") local function describe(v) if v == nil then return "nil" end return json.encode(v) end"#

    /// The documents as a Lua list of strings.
    static var luaDocuments: String {
        "local docs = { " + documents.map { "\"" + $0.text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
            .joined(separator: ", ") + " }"
    }

    @Test func everyPathGivesTheSameLuaValues() async throws {
        let expected = Self.documents.map(\.lua)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-codec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }

        // json.decode
        let app = try await Harness(folder: folder)
        let decoded = try await app.lines("""
            \(Self.describe) \(Self.luaDocuments)
            for _, doc in ipairs(docs) do print(describe(json.decode(doc))) end
            """)
        #expect(decoded == expected)

        // A network response from a loopback server.
        let server = try LoopbackServer { request in
            let index = Int(request.path.split(separator: "/").last ?? "") ?? 0
            return .json(OneCodecTests.documents[index - 1].text)
        }
        defer { server.stop() }
        let received = try await app.lines("""
            \(Self.describe) \(Self.luaDocuments)
            local net = require("lunar.net")
            net.config{ baseURL = "\(server.baseURL)" }
            local out = {}
            local batch = {}
            for i = 1, #docs do batch[i] = net.request{ path = "/doc/" .. i } end
            net.send(net.batch(batch), function(results, err)
              assert(err == nil, tostring(err))
              for i = 1, #docs do print(describe(results[i])) end
            end)
            """)
        #expect(received == expected)

        // storage set, then get after a restart.
        try await app.lines("""
            \(Self.describe) \(Self.luaDocuments)
            local storage = require("lunar.storage")
            for i, doc in ipairs(docs) do storage.set("doc" .. i, json.decode(doc)) end
            """)
        let restarted = try await Harness(folder: folder)
        let stored = try await restarted.lines("""
            \(Self.describe) \(Self.luaDocuments)
            local storage = require("lunar.storage")
            for i = 1, #docs do print(describe(storage.get("doc" .. i))) end
            """)
        #expect(stored == expected)

        // A mock API handler: `request.json` in, and a table body back out.
        let bundle = try BundleDirectory(prefix: "lunar-one-codec", files: [
            "mock-api/POST/describe.lua": "return function(request) \(Self.describe) return { body = describe(request.json) } end",
            "mock-api/POST/mirror.lua": "return function(request) return { body = request.json } end",
        ])
        defer { bundle.remove() }
        let mock = MockAPI(root: bundle.root.appendingPathComponent("mock-api"))
        var described: [String] = []
        for document in Self.documents {
            let answer = await mock.respond(to: MockRequest(method: "POST", path: "/describe", body: Array(document.text.utf8)))
            described.append(String(decoding: answer.body, as: UTF8.self))
            if document.lua.hasPrefix("{") {
                let mirrored = await mock.respond(to: MockRequest(method: "POST", path: "/mirror", body: Array(document.text.utf8)))
                #expect(String(decoding: mirrored.body, as: UTF8.self) == document.lua)
            }
        }
        #expect(described == expected)
    }
}

/// A state with the runtime's script modules and its store in `folder`, that returns what a chunk
/// printed once its requests and callbacks are done.
private struct Harness: Sendable {
    let engine: LuaEngine
    private let sink: SharedLog<String>

    init(folder: URL) async throws {
        let engine = try LuaEngine(moduleRoot: folder)
        self.engine = engine
        let executor = engine.executor
        let sink = SharedLog<String>()
        await engine.withState { state in
            ScriptModules.install(on: state, executor: executor, storageDirectory: folder)
            state[extension: ScriptNetwork.self]?.client.configuration.cacheDirectory = folder.appendingPathComponent("http-cache")
            state.output = { text in sink.append(text) }
        }
        self.sink = sink
    }

    /// Runs `source`, waits for the work it started, and returns the lines it printed.
    @discardableResult
    func lines(_ source: String) async throws -> [String] {
        let before = sink.text.count
        try await engine.runMain(source, name: "@codec.lua")
        await engine.waitUntilIdle()
        return String(sink.text.dropFirst(before)).split(separator: "\n").map(String.init)
    }
}

