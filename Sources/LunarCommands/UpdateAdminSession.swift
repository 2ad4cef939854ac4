import Foundation
import LunarBase
import LunarBundle
import LunarArchive
import LunarRuntime
import LunarUpdates

/// `lunar publish` and `lunar updates list|rollout|rollback`: the admin side of an update
/// server. Results go to standard output; a refusal is a `MessageError` with the server's reason.
public enum UpdateAdminSession {
    /// Packs `directory` (checked first, like `lunar bundle`), signs it with `keyFile`, uploads it
    /// to `channel` and prints a summary line, then the new release's id as the last line.
    public static func publish(
        directory: URL, server: URL, channel: String, keyFile: String, token: String,
        rollout: Int, message: String
    ) async throws {
        try checkChannel(channel)
        guard (0...100).contains(rollout) else { throw MessageError("--rollout takes a whole number from 0 to 100") }
        let key: BundleSigningKey
        do { key = try BundleSigningKey(contentsOf: URL(fileURLWithPath: keyFile)) } catch { throw MessageError(error.message) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-publish-\(UUID().uuidString).lunar")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let report: BundlePacker.Report
        do {
            let api = BundleCheck.APIShape(BridgeAPI.described())
            report = try BundlePacker(bridgeAPI: BridgeAPI.version, api: api, signingKey: key).pack(directory: directory, to: scratch)
        } catch {
            throw MessageError(error.message)
        }
        guard let data = FileManager.default.contents(atPath: scratch.path) else { throw MessageError("cannot read the packed archive") }
        let release: ReleaseInfo
        do {
            release = try await UpdateAdminClient(server: server, token: token)
                .publish(archive: data, channel: channel, rollout: rollout, message: message, signingKey: key)
        } catch {
            throw MessageError(error.message)
        }
        SessionOutput.standard("""
            lunar publish: \(report.fileList.name) \(report.fileList.version) (\(data.count) bytes, signed by key \(key.publicKey.fingerprint)) \
            is release \(release.id) of \(channel), rollout \(release.rollout)%
            \(release.id)

            """)
    }

    /// Prints one line per release, newest first (or the server's JSON with `json`).
    public static func list(server: URL, channel: String, token: String, json: Bool) async throws {
        try checkChannel(channel)
        let releases: [ReleaseSummary]
        do { releases = try await UpdateAdminClient(server: server, token: token).releases(channel: channel) } catch {
            throw MessageError(error.message)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            let data = (try? encoder.encode(ReleaseList(releases: releases))) ?? Data()
            SessionOutput.standard(String(decoding: data, as: UTF8.self) + "\n")
            return
        }
        if releases.isEmpty {
            SessionOutput.error("lunar updates: channel \(channel) has no releases (lunar publish adds one)\n")
        }
        SessionOutput.standard(releases.map(line).joined())
    }

    /// `3 rollout=50% installs=10 launches=9 failures=1 state=active version=1.0.1 message="fix login"`
    static func line(_ summary: ReleaseSummary) -> String {
        let r = summary.release
        return "\(r.id) rollout=\(r.rollout)% installs=\(summary.installs) launches=\(summary.launches) failures=\(summary.failures) "
            + "state=\(LogText.escaped(r.state, limit: 40)) version=\(LogText.escaped(r.version, limit: 100)) message=\(quoted(r.message))\n"
    }

    /// Sets a release's rollout percentage.
    public static func rollout(server: URL, channel: String, release: String, percent: Int, token: String) async throws {
        try checkChannel(channel)
        guard (0...100).contains(percent) else { throw MessageError("--percent takes a whole number from 0 to 100") }
        do {
            let updated = try await UpdateAdminClient(server: server, token: token).setRollout(channel: channel, release: release, percent: percent)
            SessionOutput.standard("lunar updates: release \(updated.id) of \(channel) (\(updated.version)) is rolled out to \(updated.rollout)% of devices\n")
        } catch {
            throw MessageError(error.message)
        }
    }

    /// Rolls the channel's newest active release back; with `keyFile`, signs the rollback so that
    /// devices already running the newest release go back too.
    public static func rollback(server: URL, channel: String, token: String, keyFile: String? = nil) async throws {
        try checkChannel(channel)
        var key: BundleSigningKey?
        if let keyFile {
            do { key = try BundleSigningKey(contentsOf: URL(fileURLWithPath: keyFile)) } catch { throw MessageError(error.message) }
        }
        do {
            let answer = try await UpdateAdminClient(server: server, token: token).rollback(channel: channel, signingKey: key)
            SessionOutput.standard("""
                lunar updates: release \(answer.rolledBack.id) (\(answer.rolledBack.version)) of \(channel) is rolled back; \
                devices now get release \(answer.current.id) (\(answer.current.version))\(key == nil ? "" : ", signed: devices running \(answer.rolledBack.id) go back too")

                """)
        } catch {
            throw MessageError(error.message)
        }
    }

    static func checkChannel(_ channel: String) throws {
        if let problem = ChannelName.problem(channel) { throw MessageError(problem) }
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
