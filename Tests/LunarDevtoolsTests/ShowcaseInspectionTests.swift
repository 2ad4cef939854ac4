import Foundation
import LunarBundle
import LunarMockAPI
import LunarDevtools
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import LunarWeb
import Testing

/// An inspector attached to the showcase, run headless against its mock API on loopback: what
/// each panel is sent as the app is used, and that closing the inspector removes every hook.
@Suite(.timeLimit(.minutes(2))) struct ShowcaseInspectionTests {
    static let showcase = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Showcase")

    /// The showcase on the headless renderer, with its storage in a fresh directory.
    func withShowcase(_ body: (LunarRuntime) async throws -> Void) async throws {
        let bundle = try ScriptBundle(directory: Self.showcase)
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-devtools-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: storage) }
        try await MockAPIScope.run(for: bundle) { api in
            var options = RuntimeOptions()
            options.apiBaseURL = api
            options.storageDirectory = storage
            let runtime = try LunarRuntime(bundle: bundle, options: options)
            _ = try await runtime.startHeadless()
            try await body(runtime)
        }
    }

    /// The messages of kind `t` received so far, parsed.
    func messages(_ log: SharedLog<String>, _ kind: String) -> [[String: Any]] {
        log.all.compactMap { text in
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  object["t"] as? String == kind else { return nil }
            return object
        }
    }

    /// Every node of a `tree` message, preorder.
    func nodes(_ node: [String: Any]) -> [[String: Any]] {
        [node] + ((node["children"] as? [[String: Any]]) ?? []).flatMap(nodes)
    }

    @Test func thePanelsFollowTheAppAndClosingRemovesEveryHook() async throws {
        try await withShowcase { runtime in
            let hooksBefore = await runtime.withInterceptors { $0.registrations.count }
            let targets = DevtoolsTargets()
            await targets.add(runtime, label: "headless")
            let log = SharedLog<String>()
            let connection = await targets.connect(outbox: WebOutbox { log.append($0) })

            // On connecting: the app list, the element tree and the state.
            let list = try #require(messages(log, "targets").last)
            #expect((list["targets"] as? [[String: Any]])?.first?["label"] as? String == "headless")
            let tree = try #require(messages(log, "tree").last)
            #expect((tree["stack"] as? [[String: Any]])?.first?["module"] as? String == "screens.login")
            let all = nodes(try #require(tree["root"] as? [String: Any]))
            let account = try #require(all.first { ($0["props"] as? [String: Any])?["placeholder"] as? String == "Account" })
            #expect(account["kind"] as? String == "TextField")
            #expect((account["props"] as? [String: Any])?["maxLength"] as? Int == 25)
            let frame = try #require(account["frame"] as? [Any]).compactMap { ($0 as? NSNumber)?.doubleValue }
            #expect(frame.count == 4 && frame[2] > 0 && frame[3] > 0)
            let state = try #require(messages(log, "state").last)
            let routes = (state["routes"] as? [[String: Any]]) ?? []
            #expect(routes.contains { $0["pattern"] as? String == "/items/:id" && $0["module"] as? String == "screens.item" })
            let rows = ((state["viewModel"] as? [String: Any])?["rows"] as? [[String: String]]) ?? []
            #expect(rows.contains { $0["name"] == "account" && $0["kind"] == "signal" && $0["value"] == "\"\"" })
            #expect(rows.contains { $0["name"] == "login" && $0["kind"] == "command" })

            // Typing: the view-model's value is sent live, and the tree follows.
            try await runtime.perform(.type(field: "Account", text: "ann"))
            _ = await runtime.wait(timeout: 10)
            let live = messages(log, "vm").compactMap { $0["rows"] as? [[String: String]] }
            #expect(live.contains { $0.contains { $0["name"] == "account" && $0["value"] == "\"ann\"" } })

            // Logging in: the POST in Network, with its status and bodies.
            try await runtime.perform(.type(field: "Password", text: "secret1"))
            try await runtime.perform(.tap("Log in"))
            _ = await runtime.wait(timeout: 10)
            let requests = messages(log, "net").compactMap { $0["entry"] as? [String: Any] }
            let post = try #require(requests.last { $0["method"] as? String == "POST" && $0["state"] as? String == "done" })
            #expect(post["status"] as? Int == 200)
            #expect((post["url"] as? String)?.hasPrefix("http://127.0.0.1:") == true)
            #expect((post["requestBody"] as? String)?.contains("ann") == true)
            #expect((post["responseBody"] as? String)?.contains("token-ann") == true)
            #expect(post["value"] as? String == "{\n  token = \"token-ann\"\n}")  // what the reformer returned
            #expect((post["requestHeaders"] as? [String: String])?["X-Client"] == "lunar-showcase")
            #expect(post["ms"] is NSNumber)
            #expect(requests.contains { $0["id"] as? Int == post["id"] as? Int && $0["state"] as? String == "pending" })

            // A failure and a cancellation show as such; the second load of the list is a cache hit.
            _ = try await runtime.withHost { _, state in
                try state.run("""
                local net = require("lunar.net")
                net.send(net.request { path = "/nowhere" }, function() end)
                local slow = net.request { path = "/items" }
                net.send(slow, function() end)
                slow:cancel()
                """, name: "@screens/probe.lua")
            }
            _ = await runtime.wait(timeout: 10)
            try await runtime.perform(.back)
            try await runtime.perform(.tap("Log in"))
            _ = await runtime.wait(timeout: 10)
            let ended = messages(log, "net").compactMap { $0["entry"] as? [String: Any] }.filter { $0["state"] as? String != "pending" }
            #expect(ended.contains { ($0["url"] as? String)?.hasSuffix("/nowhere") == true && $0["state"] as? String == "failed" && $0["status"] as? Int == 404 })
            #expect(ended.contains { $0["state"] as? String == "cancelled" && ($0["error"] as? String)?.hasPrefix("cancelled") == true })
            #expect(ended.contains { ($0["url"] as? String)?.hasSuffix("/items") == true && $0["cache"] as? Bool == true })

            // Console: print and lunar.log with file:line, and evaluation.
            _ = try await runtime.withHost { _, state in
                try state.run("""
                print("hello", 1)
                require("lunar.log").warn("careful")
                """, name: "@screens/probe.lua")
            }
            let lines = messages(log, "log")
            #expect(lines.contains { $0["level"] as? String == "print" && $0["text"] as? String == "hello\t1" && $0["source"] as? String == "screens/probe.lua:1" })
            #expect(lines.contains { $0["level"] as? String == "warn" && $0["text"] as? String == "careful" && $0["source"] as? String == "screens/probe.lua:2" })
            #expect(lines.contains { $0["level"] as? String == "info" && $0["text"] as? String == "screen appeared title=Sample list" && $0["source"] as? String == "app.lua:8" })
            #expect(await connection.receive(#"{"t":"eval","id":7,"code":"1+1"}"#) == nil)
            let answer = try #require(messages(log, "eval").last)
            #expect(answer["id"] as? Int == 7 && answer["value"] as? String == "2" && answer["ok"] as? Bool == true)
            #expect(await connection.receive(#"{"t":"eval","id":8,"code":"nosuch.field"}"#) == nil)
            #expect(messages(log, "eval").last?["ok"] as? Bool == false)
            // A runaway evaluation is stopped by the instruction budget; the app goes on.
            #expect(await connection.receive(#"{"t":"eval","id":9,"code":"while true do end"}"#) == nil)
            let runaway = try #require(messages(log, "eval").last)
            #expect(runaway["id"] as? Int == 9 && runaway["ok"] as? Bool == false)
            #expect((runaway["error"] as? String)?.contains("instruction") == true, "\(runaway)")

            // State: a tried URL, a storage edit.
            #expect(await connection.receive(#"{"t":"route","url":"/items/42?tab=info"}"#) == nil)
            let match = try #require(messages(log, "route").last?["match"] as? [String: Any])
            #expect(match["pattern"] as? String == "/items/:id")
            #expect((match["params"] as? [String: String]) == ["id": "42", "tab": "info"])
            #expect(await connection.receive(#"{"t":"storage.set","key":"note","value":"{\"x\":1}"}"#) == nil)
            let stored = try await runtime.withHost { _, state in try state.run(#"return require("lunar.storage").get("note").x"#) }
            #expect(stored.first == .integer(1))
            #expect(await connection.receive(#"{"t":"storage.set","key":"note","value":"oops"}"#) != nil)

            // Closing: every hook goes, and nothing more is sent.
            await connection.close()
            let hooksAfter = await runtime.withInterceptors { $0.registrations.count }
            #expect(hooksAfter == hooksBefore)
            let count = log.all.count
            _ = try await runtime.withHost { _, state in try state.run(#"print("unseen")"#) }
            try await runtime.perform(.back)
            _ = await runtime.wait(timeout: 10)
            #expect(log.all.count == count)
        }
    }

    @Test func evaluatedTablesAreLetGoAndHandlersSetMeanwhileStay() async throws {
        try await withShowcase { runtime in
            let targets = DevtoolsTargets()
            await targets.add(runtime, label: "headless")
            let connection = await targets.connect(outbox: WebOutbox { _ in })
            // A host's handler set while an inspector is open is still the handler once it closes.
            let seen = SharedLog<String>()
            await runtime.onScriptError { seen.append($0.message) }

            // The console shows a big table; once the app drops it, the memory comes back.
            func memoryAfterCollecting() async throws -> Int {
                try await runtime.withHost { _, state in
                    _ = try state.run("collectgarbage() collectgarbage()")
                    return state.memoryInUse
                }
            }
            let before = try await memoryAfterCollecting()
            _ = try await runtime.withHost { _, state in try state.run("big = {} for i = 1, 20000 do big[i] = { i } end") }
            for id in 1...3 { #expect(await connection.receive(#"{"t":"eval","id":\#(id),"code":"big"}"#) == nil) }
            _ = try await runtime.withHost { _, state in try state.run("big = nil") }
            let after = try await memoryAfterCollecting()
            #expect(after < before + 256 << 10, "\(before) bytes before, \(after) after")

            await connection.close()
            await runtime.withHost { _, state in
                _ = try? state.run(#"require("lunar.timer").after(0, function() error("after closing") end)"#, name: "@probe.lua")
            }
            _ = await runtime.wait(timeout: 10)
            #expect(seen.all.contains { $0.contains("after closing") }, "\(seen.all)")
        }
    }

    @Test func aScriptErrorShowsWithItsStackUserFramesFirst() async throws {
        try await withShowcase { runtime in
            let targets = DevtoolsTargets()
            await targets.add(runtime, label: "headless")
            let log = SharedLog<String>()
            let connection = await targets.connect(outbox: WebOutbox { log.append($0) })
            await runtime.withHost { _, state in
                _ = try? state.run("""
                local timer = require("lunar.timer")
                timer.after(0, function() local t = nil; return t.field end)
                """, name: "@screens/broken.lua")
            }
            _ = await runtime.wait(timeout: 10)
            let error = try #require(messages(log, "log").last { $0["scriptError"] as? Bool == true })
            #expect((error["text"] as? String)?.contains("attempt to index") == true)
            #expect(error["source"] as? String == "screens/broken.lua:2")
            #expect((error["stack"] as? [String])?.first?.hasPrefix("screens/broken.lua:2") == true)
            await connection.close()
        }
    }
}
