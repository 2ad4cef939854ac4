import Foundation
import LunarBridge
import LunarBundle

/// A `.lunar` archive, read defensively (``ArchiveReader``) and split into
/// the bundle's files, its file list and its signature. Opening it verifies
/// before anything is written or run:
///
/// ```swift
/// let archive = try BundleArchive(contentsOf: URL(fileURLWithPath: "APP.lunar"))
/// let key = try BundlePublicKey(contentsOf: URL(fileURLWithPath: "release.pub"))
/// let bundle = try archive.open(trusting: key)               // verified: bytecode allowed
/// let runtime = try LunarRuntime(bundle: bundle)
/// // ... when done: try FileManager.default.removeItem(at: bundle.root)
/// ```
/// A host with its own `native.*` modules passes the bridge API it offers:
/// `archive.open(trusting: key, bridgeAPI: BridgeAPI.version(hostModules: modules))`.
///
/// Each refusal is a ``BundleArchiveError`` whose ``BundleArchiveError/reason``
/// says which check failed and whose message starts with the archive's name.
public struct BundleArchive: Sendable {
    /// The archive's name in messages (its file name).
    public let name: String
    /// The parsed `_lunar/files.json`.
    public let fileList: BundleFileList
    /// The exact bytes of `_lunar/files.json` (what the signature covers).
    public let fileListBytes: Data
    /// The parsed `_lunar/signature`, nil when the archive is unsigned.
    public let signature: BundleSignature?
    /// Every other file of the archive, by normalised path.
    public let contents: ArchiveContents

    /// Reads the archive file at `url`.
    public init(contentsOf url: URL, limits: ArchiveLimits = .bundle) throws(BundleArchiveError) {
        let name = url.lastPathComponent
        let read: ArchiveContents
        do { read = try ArchiveReader(limits: limits).read(contentsOf: url) } catch {
            throw Self.prefixed(error, name)
        }
        try self.init(read, name: name)
    }

    /// Reads an archive held in memory; `name` is used in messages.
    public init(data: Data, name: String = "archive", limits: ArchiveLimits = .bundle) throws(BundleArchiveError) {
        let read: ArchiveContents
        do { read = try ArchiveReader(limits: limits).read(data) } catch {
            throw Self.prefixed(error, name)
        }
        try self.init(read, name: name)
    }

    private init(_ read: ArchiveContents, name: String) throws(BundleArchiveError) {
        var contents = read
        guard let listBytes = contents.files.removeValue(forKey: BundleFileList.path) else {
            throw BundleArchiveError(.malformed, "\(name): not a Lunar archive: it has no \(BundleFileList.path) (make archives with `lunar bundle`)")
        }
        let signatureBytes = contents.files.removeValue(forKey: BundleSignature.path)
        contents.paths.removeAll { $0 == BundleFileList.path || $0 == BundleSignature.path }
        self.name = name
        self.contents = contents
        self.fileListBytes = listBytes
        do {
            fileList = try BundleFileList.decode(listBytes)
            signature = try signatureBytes.map { bytes throws(BundleArchiveError) in try BundleSignature.decode(bytes) }
        } catch {
            throw Self.prefixed(error, name)
        }
    }

    // MARK: - Verifying

    /// Checks that the archive is signed by `key` and that its files and
    /// bridge API are the signed ones. Refuses, in this order: unsigned,
    /// signed by another key, a signature that does not verify, then
    /// ``checkIntegrity(bridgeAPI:)``'s refusals.
    public func verify(trusting key: BundlePublicKey, bridgeAPI: String) throws(BundleArchiveError) {
        guard let signature else {
            throw BundleArchiveError(.unsigned, "\(name) is not signed (no \(BundleSignature.path)), but key \(key.fingerprint) is trusted: sign it with `lunar bundle --sign KEY`")
        }
        guard signature.keyFingerprint == key.fingerprint else {
            throw BundleArchiveError(.signedByAnotherKey, "\(name) is signed by key \(signature.keyFingerprint), not by the trusted key \(key.fingerprint)")
        }
        guard key.isValidSignature(signature.signature, for: fileListBytes) else {
            throw BundleArchiveError(.badSignature, "\(name): the signature does not match \(BundleFileList.path) (the file list was altered after signing)")
        }
        try checkIntegrity(bridgeAPI: bridgeAPI)
    }

