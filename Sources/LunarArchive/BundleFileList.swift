import Crypto
import Foundation

/// `_lunar/files.json`: what a `.lunar` archive holds, signed as a whole.
/// Every bundle file is listed with its SHA-256 and size, so changing,
/// adding or removing any file breaks verification; the bridge API the
/// bundle was built for, and whether its scripts are bytecode, are signed too.
///
/// ```json
/// {
///   "bridgeAPI" : "3f9c0a12d4e5b678",
///   "bytecode" : "Lua 5.4",
///   "files" : {
///     "manifest.json" : { "sha256" : "9f86d0…", "size" : 312 },
///     "screens/login.lua" : { "sha256" : "…", "size" : 2048 }
///   },
///   "format" : 1,
///   "name" : "showcase",
///   "version" : "1.0.0"
/// }
/// ```
/// The verifier checks the signature over the exact bytes in the archive and
/// never re-serialises them, so the layout is free; `lunar bundle` writes
/// sorted keys, two-space indentation, and a final newline.
public struct BundleFileList: Codable, Sendable, Hashable {
    /// Where the list sits in the archive.
    public static let path = "_lunar/files.json"
    /// The directory reserved for the archive's own entries.
    public static let reservedDirectory = "_lunar"
    /// The format this runtime writes and reads.
    public static let currentFormat = 1

    /// One file: its SHA-256 (64 lowercase hex digits) and size in bytes.
    public struct File: Codable, Sendable, Hashable {
        /// SHA-256 of the file's bytes, lowercase hex.
        public var sha256: String
        /// The file's size in bytes.
        public var size: Int

        /// The entry for `bytes`.
        public init(describing bytes: Data) {
            sha256 = SHA256.hash(data: bytes).hex
            size = bytes.count
        }
    }

    /// The list's format (``currentFormat``).
    public var format: Int
    /// The bundle's name (from its manifest).
    public var name: String
    /// The bundle's version (from its manifest).
    public var version: String
    /// The bridge API the bundle was built for: the manifest's, or else the
    /// packing runtime's. A host with another refuses the archive.
    public var bridgeAPI: String
    /// `Lua 5.4` when the scripts are precompiled bytecode; nil for text.
    public var bytecode: String?
    /// Bundle-relative path → the file's hash and size; every file but `_lunar/`.
    public var files: [String: File]

    /// A list of `files` for the bundle `name` `version`.
    public init(name: String, version: String, bridgeAPI: String, bytecode: String? = nil, files: [String: File]) {
        self.format = Self.currentFormat
        self.name = name
        self.version = version
        self.bridgeAPI = bridgeAPI
        self.bytecode = bytecode
        self.files = files
    }

    /// The bytes `lunar bundle` writes (and signs).
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and dictionaries cannot fail.
        let json = (try? encoder.encode(self)) ?? Data()
        return json + Data("\n".utf8)
    }

    /// Parses a list, refusing other formats and unsafe paths.
    public static func decode(_ data: Data) throws(BundleArchiveError) -> BundleFileList {
        let list: BundleFileList
        do {
            list = try JSONDecoder().decode(BundleFileList.self, from: data)
        } catch {
            throw BundleArchiveError(.malformed, "\(path) is not a valid file list (\(error))")
        }
        guard list.format == currentFormat else {
            throw BundleArchiveError(.malformed, "\(path) has format \(list.format); this runtime reads format \(currentFormat) (use a newer lunar)")
        }
        for (file, entry) in list.files.sorted(by: { $0.key < $1.key }) {
            guard try ArchivePath.normalized(file) == file else {
                throw BundleArchiveError(.malformed, "\(path) lists \(file.debugDescription), which is not a normalised path")
            }
            guard entry.size >= 0, entry.sha256.count == 64, entry.sha256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
                throw BundleArchiveError(.malformed, "\(path) has a malformed entry for \(file.debugDescription)")
            }
        }
        return list
    }
}
