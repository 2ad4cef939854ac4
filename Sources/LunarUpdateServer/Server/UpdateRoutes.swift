import Foundation
import HTTPTypes
import Hummingbird
import LunarPackaging
import LunarUpdates
import NIOCore

/// The server's endpoints (docs/updates.md, "The server's HTTP API"):
///
/// | endpoint | who | answer |
/// |---|---|---|
/// | `GET /` | anyone | `{"service": "lunar-updates", "api": 1}` |
/// | `GET /v1/channels/NAME/check?device=ID&bridgeAPI=HASH` | devices | ``CheckAnswer`` |
/// | `GET /archives/SHA256.lunar` | devices, CDNs | the archive (immutable; `Range` supported) |
/// | `POST /v1/reports` | devices | ``ReportBatch`` in, 204 out |
/// | `POST /v1/channels/NAME/releases?rollout=P&message=TEXT` | admin | archive in, ``PublishAnswer`` out |
/// | `GET /v1/channels/NAME/releases` | admin | ``ReleaseList`` |
/// | `POST /v1/channels/NAME/releases/ID/rollout?percent=P` | admin | ``PublishAnswer`` |
/// | `POST /v1/channels/NAME/rollback` | admin | ``RollbackAnswer`` |
///
/// Refusals are `{"error": "..."}` with a 4xx status; a database failure is a 500 with its reason.
struct UpdateRoutes: Sendable {
    let store: ReleaseStore
    let archives: ArchiveFiles
    let configuration: UpdateServer.Configuration

    /// The largest report batch body.
    static let maximumReportBody = 64 << 10

    func add(to router: Router<BasicRequestContext>) {
        router.get("/") { _, _ in
            try Self.json(ServiceInfo())
        }
        router.get("/v1/channels/:channel/check") { request, context in
            try await guarded { try await check(request, context) }
        }
        router.get("/archives/:file") { request, context in
            archive(request, context)
        }
        router.head("/archives/:file") { request, context in
            archive(request, context)
        }
        router.get("/patches/:file") { request, context in
            patch(request, context)
        }
        router.post("/v1/reports") { request, _ in
            try await guarded { try await report(request) }
        }
        router.post("/v1/channels/:channel/releases") { request, context in
            try await guarded { try await admin(request) { try await publish(request, context) } }
        }
        router.get("/v1/channels/:channel/releases") { request, context in
            try await guarded { try await admin(request) { try await list(context) } }
        }
        router.post("/v1/channels/:channel/releases/:release/rollout") { request, context in
            try await guarded { try await admin(request) { try await rollout(request, context) } }
        }
        router.post("/v1/channels/:channel/rollback") { request, context in
            try await guarded { try await admin(request) { try await rollback(context) } }
        }
    }

    // MARK: - Devices