    /// Checks, without the signature, that the files are exactly the listed
    /// ones (none missing, altered or added) and that the bundle was built for
    /// `bridgeAPI` and, if precompiled, for this Lua release.
    public func checkIntegrity(bridgeAPI: String) throws(BundleArchiveError) {
        for (path, expected) in fileList.files.sorted(by: { $0.key < $1.key }) {
            guard let bytes = contents.files[path] else {
                throw BundleArchiveError(.fileMissing, "\(name): \(path) is listed in \(BundleFileList.path) but missing from the archive")
            }
            let found = BundleFileList.File(describing: bytes)
            guard found == expected else {
                let what = found.size == expected.size ? "its SHA-256" : "its size (\(found.size) bytes, listed \(expected.size))"
                throw BundleArchiveError(.fileAltered, "\(name): \(path) was altered: \(what) differs from \(BundleFileList.path)")
            }
        }
        if let extra = contents.paths.first(where: { fileList.files[$0] == nil }) {
            throw BundleArchiveError(.fileAdded, "\(name): \(extra) is not listed in \(BundleFileList.path) (added after packing)")
        }
        guard fileList.bridgeAPI == bridgeAPI else {
            throw BundleArchiveError(.bridgeAPIMismatch, "\(name) was built for bridge API \(fileList.bridgeAPI), but this host's bridge API is \(bridgeAPI) (rebuild it with `lunar bundle` against this runtime)")
        }
        if let release = fileList.bytecode, release != LuaState.bytecodeRelease {
            throw BundleArchiveError(.bytecodeMismatch, "\(name) holds bytecode for \(release), but this runtime runs \(LuaState.bytecodeRelease) (rebuild it, or pack it without --bytecode)")
        }
    }

    // MARK: - Opening

    /// Verifies the archive (``verify(trusting:bridgeAPI:)``), then writes its
    /// files into a new private directory (mode 0700) inside `parent`
    /// (default: the temporary directory) and returns the bundle there,
    /// marked verified: its bytecode, if any, loads. The caller removes
    /// `bundle.root` when done.
    public func open(trusting key: BundlePublicKey, bridgeAPI: String, into parent: URL? = nil) throws(BundleArchiveError) -> ScriptBundle {
        try verify(trusting: key, bridgeAPI: bridgeAPI)
        return try extract(into: parent, verified: true)
    }

    /// Opens the archive without checking who signed it: its files and bridge
    /// API are still checked against its file list, and it is never marked
    /// verified, so an archive holding bytecode is refused.
    public func openUnverified(bridgeAPI: String, into parent: URL? = nil) throws(BundleArchiveError) -> ScriptBundle {
        try checkIntegrity(bridgeAPI: bridgeAPI)
        if let release = fileList.bytecode {
            throw BundleArchiveError(.unsigned, "\(name) holds bytecode (\(release)), which is only loaded from a verified bundle: open it trusting its signing key (--trust KEY)")
        }
        return try extract(into: parent, verified: false)
    }

    /// Writes every file, never following or replacing anything: the
    /// directory is new, and each file and directory is created exclusively.
    private func extract(into parent: URL?, verified: Bool) throws(BundleArchiveError) -> ScriptBundle {
        // The process id in the name lets a later run remove it if this process dies without
        // cleaning up (see removeAbandonedExtractions).
        let root = try PrivateFile.makeUniqueDirectory(in: parent ?? FileManager.default.temporaryDirectory,
                                                       prefix: Self.extractionPrefix + "\(getpid())-")
        do throws(BundleArchiveError) {
            var made: Set<String> = []
            for path in contents.paths.sorted() {
                let parts = path.split(separator: "/")
                for depth in 1..<max(1, parts.count) {
                    let directory = parts.prefix(depth).joined(separator: "/")
                    if made.insert(directory).inserted {
                        try PrivateFile.makeDirectory(root.appendingPathComponent(directory))
                    }
                }
                try PrivateFile.create(root.appendingPathComponent(path), contents: contents.files[path] ?? Data(), mode: 0o600)
            }
            var bundle: ScriptBundle
            do { bundle = try ScriptBundle(directory: root) } catch {
                throw BundleArchiveError(.invalidBundle, "\(name): \(error.message)")
            }
            bundle.isVerified = verified
            return bundle
        } catch {
            try? FileManager.default.removeItem(at: root)
            throw error
        }
    }

    static func prefixed(_ error: BundleArchiveError, _ name: String) -> BundleArchiveError {
        BundleArchiveError(error.reason, "\(name): \(error.message)")
    }
}

extension BundleArchive {
    /// How every extraction directory's name starts; the owning process id and a random
    /// suffix follow (`lunar-bundle-4242-Xa81Qz`).
    public static let extractionPrefix = "lunar-bundle-"

    /// Removes extraction directories in `parent` (default: the temporary directory) whose
    /// process is gone: what a run that crashed or was killed (SIGKILL) left behind. Only
    /// directories of this user whose named process no longer exists are touched; a live
    /// process's, or one whose liveness cannot be told, is left alone. Returns the removed paths.
    @discardableResult
    public static func removeAbandonedExtractions(in parent: URL? = nil) -> [URL] {
        let folder = parent ?? FileManager.default.temporaryDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [URL] = []
        for name in names where name.hasPrefix(extractionPrefix) {
            let rest = name.dropFirst(extractionPrefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { continue }
            let url = folder.appendingPathComponent(name, isDirectory: true)
            var info = stat()
            guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid() else { continue }
            // ESRCH: no such process. EPERM means it exists (another user's): keep.
            guard pid != getpid(), kill(pid, 0) == -1, errno == ESRCH else { continue }
            if (try? FileManager.default.removeItem(at: url)) != nil { removed.append(url) }
        }
        return removed
    }
}
