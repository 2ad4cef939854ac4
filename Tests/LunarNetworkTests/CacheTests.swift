import Foundation
import Synchronization
import LunarJSON
import LunarNetwork
import LunarTestSupport
import Testing

/// The on-disk response cache, aged by a virtual clock.
@MainActor
@Suite struct CacheTests {
    /// A server whose answer changes with every hit, so a cached answer is recognisable.
    private func countingServer() throws -> LoopbackServer {
        let hits = Counter()
        return try LoopbackServer { _ in .json(#"{"hit":\#(hits.next())}"#) }
    }

    private func cached(_ lifetime: Double = 60, version: Int = 0, sensitive: JSONValue? = nil, ignore: Bool = false) -> Request {
        var request = Request(path: "/items")
        request.query = ["page": "1"]
        request.cache = CachePolicy(lifetime: lifetime, version: version, sensitiveData: sensitive, ignoresCachedResponse: ignore)
        return request
    }

    @Test func hitWithinTheLifetimeComesFromDiskAndSaysSo() async throws {
        let server = try countingServer()
        defer { server.stop() }
        let clock = VirtualClock()
        let client = makeClient(server, clock: clock)
        let first = try await client.response(for: cached())
        clock.advance(59)
        let second = try await client.response(for: cached())
        #expect(first.value == ["hit": 1] && !first.isFromCache)
        #expect(second.value == ["hit": 1] && second.isFromCache)
        #expect(second.status == 200 && second.header("content-type") == "application/json")
        #expect(server.hits("/items") == 1)
    }

    @Test func aNewClientOnTheSameFolderReadsTheEntry() async throws {
        let server = try countingServer()
        defer { server.stop() }
        let clock = VirtualClock()
        let client = makeClient(server, clock: clock)
        _ = try await client.response(for: cached())
        let restarted = makeClient(server, clock: clock)
        restarted.configuration.cacheDirectory = client.configuration.cacheDirectory
        #expect(try await restarted.response(for: cached()).isFromCache)
    }

    @Test func expiredEntryIsAMissAndIsReplaced() async throws {
        let server = try countingServer()
        defer { server.stop() }
        let clock = VirtualClock()
        let client = makeClient(server, clock: clock)
        _ = try await client.response(for: cached())
        clock.advance(61)
        let refreshed = try await client.response(for: cached())
        #expect(refreshed.value == ["hit": 2] && !refreshed.isFromCache)
        clock.advance(30)
        #expect(try await client.response(for: cached()).value == ["hit": 2])
        #expect(server.hits("/items") == 2)
    }

    @Test func versionChangeSensitiveDataAndOtherArgumentsMiss() async throws {
        let server = try countingServer()
        defer { server.stop() }
        let client = makeClient(server)
        _ = try await client.response(for: cached(version: 1, sensitive: ["user": 1]))
        #expect(try await client.response(for: cached(version: 1, sensitive: ["user": 1])).isFromCache)
        #expect(try await !client.response(for: cached(version: 2, sensitive: ["user": 1])).isFromCache)
        #expect(try await !client.response(for: cached(version: 2, sensitive: ["user": 2])).isFromCache)
        var otherPage = cached(version: 2, sensitive: ["user": 2])
        otherPage.query = ["page": "2"]
        #expect(try await !client.response(for: otherPage).isFromCache)
        #expect(server.hits("/items") == 4)
    }

    @Test func ignoringTheCacheFetchesButStillStores() async throws {
        let server = try countingServer()
        defer { server.stop() }
        let client = makeClient(server)
        _ = try await client.response(for: cached())
        let forced = try await client.response(for: cached(ignore: true))
        #expect(forced.value == ["hit": 2] && !forced.isFromCache)
        #expect(try await client.response(for: cached()).value == ["hit": 2])
    }

    @Test func failuresAndUncachedRequestsAreNotStored() async throws {
        let failing = Counter()
        let server = try LoopbackServer { _ in failing.next() == 1 ? .text("down", status: 500) : .json(#"{"up":true}"#) }
        defer { server.stop() }
        let client = makeClient(server)
        await #expect(throws: NetworkError.self) { try await client.response(for: cached()) }
        #expect(try await !client.response(for: cached()).isFromCache)
        #expect(try await client.response(for: cached()).isFromCache)
        var uncached = cached()
        uncached.cache = nil
        #expect(try await !client.response(for: uncached).isFromCache)
    }

    @Test func cacheHitsStillRunReformersAndCanBeRemoved() async throws {
        let server = try countingServer()
        defer { server.stop() }
        let client = makeClient(server)
        var request = cached()
        request.reformers = [ClosureReformer { value, context in ["hit": value["hit"]!, "cached": .bool(context.isFromCache)] }]
        _ = try await client.response(for: request)
        #expect(try await client.response(for: request).value == ["hit": 1, "cached": true])
        client.removeCachedResponse(for: request)
        #expect(try await client.response(for: request).value == ["hit": 2, "cached": false])
        client.removeAllCachedResponses()
        #expect(try await client.response(for: request).value == ["hit": 3, "cached": false])
    }
}

/// A thread-safe counter for server handlers, which run on the server's threads.
final class Counter: Sendable {
    private let value = Mutex(0)

    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}
