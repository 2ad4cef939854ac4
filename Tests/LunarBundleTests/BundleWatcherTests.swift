import Foundation
import LunarBundle
import LunarTestSupport
import Testing

/// The watcher on file events (inotify on Linux): editor-style saves, new directories, several subscribers.
@Suite struct BundleWatcherTests {
    @Test func reportsWritesAndRenamesOnce() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("screens"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let watcher = BundleWatcher(root: root, quietPeriod: 0.02)
        let batches = AsyncStream<[String]>.makeStream()
        try watcher.start { batches.continuation.yield($0) }
        defer { watcher.stop() }
        // A watchdog ends the stream if events never come, so a failure cannot hang the suite.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(20))
            batches.continuation.finish()
        }
        defer { watchdog.cancel() }
        var iterator = batches.stream.makeAsyncIterator()
        // An editor-style save: write a temporary file, rename it over the target.
        let target = root.appendingPathComponent("screens/login.lua")
        let temporary = root.appendingPathComponent("screens/.login.lua.swp")
        try "return {}".write(to: temporary, atomically: false, encoding: .utf8)
        try FileManager.default.moveItem(at: temporary, to: target)
        #expect(await iterator.next() == ["screens/login.lua"])
        // A new directory is watched too.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try "return 1".write(to: root.appendingPathComponent("lib/util.lua"), atomically: false, encoding: .utf8)
        #expect(await iterator.next() == ["lib/util.lua"])
        // `sed -i` and some editors save through a temporary with an ordinary-looking name,
        // renamed over the target: the temporary, created and gone in one batch, is no change.
        let sedTemporary = root.appendingPathComponent("screens/sedluNV7g")
        try "return { n = 2 }".write(to: sedTemporary, atomically: false, encoding: .utf8)
        #expect(rename(sedTemporary.path, target.path) == 0, "rename over the target")
        #expect(await iterator.next() == ["screens/login.lua"])
    }

    @Test func everySubscriberGetsEachBatchUntilRemoved() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let watcher = BundleWatcher(root: root, quietPeriod: 0.02)
        defer { watcher.stop() }
        let first = AsyncStream<[String]>.makeStream(), second = AsyncStream<[String]>.makeStream()
        let firstSubscription = try watcher.start { first.continuation.yield($0) }
        try watcher.start { second.continuation.yield($0) }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(20))
            first.continuation.finish()
            second.continuation.finish()
        }
        defer { watchdog.cancel() }
        var firstBatches = first.stream.makeAsyncIterator(), secondBatches = second.stream.makeAsyncIterator()
        try "return 1".write(to: root.appendingPathComponent("a.lua"), atomically: false, encoding: .utf8)
        #expect(await firstBatches.next() == ["a.lua"])
        #expect(await secondBatches.next() == ["a.lua"])
        // The first one leaves; the watcher goes on for the second.
        watcher.remove(firstSubscription)
        first.continuation.finish()
        try "return 2".write(to: root.appendingPathComponent("b.lua"), atomically: false, encoding: .utf8)
        #expect(await secondBatches.next() == ["b.lua"])
        #expect(await firstBatches.next() == nil)
    }
}

/// The polling watcher macOS and iOS use, forced on Linux and driven by explicit polls.
@Suite struct PollingBundleWatcherTests {
    func makeRoot() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-poll-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try "return 1".write(to: root.appendingPathComponent("screens/old.lua"), atomically: false, encoding: .utf8)
        return root
    }

    @Test func eachPollReportsWhatChangedSinceTheLastOne() throws {
        let root = try makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let watcher = BundleWatcher(root: root, method: .pollingOnDemand)
        let batches = SharedLog<[String]>()
        try watcher.start { batches.append($0) }
        defer { watcher.stop() }
        #expect(!watcher.usesFileEvents)
        #expect(watcher.poll() == [])
        // An editor-style save: a temporary file renamed over the target.
        let temporary = root.appendingPathComponent("screens/.login.lua.swp")
        try "return {}".write(to: temporary, atomically: false, encoding: .utf8)
        try FileManager.default.moveItem(at: temporary, to: root.appendingPathComponent("screens/login.lua"))
        #expect(watcher.poll() == ["screens/login.lua"])
        // A new directory's files count; hidden ones and editor leftovers do not.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("lib/.cache"), withIntermediateDirectories: true)
        try "return 2".write(to: root.appendingPathComponent("lib/util.lua"), atomically: false, encoding: .utf8)
        try "x".write(to: root.appendingPathComponent("lib/.cache/state"), atomically: false, encoding: .utf8)
        try "x".write(to: root.appendingPathComponent("lib/util.lua~"), atomically: false, encoding: .utf8)
        #expect(watcher.poll() == ["lib/util.lua"])
        // A changed file and a removed one, reported together, sorted.
        try "return { changed = true }".write(to: root.appendingPathComponent("screens/old.lua"), atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(at: root.appendingPathComponent("lib/util.lua"))
        #expect(watcher.poll() == ["lib/util.lua", "screens/old.lua"])
        #expect(watcher.poll() == [])
        #expect(batches.all == [["screens/login.lua"], ["lib/util.lua"], ["lib/util.lua", "screens/old.lua"]])
    }

    @Test func everySubscriberGetsEachPolledBatchUntilTheLastLeaves() throws {
        let root = try makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let watcher = BundleWatcher(root: root, method: .pollingOnDemand)
        let first = SharedLog<[String]>(), second = SharedLog<[String]>()
        let firstSubscription = try watcher.start { first.append($0) }
        let secondSubscription = try watcher.start { second.append($0) }
        try "return 1".write(to: root.appendingPathComponent("a.lua"), atomically: false, encoding: .utf8)
        watcher.poll()
        watcher.remove(firstSubscription)
        try "return 2".write(to: root.appendingPathComponent("b.lua"), atomically: false, encoding: .utf8)
        watcher.poll()
        #expect(first.all == [["a.lua"]])
        #expect(second.all == [["a.lua"], ["b.lua"]])
        // No subscriber: no watching, and a new first subscriber starts from what is there then.
        watcher.remove(secondSubscription)
        #expect(watcher.poll() == [])
        try "return 3".write(to: root.appendingPathComponent("c.lua"), atomically: false, encoding: .utf8)
        try watcher.start { first.append($0) }
        #expect(watcher.poll() == [])
        watcher.stop()
    }

    @Test func aMissingDirectoryCannotBePolled() {
        let watcher = BundleWatcher(root: URL(fileURLWithPath: "/nonexistent/lunar-bundle"), method: .pollingOnDemand)
        #expect(throws: BundleError.self) { try watcher.start { _ in } }
    }
}
