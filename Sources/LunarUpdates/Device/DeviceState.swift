import Foundation
import LunarStorage

/// A release a device has staged: its verified archive is `archives/<sha256>.lunar` in the
/// updates directory.
public struct StagedRelease: Codable, Sendable, Hashable {
    public var id: String
    public var version: String
    public var sha256: String

    public init(id: String, version: String, sha256: String) {
        self.id = id
        self.version = version
        self.sha256 = sha256
    }

    init(_ release: ReleaseInfo) { self.init(id: release.id, version: release.version, sha256: release.sha256) }
}

/// What a device remembers between launches (`state.json` in the updates directory), written
/// whole to a temporary file and renamed over the old one, so a crash leaves the old or the new
/// state, never a mix.
struct DeviceState: Codable, Sendable, Equatable {
    /// Releases that showed their first screen, the newest first (at most ``goodKept``).
    var good: [StagedRelease] = []
    /// Staged and verified, to run at the next launch.
    var pending: StagedRelease?
    /// The release being launched: set before its scripts run, cleared once its first screen
    /// renders. Found set at the next launch, it means the process died during launch.
    var launching: StagedRelease?
    /// Archives (SHA-256) that failed before their first screen: never run or downloaded again.
    var bad: [String] = []
    /// The server's last answer was "no release": run the built-in bundle.
    var builtInChosen = false
    /// Reports not yet taken by the server, oldest first (at most ``reportsKept``).
    var reports: [ReportEvent] = []
    /// The receipt each release's check answer gave (release id → receipt), sent with its reports;
    /// kept only for releases the state still names.
    var receipts: [String: String] = [:]
    /// The highest statement sequence of a release this device took: an offer below it is a
    /// downgrade, taken only as a signed rollback (whose sequence is higher).
    var sequence = 0

    init() {}

    /// Decodes what any earlier version wrote: fields it did not have take their defaults.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        good = try container.decodeIfPresent([StagedRelease].self, forKey: .good) ?? []
        pending = try container.decodeIfPresent(StagedRelease.self, forKey: .pending)
        launching = try container.decodeIfPresent(StagedRelease.self, forKey: .launching)
        bad = try container.decodeIfPresent([String].self, forKey: .bad) ?? []
        builtInChosen = try container.decodeIfPresent(Bool.self, forKey: .builtInChosen) ?? false
        reports = try container.decodeIfPresent([ReportEvent].self, forKey: .reports) ?? []
        receipts = try container.decodeIfPresent([String: String].self, forKey: .receipts) ?? [:]
        sequence = try container.decodeIfPresent(Int.self, forKey: .sequence) ?? 0
    }

    /// Keeps the receipts of the releases the state names (good, pending, launching, queued reports).
    mutating func pruneReceipts() {
        let named = Set(good.map(\.id) + [pending?.id, launching?.id].compactMap { $0 } + reports.map(\.release))
        receipts = receipts.filter { named.contains($0.key) }
    }

    static let goodKept = 3
    static let reportsKept = 200
    static let badKept = 50

    /// Queues a report, dropping the oldest past the bound.
    mutating func queue(_ event: ReportEvent) {
        var event = event
        if event.receipt == nil { event.receipt = receipts[event.release] }
        reports.append(event)
        if reports.count > Self.reportsKept { reports.removeFirst(reports.count - Self.reportsKept) }
    }

    /// Marks an archive bad: it leaves every list and is never run again.
    mutating func markBad(_ release: StagedRelease) {
        if !bad.contains(release.sha256) { bad.append(release.sha256) }
        if bad.count > Self.badKept { bad.removeFirst(bad.count - Self.badKept) }
        good.removeAll { $0.sha256 == release.sha256 }
        if pending?.sha256 == release.sha256 { pending = nil }
        if launching?.sha256 == release.sha256 { launching = nil }
    }

    /// An archive missing from disk: the release leaves every list (it is not bad: it may be
    /// downloaded again).
    mutating func forget(_ release: StagedRelease) {
        good.removeAll { $0.sha256 == release.sha256 }
        if pending?.sha256 == release.sha256 { pending = nil }
        if launching?.sha256 == release.sha256 { launching = nil }
    }

    /// A release showed its first screen: it becomes the last good one.
    mutating func markGood(_ release: StagedRelease) {
        good.removeAll { $0.sha256 == release.sha256 }
        good.insert(release, at: 0)
        if good.count > Self.goodKept { good.removeLast(good.count - Self.goodKept) }
        if pending?.sha256 == release.sha256 { pending = nil }
    }

    /// Every archive the state still names (the rest may be deleted).
    var referencedArchives: Set<String> {
        Set(good.map(\.sha256) + [pending?.sha256, launching?.sha256].compactMap { $0 })
    }
}

/// The files of an updates directory:
///
/// ```
/// DIR/state.json                  what the device remembers (DeviceState)
/// DIR/archives/<sha256>.lunar     verified archives, staged by rename
/// DIR/downloads/<sha256>.partial  a download in progress (resumed from its length)
/// DIR/run/                        where the launched archive is opened
/// ```
struct UpdateFiles: Sendable {
    let root: URL

    var stateFile: URL { root.appendingPathComponent("state.json") }
    var archives: URL { root.appendingPathComponent("archives", isDirectory: true) }
    var downloads: URL { root.appendingPathComponent("downloads", isDirectory: true) }
    var run: URL { root.appendingPathComponent("run", isDirectory: true) }

    func archive(_ sha256: String) -> URL { archives.appendingPathComponent("\(sha256).lunar") }
    func partial(_ sha256: String) -> URL { downloads.appendingPathComponent("\(sha256).partial") }

    func makeDirectories() throws(UpdateError) {
        for directory in [root, archives, downloads, run] {
            do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
                throw UpdateError("cannot make \(directory.path): \(Self.describe(error))")
            }
        }
    }

    /// The saved state; a missing file is a new device, an unreadable one is reported and
    /// replaced by a new state (the archives stay, and the built-in bundle always runs).
    func loadState() -> (DeviceState, problem: String?) {
        guard let data = FileManager.default.contents(atPath: stateFile.path) else { return (DeviceState(), nil) }
        do { return (try JSONDecoder().decode(DeviceState.self, from: data), nil) } catch {
            return (DeviceState(), "\(stateFile.path) is not a readable update state (\(data.count) bytes); starting afresh")
        }
    }

    func save(_ state: DeviceState) throws(UpdateError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            try Self.writeAtomically(try encoder.encode(state), to: stateFile)
        } catch let error as UpdateError {
            throw error
        } catch {
            throw UpdateError("cannot save \(stateFile.path): \(Self.describe(error))")
        }
    }

    /// Replaces `url` with `data`, durably and whole (``AtomicFile``).
    static func writeAtomically(_ data: Data, to url: URL) throws(UpdateError) {
        do throws(StorageError) { try AtomicFile.write(data, to: url) } catch {
            throw UpdateError("cannot write \(url.path): \(error.message)")
        }
    }

    static func describe(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
