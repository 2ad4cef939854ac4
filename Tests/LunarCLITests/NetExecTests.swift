import Foundation
import LunarTestSupport
import Testing

/// `lunar.net` and `lunar.storage` through the real `lunar exec` binary.
@Suite struct NetExecTests {
    /// Runs `lunar exec FILE` with `environment` added to this process's.
    private func exec(_ file: URL, environment: [String: String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = LunarProcess.binary
        process.arguments = ["exec", file.path]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test func storageSurvivesBetweenRuns() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("store")
        let script = dir.appendingPathComponent("login.lua")
        try """
            local storage = require("lunar.storage")
            local runs = (storage.get("runs") or 0) + 1
            storage.set("runs", runs)
            if runs == 1 then storage.set("token", "t-42") end
            print(runs, storage.get("token"))
            """.write(to: script, atomically: true, encoding: .utf8)
        let first = try exec(script, environment: ["LUNAR_STORAGE_DIR": store.path])
        #expect(first.status == 0, "\(first.err)")
        #expect(first.out == "1\tt-42\n")
        let second = try exec(script, environment: ["LUNAR_STORAGE_DIR": store.path])
        #expect(second.out == "2\tt-42\n")
        #expect(FileManager.default.fileExists(atPath: store.appendingPathComponent("storage.json").path))
    }

    @Test func execWaitsForRequestsAndFailsOnErrorsInCallbacks() throws {
        let server = try LoopbackServer { request in
            request.path == "/login" ? .delayed(seconds: 0.2, .json(#"{"token":"t-42"}"#)) : .json("{}", status: 500)
        }
        defer { server.stop() }
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("main.lua")
        try """
            local net = require("lunar.net")
            net.config{ baseURL = "\(server.baseURL)" }
            net.send(net.request{ method = "POST", path = "/login", body = { account = "ada" } }, function(r, err)
              print("token", r.token)
            end)
            net.send(net.request{ path = "/fail" }, function(r, err)
              print(err.kind, err.status)
              error("unhandled " .. err.kind)
            end)
            """.write(to: script, atomically: true, encoding: .utf8)
        let result = try exec(script, environment: ["LUNAR_STORAGE_DIR": dir.path])
        #expect(result.out.split(separator: "\n").sorted() == ["http\t500", "token\tt-42"])
        #expect(result.err.contains("main.lua:8: unhandled http"))
        #expect(result.status == 1)
    }
}
