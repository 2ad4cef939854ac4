import Foundation

/// A release as the update server describes it: what a device checks against, and what
/// `lunar updates list` shows. The JSON field names are the server's API (docs/updates.md).
public struct ReleaseInfo: Codable, Sendable, Hashable {
    /// The release id the server gave it (decimal digits).
    public var id: String
    /// The channel it was published to.
    public var channel: String
    /// The bundle's manifest version.
    public var version: String
    /// The bridge API the bundle was built for (`_lunar/files.json`).
    public var bridgeAPI: String
    /// The archive's SHA-256, 64 lowercase hex digits: its name on the server.
    public var sha256: String
    /// The archive's size in bytes.
    public var size: Int
    /// The archive's path on the server, `/archives/<sha256>.lunar` (immutable: cache it forever).
    public var url: String
    /// The share of devices that get it, 0...100.
    public var rollout: Int
    /// `active`, `halted` (its launch failure rate passed the threshold) or `rolledBack`.
    public var state: String
    /// The publisher's note.
    public var message: String
    /// When it was published, in seconds since 1970.
    public var publishedAt: Int
    /// The fingerprint of the key that signed it.
    public var signedBy: String
    /// The publisher's signed statement of its channel and sequence (``ReleaseStatement``);
    /// devices take no release without one. Absent for releases published before statements.
    public var statement: SignedReleaseStatement?

    public init(id: String, channel: String, version: String, bridgeAPI: String, sha256: String, size: Int, url: String,
                rollout: Int, state: String, message: String, publishedAt: Int, signedBy: String,
                statement: SignedReleaseStatement? = nil) {
        self.statement = statement
        self.id = id
        self.channel = channel
        self.version = version
        self.bridgeAPI = bridgeAPI
        self.sha256 = sha256
        self.size = size
        self.url = url
        self.rollout = rollout
        self.state = state
        self.message = message
        self.publishedAt = publishedAt
        self.signedBy = signedBy
    }
}

/// The answer to a device's check: the newest release it may have, or none (it runs its
/// built-in bundle). `GET /v1/channels/NAME/check?device=ID&bridgeAPI=HASH`.
public struct CheckAnswer: Codable, Sendable, Hashable {
    public var release: ReleaseInfo?
    /// What the device sends with its reports about `release`: the server's proof that it
    /// offered that release to that device (absent with no release, and from older servers).
    public var receipt: String?
    public init(release: ReleaseInfo?, receipt: String? = nil) {
        self.release = release
        self.receipt = receipt
    }
}

/// A release with what devices reported about it: a line of `lunar updates list`.
public struct ReleaseSummary: Codable, Sendable, Hashable {
    public var release: ReleaseInfo
    /// Devices that staged it.
    public var installs: Int
    /// Devices that showed its first screen.
    public var launches: Int
    /// Devices on which it failed before its first screen.
    public var failures: Int

    public init(release: ReleaseInfo, installs: Int, launches: Int, failures: Int) {
        self.release = release
        self.installs = installs
        self.launches = launches
        self.failures = failures
    }
}

/// `GET /v1/channels/NAME/releases`: newest first.
public struct ReleaseList: Codable, Sendable, Hashable {
    public var releases: [ReleaseSummary]
    public init(releases: [ReleaseSummary]) { self.releases = releases }
}

/// What a device reports: `POST /v1/reports`. Reports are idempotent (the server counts each
/// device once per release and kind), so a batch that may have arrived is simply sent again.
public struct ReportBatch: Codable, Sendable, Hashable {
    public var device: String
    public var events: [ReportEvent]
    public init(device: String, events: [ReportEvent]) {
        self.device = device
        self.events = events
    }

    /// The most events one batch may carry.
    public static let maximumEvents = 100
}

/// One report about one release.
public struct ReportEvent: Codable, Sendable, Hashable {
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        /// Downloaded, verified and staged.
        case install
        /// Its first screen rendered.
        case launch
        /// It failed before its first screen (and was marked bad).
        case failure
    }

    public var release: String
    public var kind: Kind
    /// Why, for a failure (at most 500 characters are kept).
    public var reason: String?
    /// The receipt of the check answer that offered `release` to this device: a server takes
    /// reports only with it.
    public var receipt: String?

    public init(release: String, kind: Kind, reason: String? = nil, receipt: String? = nil) {
        self.release = release
        self.kind = kind
        self.reason = reason
        self.receipt = receipt
    }
}

/// The answer to an upload, a rollout change or a rollback.
public struct PublishAnswer: Codable, Sendable, Hashable {
    public var release: ReleaseInfo
    public init(release: ReleaseInfo) { self.release = release }
}

/// The answer to a rollback: the release rolled back and the one the channel now points at.
public struct RollbackAnswer: Codable, Sendable, Hashable {
    public var rolledBack: ReleaseInfo
    public var current: ReleaseInfo
    public init(rolledBack: ReleaseInfo, current: ReleaseInfo) {
        self.rolledBack = rolledBack
        self.current = current
    }
}

/// An error answer: `{"error": "..."}` with a 4xx or 5xx status.
public struct ErrorAnswer: Codable, Sendable, Hashable {
    public var error: String
    public init(error: String) { self.error = error }
}

/// Channel names: 1 to 64 of `A-Z a-z 0-9 . _ -`, not starting with a dot.
public enum ChannelName {
    /// Nil when `name` is a valid channel name, else why not.
    public static func problem(_ name: String) -> String? {
        let allowed = name.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "._-".unicodeScalars.contains($0) }
        if name.isEmpty || name.count > 64 || !allowed || name.hasPrefix(".") {
            return "channel name '\(name)' is refused: use 1 to 64 letters, digits, '.', '_' or '-' (production, beta-2)"
        }
        return nil
    }
}
