import Foundation
import LunarBase
import LunarTestSupport
import LunarDevServer
import LunarBundle
import Testing

@Suite(.timeLimit(.minutes(1))) struct ChangeFeedTests {
    @Test func deliversEachChangeBatchAfterReady() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        let source = ManualChangeSource()
        try await withDevServer(bundle, changes: source) { _, client async throws in
            var events = client.events().makeAsyncIterator()
            let ready = try #require(try await events.next())
            #expect(ready.event == "ready")
            #expect(ready.data == #"{"generation":0}"#)
            source.send(["screens/login.lua", "manifest.json"])
            let change = try #require(try await events.next())
            #expect(change.event == nil)
            #expect(change.data == #"{"changed":["manifest.json","screens/login.lua"]}"#)
            #expect(change.id == "1")
            source.send(["screens/home.lua"])
            #expect(try await events.next()?.data == #"{"changed":["screens/home.lua"]}"#)
        }
    }

    @Test func everyConnectedClientGetsTheChange() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        let source = ManualChangeSource()
        try await withDevServer(bundle, changes: source) { _, client async throws in
            var first = client.events().makeAsyncIterator()
            var second = client.events().makeAsyncIterator()
            #expect(try await first.next()?.event == "ready")
            #expect(try await second.next()?.event == "ready")
            source.send(["a.lua"])
            #expect(try await first.next()?.data == #"{"changed":["a.lua"]}"#)
            #expect(try await second.next()?.data == #"{"changed":["a.lua"]}"#)
        }
    }

    @Test func pollingWatcherReportsAFileWrittenOnDisk() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        try await withDevServer(bundle, changes: BundleWatcher(root: bundle.root, method: .polling(interval: 0.05))) { _, client in
            let seen = try await withTimeout {
                var iterator = client.events().makeAsyncIterator()
                #expect(try await iterator.next()?.event == "ready")
                try bundle.write("screens/home.lua", TemporaryBundle.homeScreen("Hello v2"))
                try bundle.write("screens/new.lua", "return {}")
                // One poll may see one write and the next the other: collect until both were reported.
                var seen = Set<String>()
                while seen.count < 2, let event = try await iterator.next() {
                    #expect(event.data.hasPrefix(#"{"changed":["#))
                    for path in ["screens/home.lua", "screens/new.lua"] where event.data.contains("\"\(path)\"") { seen.insert(path) }
                }
                return seen
            }
            #expect(seen == ["screens/home.lua", "screens/new.lua"])
        }
    }

    @Test func pollingWatcherReportsAddedAndRemovedFilesButNotHiddenOnes() async throws {
        let bundle = try TemporaryBundle(["old.lua": "return 1"])
        defer { bundle.remove() }
        let watcher = BundleWatcher(root: bundle.root, method: .polling(interval: 0.05))
        defer { watcher.stop() }
        let changes = watcher.changes()
        try FileManager.default.removeItem(at: bundle.root.appendingPathComponent("old.lua"))
        try bundle.write(".swap", "editor state")
        try bundle.write("lib/added.lua", "return 2")
        let seen = try await withTimeout {
            var seen = Set<String>()
            for await batch in changes {
                seen.formUnion(batch)
                if seen.isSuperset(of: ["old.lua", "lib/added.lua"]) { break }
            }
            return seen
        }
        #expect(seen == ["old.lua", "lib/added.lua"])
    }

    @Test func withoutAChangeSourceThereIsNoFeed() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        try await withDevServer(bundle) { _, client async throws in
            await #expect(throws: MessageError.self) {
                for try await _ in client.events() {}
            }
            #expect(try await client.send("GET", "/events").status == 404)
        }
    }

    @Test func stoppingTheServerEndsOpenFeeds() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        let source = ManualChangeSource()
        let server = try await DevServer(bundleDirectory: bundle.root, configuration: .init(port: 0), changes: source).start()
        #expect(source.subscriberCount == 1)
        var events = try DevServerClient(baseURL: server.url).events().makeAsyncIterator()
        #expect(try await events.next()?.event == "ready")
        await server.stop()
        // The feed ends, cleanly or with the connection closing under it (nil either way), and never hangs.
        let next = try? await events.next()
        #expect(next == nil)
        #expect(source.subscriberCount == 0)
        await #expect(throws: (any Error).self) { try await DevServerClient(baseURL: server.url).send("GET", "/files") }
    }

    @Test func aTakenPortIsAnError() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        try await withDevServer(bundle) { running, _ in
            let port = try #require(running.url.port)
            await #expect(throws: (any Error).self) {
                _ = try await DevServer(bundleDirectory: bundle.root, configuration: .init(port: port)).start()
            }
        }
    }
}
