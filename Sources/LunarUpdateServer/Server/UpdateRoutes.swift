import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import LunarBase
import LunarArchive
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
            try await guarded { try await patch(request, context) }
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
            try await guarded { try await admin(request) { try await rollback(request, context) } }
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
        let receipt = release.map { store.receipt(device: device, release: $0.id, channel: channel) }
        var response = try Self.json(CheckAnswer(release: release, receipt: receipt))
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

    /// `GET /patches/OLD-NEW.zstpatch`: NEW's archive as a zstd patch against OLD's, served only
    /// for a pair a publish made (a release and the one before it in its channel): a request
    /// never makes one, so anonymous requests cost no CPU and no disk.
    private func patch(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let file = context.parameters.get("file") ?? ""
        let names = file.hasSuffix(".zstpatch") ? file.dropLast(".zstpatch".count).split(separator: "-").map(String.init) : []
        guard names.count == 2, ArchiveFiles.isSHA256(names[0]), ArchiveFiles.isSHA256(names[1]),
              try await store.hasPatch(from: names[0], to: names[1]), let patch = archives.patch(from: names[0], to: names[1])
        else {
            throw Refusal(.notFound, "\(LogText.escaped(request.uri.path, limit: 300)): no such patch (patches are made at publishing, from a release to the next in its channel)")
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
        if case .failure(let refusal) = try await store.record(batch) {
            throw Refusal(HTTPResponse.Status(code: refusal.status), refusal.message)
        }
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
        let version = archive.fileList.version
        // A version is shown in devices' log lines: one line of printable text.
        guard !version.isEmpty, version.count <= 100, LogText.escaped(version) == version else {
            throw Refusal(.badRequest, "the upload's version \(LogText.quoted(version, limit: 100)) is refused: give 1 to 100 printable characters on one line")
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
        let statement = try request.headers[Self.statementHeader].map { text in
            guard let json = Data(base64Encoded: text), let signed = try? JSONDecoder().decode(SignedReleaseStatement.self, from: json) else {
                throw Refusal(.badRequest, "Lunar-Release-Statement: not base64 of {\"statement\", \"signature\", \"key\"}")
            }
            return signed
        }
        var checked: ReleaseStatement?
        if let statement { checked = try await check(statement, channel: channel, sha256: SHA256.hash(data: data).hex, signer: signedBy) }
        let sha256: String
        do { sha256 = try archives.store(data) } catch {
            throw Refusal(.internalServerError, "the archive cannot be stored: \(error.message)")
        }
        var release = try await store.publish(
            channel: channel, version: archive.fileList.version, bridgeAPI: bridgeAPI, sha256: sha256, size: data.count,
            rollout: rollout, message: message, signedBy: signedBy)
        if let statement, let checked {
            try await store.setStatement(statement, sequence: checked.sequence, release: release.id, channel: channel)
            release.statement = statement
        }
        // The one patch this release gets: from the release devices of its channel most likely run.
        if let previous = try await store.predecessor(of: release), archives.makePatch(from: previous.sha256, to: sha256) {
            try await store.addPatch(from: previous.sha256, to: sha256)
        }
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

    private func rollback(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let channel = try channelName(context)
        var request = request
        let body = try await collect(&request, limit: 16 << 10, what: "a rollback statement")
        var statement: (signed: SignedReleaseStatement, sequence: Int)?
        if body.readableBytes > 0 {
            guard let signed = try? JSONDecoder().decode(SignedReleaseStatement.self, from: Data(buffer: body)) else {
                throw Refusal(.badRequest, "the rollback body is not a signed release statement {\"statement\", \"signature\", \"key\"}")
            }
            // The statement must be for the release the rollback goes back to.
            guard let (_, target) = try await store.rollbackTarget(channel: channel) else {
                throw Refusal(.conflict, "channel \(channel) has no release before its newest to go back to (set its rollout to 0 to stop it)")
            }
            let checked = try await check(signed, channel: channel, sha256: target.sha256, signer: signed.key)
            guard checked.rollback else { throw Refusal(.badRequest, "the rollback statement does not say rollback: true") }
            statement = (signed, checked.sequence)
        }
        switch try await store.rollback(channel: channel) {
        case .success(var answer):
            if let statement {
                try await store.setStatement(statement.signed, sequence: statement.sequence, release: answer.current.id, channel: channel)
                answer.current.statement = statement.signed
            }
            return try Self.json(answer)
        case .failure(.noActiveRelease):
            throw Refusal(.conflict, "channel \(channel) has no active release to roll back")
        case .failure(.noEarlierRelease(let only)):
            throw Refusal(.conflict, "channel \(channel) has no release before \(only.id) to go back to (set its rollout to 0 to stop it)")
        }
    }

    /// Where `lunar publish` sends the signed ``ReleaseStatement`` (base64 of its JSON).
    static let statementHeader = HTTPField.Name("Lunar-Release-Statement")!

    /// Checks a publisher's statement: for `channel` and the archive `sha256`, signed by a
    /// publisher key when the server has them (by the key `signer` names), and with a sequence
    /// above every statement of the channel so far.
    private func check(_ signed: SignedReleaseStatement, channel: String, sha256: String, signer: String) async throws -> ReleaseStatement {
        let statement: ReleaseStatement
        do {
            if configuration.publisherKeys.isEmpty {
                statement = try signed.unverified()
            } else {
                guard let key = configuration.publisherKeys.first(where: { $0.fingerprint == signer && $0.fingerprint == signed.key }) else {
                    throw Refusal(.forbidden, "the release statement is signed by key \(LogText.quoted(signed.key, limit: 40)), which this server does not take (it takes \(fingerprints))")
                }
                statement = try signed.verified(by: key)
            }
        } catch let error as UpdateError {
            throw Refusal(.forbidden, error.message)
        }
        guard statement.channel == channel else {
            throw Refusal(.badRequest, "the release statement is for channel \(LogText.quoted(statement.channel, limit: 64)), not \(channel)")
        }
        guard statement.sha256 == sha256 else {
            throw Refusal(.badRequest, "the release statement is about archive \(LogText.quoted(statement.sha256, limit: 64)), not \(sha256)")
        }
        if let newest = try await store.newestSequence(channel: channel), statement.sequence <= newest {
            throw Refusal(.conflict, "the release statement's sequence \(statement.sequence) is not above channel \(channel)'s newest, \(newest)")
        }
        return statement
    }

    // MARK: - Helpers

    private func admin(_ request: Request, _ body: () async throws -> Response) async throws -> Response {
        let expected = "Bearer \(configuration.adminToken)"
        let given = request.headers[.authorization] ?? ""
        guard equalInConstantTime(given, expected) else { throw Refusal(.unauthorized, "the admin token is missing or wrong (--token TOKEN)") }
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
