import Foundation
import LunarBridge
import LunarBundle
import LunarStorage

/// Packs a bundle directory into a `.lunar` archive: the bundle's files at
/// their relative paths, `_lunar/files.json` (SHA-256 and size of each) and,
/// with a key, `_lunar/signature`. The format is in docs/bundles.md.
///
/// ```swift
/// var packer = BundlePacker(bridgeAPI: BridgeAPI.version)
/// packer.signingKey = try BundleSigningKey(contentsOf: URL(fileURLWithPath: "release.key"))
/// packer.bytecode = true
/// let report = try packer.pack(directory: bundleURL, to: URL(fileURLWithPath: "APP.lunar"))
/// ```
/// The bundle is checked first (``BundleCheck``: a broken bundle is refused).
/// Runs on the calling thread.
public struct BundlePacker: Sendable {
    /// Signs the archive when set.
    public var signingKey: BundleSigningKey?
    /// Precompiles every script (except specs and mock API handlers) to Lua bytecode, debug
    /// information kept so errors still say `file:line`.
    public var bytecode = false
    /// Packs the top-level `spec/` and `mock-api/` too (left out by default:
    /// a shipped app needs neither).
    public var includeDevelopmentFiles = false
    /// The bridge API the bundle is checked against and recorded with when
    /// its manifest names none: the runtime's `BridgeAPI.version` (or, for a host with
    /// modules of its own, `BridgeAPI.version(hostModules:)`).
    public var bridgeAPI: String
    /// What the bridge offers scripts, for the check's reading of calls (as `lunar check`
    /// passes it: `BundleCheck.APIShape(BridgeAPI.described())`); nil judges no bridge calls.
    public var api: BundleCheck.APIShape?

    /// A packer for `bridgeAPI`, by default with no key, text scripts, and no development files.
    public init(
        bridgeAPI: String, api: BundleCheck.APIShape? = nil, signingKey: BundleSigningKey? = nil, bytecode: Bool = false,
        includeDevelopmentFiles: Bool = false
    ) {
        self.api = api
        self.signingKey = signingKey
        self.bytecode = bytecode
        self.includeDevelopmentFiles = includeDevelopmentFiles
        self.bridgeAPI = bridgeAPI
    }

    /// How far packing is, after each file.
    public struct Progress: Sendable, Hashable {
        /// Files written so far, and in all.
        public var filesDone: Int, filesTotal: Int
        /// Bytes of file contents written so far, and in all.
        public var bytesDone: Int, bytesTotal: Int
    }

    /// What was packed.
    public struct Report: Sendable {
        /// The archive's file list (as signed).
        public var fileList: BundleFileList
        /// The archive's size in bytes.
        public var archiveSize: Int
        /// The signing key's fingerprint, nil when unsigned.
        public var keyFingerprint: String?
    }

    /// Packs `directory` into `archive` (replaced if it exists; written to a
    /// temporary file beside it first, so a failure leaves no partial archive).
    public func pack(directory: URL, to archive: URL, progress: ((Progress) -> Void)? = nil) throws(BundleArchiveError) -> Report {
        let root = directory.standardizedFileURL
        let check = BundleCheck(directory: root, bridgeAPI: bridgeAPI, api: api)
        guard check.passed, let manifest = check.manifest else {
            throw BundleArchiveError(.invalidBundle, "\(root.lastPathComponent) has problems (see `lunar check`):\n" + check.problems.joined(separator: "\n"))
        }
        let paths = try BundleFiles.collect(in: root, includeDevelopmentFiles: includeDevelopmentFiles)
        var files: [(path: String, bytes: Data)] = []
        let compiler = bytecode ? try BytecodeCompiler() : nil
        for path in paths {
            guard var bytes = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
                throw BundleArchiveError(.fileSystem, "\(path): cannot be read")
            }
            // Specs and mock API handlers are loaded as text by the spec runner and the dev server.
            let isDevelopmentFile = BundleFiles.developmentDirectories.contains { path.hasPrefix($0 + "/") }
            if let compiler, path.hasSuffix(".lua"), !isDevelopmentFile {
                bytes = try compiler.compile(bytes, path: path)
            }
            files.append((path, bytes))
        }
        let list = BundleFileList(
            name: manifest.name, version: manifest.version,
            bridgeAPI: manifest.bridgeAPI ?? bridgeAPI,
            bytecode: bytecode ? LuaState.bytecodeRelease : nil,
            files: Dictionary(uniqueKeysWithValues: files.map { ($0.path, BundleFileList.File(describing: $0.bytes)) }))
        let listBytes = list.encoded()
        var extras: [(path: String, bytes: Data)] = [(BundleFileList.path, listBytes)]
        if let signingKey {
            let signature = try BundleSignature(signing: listBytes, with: signingKey)
            extras.append((BundleSignature.path, Data(signature.fileText.utf8)))
        }
        let size = try write(files + extras, to: archive, contentFiles: files.count, progress: progress)
        return Report(fileList: list, archiveSize: size, keyFingerprint: signingKey?.publicKey.fingerprint)
    }

    private func write(_ entries: [(path: String, bytes: Data)], to archive: URL, contentFiles: Int,
                       progress: ((Progress) -> Void)?) throws(BundleArchiveError) -> Int {
        var state = Progress(filesDone: 0, filesTotal: contentFiles, bytesDone: 0,
                             bytesTotal: entries.prefix(contentFiles).reduce(0) { $0 + $1.bytes.count })
        var zip = ZipWriter()
        for (index, entry) in entries.enumerated() {
            try zip.add(ZipWriter.Entry(path: entry.path, bytes: entry.bytes))
            if index < contentFiles {
                state.filesDone += 1
                state.bytesDone += entry.bytes.count
                progress?(state)
            }
        }
        let bytes = try zip.finish()
        do {
            try AtomicFile.write(bytes, to: archive, permissions: 0o666)
        } catch {
            throw BundleArchiveError(.fileSystem, "\(archive.path): cannot be written (\(error.message))")
        }
        return bytes.count
    }
}
