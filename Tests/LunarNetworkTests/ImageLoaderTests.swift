import Foundation
import LunarNetwork
import LunarTestSupport
import Testing

/// `ImageLoader`: one fetch per URL, a bounded memory cache, a bounded disk cache that outlives
/// the loader, against a real server on 127.0.0.1.
@MainActor
@Suite struct ImageLoaderTests {
    /// Serves `/N.png` as N hundred bytes of N; anything else is a 404.
    private func imageServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            let name = request.path.dropFirst().split(separator: ".").first.flatMap { Int($0) }
            guard let n = name else { return .text("no such image", status: 404) }
            return .respond(status: 200, headers: ["Content-Type": "image/png"], body: Array(repeating: UInt8(n), count: n * 100))
        }
    }

    private func load(_ loader: ImageLoader, _ url: URL) async -> Result<ImageLoader.LoadedImage, NetworkError> {
        await withCheckedContinuation { continuation in loader.load(url) { continuation.resume(returning: $0) } }
    }

    @Test func fetchesOnceThenAnswersFromMemoryThenFromDiskAfterARestart() async throws {
        let server = try imageServer()
        defer { server.stop() }
        let folder = temporaryFolder()
        let url = server.baseURL.appendingPathComponent("3.png")
        let loader = ImageLoader(client: makeClient(server), directory: folder)
        // Two loads at once share one fetch.
        let both = await withCheckedContinuation { (continuation: CheckedContinuation<[Result<ImageLoader.LoadedImage, NetworkError>], Never>) in
            var results: [Result<ImageLoader.LoadedImage, NetworkError>] = []
            for _ in 0..<2 {
                loader.load(url) { result in
                    results.append(result)
                    if results.count == 2 { continuation.resume(returning: results) }
                }
            }
        }
        let (a, b) = (both[0], both[1])
        #expect(try a.get().origin == .network && b.get().origin == .network)
        #expect(try a.get().data == Data(repeating: 3, count: 300))
        #expect(try Data(contentsOf: a.get().file) == Data(repeating: 3, count: 300))
        #expect(try await load(loader, url).get().origin == .memory)
        #expect(loader.cachedImage(for: url)?.origin == .memory)
        let restarted = ImageLoader(client: makeClient(server), directory: folder)
        #expect(restarted.cachedImage(for: url) == nil)
        #expect(try await load(restarted, url).get().origin == .disk)
        #expect(server.hits("/3.png") == 1)
    }

    @Test func bothCachesStayWithinTheirLimits() async throws {
        let server = try imageServer()
        defer { server.stop() }
        let folder = temporaryFolder()
        let loader = ImageLoader(client: makeClient(server), directory: folder, memoryLimit: 1000, diskLimit: 1500)
        for n in [4, 5, 6, 2] {
            _ = try await load(loader, server.baseURL.appendingPathComponent("\(n).png")).get()
        }
        #expect(loader.memoryUsage.bytes <= 1000)
        #expect(loader.cachedImage(for: server.baseURL.appendingPathComponent("2.png")) != nil)  // the newest stays
        let onDisk = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.fileSizeKey])
            .filter { $0.pathExtension == "image" }
            .reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
        #expect(onDisk <= 1500 && onDisk > 0)
    }

    @Test func aMissingImageFailsWithItsStatusAndIsNotCached() async throws {
        let server = try imageServer()
        defer { server.stop() }
        let loader = ImageLoader(client: makeClient(server), directory: temporaryFolder())
        let url = server.baseURL.appendingPathComponent("missing.png")
        guard case .failure(let error) = await load(loader, url) else { Issue.record("expected a failure"); return }
        #expect(error.kind == .http && error.status == 404)
        _ = await load(loader, url)
        #expect(server.hits("/missing.png") == 2)
    }
}