    private func check(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let channel = try channelName(context)
        let device = request.uri.queryParameters.get("device") ?? ""
        let bridgeAPI = request.uri.queryParameters.get("bridgeAPI") ?? ""
        guard !device.isEmpty, device.count <= 200 else { throw Refusal(.badRequest, "device: give the device's id (?device=ID), at most 200 characters") }
        guard !bridgeAPI.isEmpty, bridgeAPI.count <= 200 else { throw Refusal(.badRequest, "bridgeAPI: give the host's bridge API (?bridgeAPI=HASH)") }
        let release = try await store.check(channel: channel, device: device, bridgeAPI: bridgeAPI)
        var response = try Self.json(CheckAnswer(release: release))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    private func archive(_ request: Request, _ context: BasicRequestContext) -> Response {
        let file = context.parameters.get("file") ?? ""
        guard file.hasSuffix(".lunar"), let data = archives.read(String(file.dropLast(".lunar".count))) else {
            return Self.error(.notFound, "\(request.uri.path): no such archive")
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/vnd.lunar.bundle"
        headers[.cacheControl] = "public, max-age=31536000, immutable"
        headers[.eTag] = "\"\(file.dropLast(".lunar".count))\""
        headers[.acceptRanges] = "bytes"
        var status = HTTPResponse.Status.ok
        var body = data
        if let range = request.headers[.range] {
            guard let bounds = Self.byteRange(range, size: data.count) else {
                headers[.contentRange] = "bytes */\(data.count)"
                return Response(status: .rangeNotSatisfiable, headers: headers)
            }
            status = .partialContent
            headers[.contentRange] = "bytes \(bounds.lowerBound)-\(bounds.upperBound - 1)/\(data.count)"
            body = data.subdata(in: bounds)
        }
        headers[.contentLength] = String(body.count)
        if request.method == .head { return Response(status: status, headers: headers) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// `GET /patches/OLD-NEW.zstpatch`: NEW's archive as a zstd patch against OLD's (made once,
    /// then kept beside the archives: like them, immutable).
    private func patch(_ request: Request, _ context: BasicRequestContext) -> Response {
        let file = context.parameters.get("file") ?? ""
        let names = file.hasSuffix(".zstpatch") ? file.dropLast(".zstpatch".count).split(separator: "-") : []
        guard names.count == 2, let patch = archives.patch(from: String(names[0]), to: String(names[1])) else {
            return Self.error(.notFound, "\(request.uri.path): no such patch (both archives must be on this server)")
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/zstd"
        headers[.cacheControl] = "public, max-age=31536000, immutable"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: patch)))
    }

    /// `bytes=A-B`, `bytes=A-` or `bytes=-N` (one range) as a range of `0..<size`; nil when
    /// unsatisfiable or not one of those forms.
    static func byteRange(_ header: String, size: Int) -> Range<Int>? {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let spec = header.dropFirst("bytes=".count)
        guard let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            guard let count = Int(last), count > 0, size > 0 else { return nil }
            return max(0, size - count)..<size
        }
        guard let start = Int(first), start >= 0, start < size else { return nil }
        let end = last.isEmpty ? size - 1 : (Int(last).map { min($0, size - 1) } ?? -1)
        guard end >= start else { return nil }
        return start..<(end + 1)
    }

    private func report(_ request: Request) async throws -> Response {
        var request = request
        let body = try await collect(&request, limit: Self.maximumReportBody, what: "a report batch")
        let batch: ReportBatch
        do { batch = try JSONDecoder().decode(ReportBatch.self, from: Data(buffer: body)) } catch {
            throw Refusal(.badRequest, "the report batch is not JSON of the form {\"device\": ID, \"events\": [{\"release\": ID, \"kind\": \"install\"|\"launch\"|\"failure\"}]}")
        }
        guard !batch.device.isEmpty, batch.device.count <= 200 else { throw Refusal(.badRequest, "device: 1 to 200 characters") }
        guard batch.events.count <= ReportBatch.maximumEvents else {
            throw Refusal(.contentTooLarge, "a batch carries at most \(ReportBatch.maximumEvents) events (this one has \(batch.events.count))")
        }
        try await store.record(batch)
        return Response(status: .noContent)
    }

    // MARK: - Admin

    private func publish(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let channel = try channelName(context)
        let rollout = try percent(request.uri.queryParameters.get("rollout") ?? "100", name: "rollout")
        let message = request.uri.queryParameters.get("message") ?? ""
        guard message.count <= 2000 else { throw Refusal(.badRequest, "message: at most 2000 characters") }
        var request = request
        let body = try await collect(&request, limit: configuration.maximumUpload, what: "an archive")
        let data = Data(buffer: body)
        let archive: BundleArchive
        do { archive = try BundleArchive(data: data, name: "the upload") } catch {
            throw Refusal(.badRequest, error.message)
        }
        let bridgeAPI = archive.fileList.bridgeAPI
        var signedBy = archive.signature?.keyFingerprint ?? ""
        do {
            if configuration.publisherKeys.isEmpty {
                try archive.checkIntegrity(bridgeAPI: bridgeAPI)
            } else {
                guard let signature = archive.signature else {
                    throw Refusal(.forbidden, "the upload is not signed: this server takes archives signed by \(fingerprints) only (lunar publish --sign KEY)")
                }
                guard let key = configuration.publisherKeys.first(where: { $0.fingerprint == signature.keyFingerprint }) else {
                    throw Refusal(.forbidden, "the upload is signed by key \(signature.keyFingerprint), which this server does not take (it takes \(fingerprints))")
                }
                try archive.verify(trusting: key, bridgeAPI: bridgeAPI)
                signedBy = key.fingerprint
            }
        } catch let error as BundleArchiveError {
            throw Refusal(.forbidden, error.message)
        }
        let sha256: String
        do { sha256 = try archives.store(data) } catch {
            throw Refusal(.internalServerError, "the archive cannot be stored: \(error.localizedDescription)")
        }
        let release = try await store.publish(
            channel: channel, version: archive.fileList.version, bridgeAPI: bridgeAPI, sha256: sha256, size: data.count,
            rollout: rollout, message: message, signedBy: signedBy)
        var response = try Self.json(PublishAnswer(release: release))
        response.status = .created
        return response
    }

    private var fingerprints: String {
        configuration.publisherKeys.map(\.fingerprint).joined(separator: ", ")
    }

    private func list(_ context: BasicRequestContext) async throws -> Response {
        try Self.json(ReleaseList(releases: try await store.list(channel: try channelName(context))))
    }

    private func rollout(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let channel = try channelName(context)
        let id = context.parameters.get("release") ?? ""
        guard let release = Int(id) else { throw Refusal(.badRequest, "release '\(id)' is not a release id (lunar updates list shows them)") }
        let percent = try percent(request.uri.queryParameters.get("percent") ?? "", name: "percent")
        guard let updated = try await store.setRollout(channel: channel, release: release, percent: percent) else {
            throw Refusal(.notFound, "channel \(channel) has no release \(id) that can be rolled out (rolled-back releases cannot)")
        }
        return try Self.json(PublishAnswer(release: updated))
    }

    private func rollback(_ context: BasicRequestContext) async throws -> Response {
        let channel = try channelName(context)
        switch try await store.rollback(channel: channel) {
        case .success(let answer): return try Self.json(answer)
        case .failure(.noActiveRelease):
            throw Refusal(.conflict, "channel \(channel) has no active release to roll back")
        case .failure(.noEarlierRelease(let only)):
            throw Refusal(.conflict, "channel \(channel) has no release before \(only.id) to go back to (set its rollout to 0 to stop it)")
        }
    }

    // MARK: - Helpers

    private func admin(_ request: Request, _ body: () async throws -> Response) async throws -> Response {
        let expected = "Bearer \(configuration.adminToken)"
        let given = request.headers[.authorization] ?? ""
        // Compared in full whatever differs first, so the time taken says nothing about the token.
        let same = given.utf8.count == expected.utf8.count
            && zip(given.utf8, expected.utf8).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
        guard same else { throw Refusal(.unauthorized, "the admin token is missing or wrong (--token TOKEN)") }
        return try await body()
    }

    private func channelName(_ context: BasicRequestContext) throws -> String {
        let channel = context.parameters.get("channel") ?? ""
        if let problem = ChannelName.problem(channel) { throw Refusal(.badRequest, problem) }
        return channel
    }

    private func percent(_ text: String, name: String) throws -> Int {
        guard let value = Int(text), (0...100).contains(value) else {
            throw Refusal(.badRequest, "\(name) '\(text)' is not a percentage: give a whole number from 0 to 100")
        }
        return value
    }

    private func collect(_ request: inout Request, limit: Int, what: String) async throws -> ByteBuffer {
        do { return try await request.collectBody(upTo: limit) } catch {
            throw Refusal(.contentTooLarge, "\(what) may be at most \(limit) bytes")
        }
    }

    /// Turns refusals and database failures into `{"error": ...}` answers.
    private func guarded(_ body: () async throws -> Response) async throws -> Response {
        do { return try await body() } catch let refusal as Refusal {
            return Self.error(refusal.status, refusal.message)
        } catch let failure as UpdateDatabaseError {
            return Self.error(.internalServerError, "the database failed: \(failure.description)")
        }
    }

    struct ServiceInfo: Encodable {
        var service = "lunar-updates"
        var api = 1
    }

    struct Refusal: Error {
        var status: HTTPResponse.Status
        var message: String
        init(_ status: HTTPResponse.Status, _ message: String) {
            self.status = status
            self.message = message
        }
    }

    static func json<T: Encodable>(_ value: T) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }

    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        (try? json(ErrorAnswer(error: message))).map { response in
            var response = response
            response.status = status
            return response
        } ?? Response(status: status)
    }
}
