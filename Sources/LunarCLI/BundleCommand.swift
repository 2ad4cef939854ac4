import ArgumentParser
import Foundation
import LunarCommands
import LunarBridge
import LunarBundle
import LunarArchive
import LunarRuntime

/// `lunar bundle DIR -o APP.lunar [--sign KEY] [--bytecode] [--include-dev]`:
/// checks the bundle (a broken one is refused), then packs it into one
/// archive with a file list of SHA-256 hashes, signed when a key is given.
/// Shows progress on standard error when it is a terminal.
struct BundleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "Pack a bundle directory into a .lunar archive, optionally signed and precompiled."
    )

    @Argument(help: "The bundle directory.")
    var directory: String

    @Option(name: [.customShort("o"), .long], help: "The archive to write (replaced if it exists).")
    var output: String

    @Option(help: "Sign with this private key file (from `lunar keygen`).")
    var sign: String?

    @Flag(help: "Precompile the scripts to Lua bytecode (loaded only from a verified archive).")
    var bytecode = false

    @Flag(help: "Also pack spec/ and mock-api/ (left out by default), so `lunar test APP.lunar` works.")
    var includeDev = false

    @Option(help: "The bridge API the host offers, when its own modules make it differ from this runtime's.")
    var bridgeAPI: String?

    func run() async throws {
        try await reportingFailures { try pack() }
    }

    private func pack() throws {
        var packer = BundlePacker(
            bridgeAPI: bridgeAPI ?? BridgeAPI.version, api: BundleCheck.APIShape(BridgeAPI.described()), bytecode: bytecode,
            includeDevelopmentFiles: includeDev)
        let progress = PackingProgressLine()
        do {
            if let sign { packer.signingKey = try BundleSigningKey(contentsOf: URL(fileURLWithPath: sign)) }
            let report = try packer.pack(
                directory: URL(fileURLWithPath: directory), to: URL(fileURLWithPath: output),
                progress: progress.isShown ? { progress.show($0) } : nil)
            progress.finish()
            let list = report.fileList
            let signed = report.keyFingerprint.map { "signed by key \($0)" } ?? "unsigned"
            let kind = list.bytecode.map { "bytecode (\($0))" } ?? "text"
            let line = "lunar bundle: \(list.name) \(list.version): \(list.files.count) files, \(kind), \(signed), bridge API \(list.bridgeAPI) -> \(output) (\(report.archiveSize) bytes)\n"
            SessionOutput.standard(line)
            warnWhenOnlyTheMockAPIServes(URL(fileURLWithPath: directory))
        } catch {
            progress.finish()
            throw ScriptFailure(message: "lunar: \(error)")
        }
    }
}

/// A bundle whose API is its `mock-api/` alone (no `api.baseURL`) packs fine, but outside `lunar
/// run`/`dev` nothing serves the mock API, so every request of the archive fails: said when packing.
private func warnWhenOnlyTheMockAPIServes(_ directory: URL) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("mock-api").path, isDirectory: &isDirectory),
          isDirectory.boolValue, let manifest = try? BundleManifest.load(root: directory), manifest.api?.baseURL == nil else { return }
    SessionOutput.error("lunar bundle: warning: \(manifest.name) has a mock-api/ but no \"api\": {\"baseURL\": ...} in manifest.json: "
                        + "the mock API serves only `lunar run` and `lunar dev`, so the archive's requests will fail (\"needs a base URL\")\n")
}

/// One line on standard error, rewritten in place, when it is a terminal:
/// `lunar bundle: 12/40 files, 180/640 KiB`. Quiet otherwise.
final class PackingProgressLine {
    let isShown = isatty(STDERR_FILENO) == 1
    private var shown = false

    func show(_ progress: BundlePacker.Progress) {
        let line = "\rlunar bundle: \(progress.filesDone)/\(progress.filesTotal) files, \(progress.bytesDone / 1024)/\(progress.bytesTotal / 1024) KiB"
        // Our own figures only, and "\r" must reach the terminal: written directly.
        StandardStream.error.write(line)
        shown = true
    }

    func finish() {
        if shown { SessionOutput.error("\n") }
        shown = false
    }
}
