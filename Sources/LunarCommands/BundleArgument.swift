import Foundation
import LunarBase
import LunarBundle
import LunarArchive
import LunarRuntime
import LunarStorageLua

/// A BUNDLE argument opened: a directory as it is, or a `.lunar` archive
/// verified against `--trust KEY` (or, without a key, opened unverified with
/// a warning: text scripts only) and extracted into a private temporary
/// directory that ``close()`` removes (or, when the command is stopped by a signal,
/// ``StopCleanup``). What `lunar run`, `check` and `test` do with their BUNDLE argument.
public struct BundleArgument: Sendable {
    /// The bundle to run, check or test.
    public let bundle: ScriptBundle
    /// The archive file, when BUNDLE was one.
    public let archive: URL?

    /// Whether `argument` names an archive: an existing file, not a directory.
    public static func isArchive(_ argument: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// Opens `argument`; `trust` is a public key file for archives.
    ///
    /// - Throws: `MessageError` saying why the bundle cannot be run.
    public static func open(_ argument: String, trust: String?) throws -> BundleArgument {
        let url = URL(fileURLWithPath: argument)
        guard isArchive(argument) else {
            if trust != nil, FileManager.default.fileExists(atPath: argument) {
                throw MessageError("--trust applies to .lunar archives; \(argument) is not one (directories are not signed)")
            }
            do {
                return BundleArgument(bundle: try ScriptBundle(directory: url), archive: nil)
            } catch {
                throw MessageError("\(error)")
            }
        }
        // What runs that crashed or were killed left in the temporary directory.
        BundleArchive.removeAbandonedExtractions()
        do {
            let archive = try BundleArchive(contentsOf: url)
            let bundle: ScriptBundle
            if let trust {
                bundle = try archive.open(trusting: try BundlePublicKey(contentsOf: URL(fileURLWithPath: trust)), bridgeAPI: BridgeAPI.version)
            } else {
                SessionOutput.error("lunar: warning: \(url.lastPathComponent) is opened unverified (no --trust KEY): who signed it is not checked, and bytecode is refused\n")
                bundle = try archive.openUnverified(bridgeAPI: BridgeAPI.version)
            }
            StopCleanup.shared.removeOnStop(bundle.root)
            return BundleArgument(bundle: bundle, archive: url)
        } catch {
            throw MessageError("\(error)")
        }
    }

    /// Runtime options for the bundle: an archive keeps its `lunar.storage`
    /// by the archive's path, not by the throwaway directory it was opened into.
    public var defaultOptions: RuntimeOptions {
        var options = RuntimeOptions()
        if let archive { options.storageDirectory = ScriptStorageLocation.directory(forScriptDirectory: archive) }
        return options
    }

    /// Removes the files an archive was opened into.
    public func close() {
        guard archive != nil else { return }
        try? FileManager.default.removeItem(at: bundle.root)
        StopCleanup.shared.forget(bundle.root)
    }
}
