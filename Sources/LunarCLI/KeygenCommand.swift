import ArgumentParser
import Foundation
import LunarCommands
import LunarArchive

/// `lunar keygen -o NAME`: makes an Ed25519 key pair for signing bundles:
/// `NAME.key` (private, mode 0600) and `NAME.pub` (what hosts trust).
struct KeygenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make an Ed25519 key pair for signing bundles: NAME.key (private) and NAME.pub."
    )

    @Option(name: [.customShort("o"), .long], help: "The key files' path without extension (default: ./lunar-signing).")
    var output = "lunar-signing"

    func run() async throws {
        try await reportingFailures {
            let key = BundleSigningKey()
            do {
                let (privateKey, publicKey) = try key.write(to: URL(fileURLWithPath: output))
                let text = """
                lunar keygen: wrote \(privateKey.path) (private: keep it secret) and \(publicKey.path)
                lunar keygen: key fingerprint \(key.publicKey.fingerprint)

                """
                SessionOutput.standard(text)
            } catch {
                throw ScriptFailure(message: "lunar: \(error)")
            }
        }
    }
}
