import Crypto
import Foundation
import LunarBundle
import LunarArchive
import Synchronization

/// One file of a served bundle: its path and a hash of its content.
public struct BundleFile: Hashable, Sendable {
    /// The bundle-relative path.
    public var path: BundlePath
    /// SHA-256 of the content, lower-case hex.
    public var sha256: String
    /// The size in bytes.
    public var size: Int

    public init(path: BundlePath, sha256: String, size: Int) {
        self.path = path
        self.sha256 = sha256
        self.size = size
    }

    /// SHA-256 of `content`, lower-case hex: how file lists, ETags and downloads name a version.
    public static func sha256(of content: some DataProtocol) -> String {
        SHA256.hash(data: content).hex
    }
}

/// Lists the files of a bundle directory with their content hashes.
///
/// Hashes are cached by modification time and size, so listing an unchanged
/// bundle reads no file. Safe to use from any thread.
public final class BundleFileIndex: Sendable {
    /// The directory listed.
    public let root: URL
    private let hashes = Mutex<[String: (stamp: FileStamp, sha256: String)]>([:])

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// Every file of the bundle under the root, sorted by path (``BundleContents``:
    /// no hidden files, editor temporaries or symbolic links).
    public func files() -> [BundleFile] {
        var result: [BundleFile] = []
        for path in Self.paths(under: root) {
            guard let url = path.regularFile(in: root), let stamp = FileStamp(of: url) else { continue }
            let cached = hashes.withLock { $0[path.value] }
            if let cached, cached.stamp == stamp {
                result.append(BundleFile(path: path, sha256: cached.sha256, size: stamp.size))
                continue
            }
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            let sha = BundleFile.sha256(of: data)
            hashes.withLock { $0[path.value] = (stamp, sha) }
            result.append(BundleFile(path: path, sha256: sha, size: data.count))
        }
        return result
    }

    /// Bundle paths of the files under `root` that may be served: the bundle's own (``BundleContents``).
    static func paths(under root: URL) -> [BundlePath] {
        BundleContents.files(under: root).compactMap { try? BundlePath($0) }
    }
}
