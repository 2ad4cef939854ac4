import ArgumentParser
import Foundation
import LunarBridge
import LunarBundle
import LunarRuntime
import LunarSession
import LunarSpecs

extension SpecFormat: ExpressibleByArgument {}

/// `lunar test BUNDLE`: runs the bundle's `spec/**/*_spec.lua` headless.
/// Each spec file gets a fresh runtime of the bundle (fresh Lua state, a
/// fresh `lunar.storage` directory, a virtual clock) and, when the bundle has
/// a `mock-api/`, a mock API served on loopback that the network layer's base
/// URL points at. Exits non-zero when any test fails or a spec file cannot load.
struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run a bundle's Lua specs (spec/**/*_spec.lua) headless against its mock API."
    )

    @Argument(help: "The bundle: a directory, or a .lunar archive packed with --include-dev (specs are left out otherwise).")
    var bundle: String

    @Option(help: "Test a .lunar archive only if it is signed by this public key.")
    var trust: String?

    @Option(help: "Output format: text, tap or junit.")
    var format: SpecFormat = .text

    @Option(help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(help: "Run only tests whose full name (describe and it names, joined by spaces) or file path contains this text.")
    var filter: String?

    @Flag(help: "Replace snapshots that differ instead of failing, and drop the ones no test asks for.")
    var update = false

    @Flag(help: "Run the specs again whenever a file of the bundle changes, until Ctrl-C (a bundle directory only).")
    var watch = false

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        logging.bootstrap(default: .warning)
        try await reportingFailures { try await runSpecs() }
    }

    private func runSpecs() async throws {
        let opened = try BundleArgument.open(bundle, trust: trust)
        defer { opened.close() }
        if watch {
            guard opened.archive == nil else {
                throw ScriptFailure(message: "lunar: --watch needs a bundle directory; \(bundle) is an archive")
            }
            try await watchSpecs(opened.bundle.root)
            return
        }
        let results = try await runAndReport(opened.bundle)
        if results.contains(where: { $0.failedCount > 0 }) { throw ExitCode.failure }
    }

    /// Runs the spec files (`only` those, or all) and writes the report.
    private func runAndReport(_ bundle: ScriptBundle, only: [String]? = nil) async throws -> [SpecFileResult] {
        var runner = SpecRunner(bundle: bundle, filter: filter)
        runner.updateSnapshots = update
        runner.prepare = { runtime in await runtime.register(HostModule.module(renderer: "headless")) }
        guard !runner.files.isEmpty else {
            throw ScriptFailure(message: "lunar: no specs in \(self.bundle): add files named spec/<name>_spec.lua")
        }
        let sink = try ReportSink(path: output)
        var report = SpecReport(format: format)
        sink.write(report.header())
        let results = await runner.run(only: only) { sink.write(report.section(for: $0)) }
        sink.write(report.footer(results))
        sink.close()
        if !results.contains(where: { $0.failedCount > 0 }), results.allSatisfy({ $0.cases.isEmpty }), let filter {
            throw ScriptFailure(message: "lunar: no test matches --filter \"\(filter)\"")
        }
        return results
    }

    /// `--watch`: a run now, then one per batch of changes; each reads the bundle afresh, so a
    /// broken manifest or a failing run is reported and the watch goes on.
    private func watchSpecs(_ root: URL) async throws {
        var watch = SpecWatch(root: root)
        if let output {
            let report = URL(fileURLWithPath: output).standardizedFileURL.path
            let prefix = root.standardizedFileURL.path + "/"
            if report.hasPrefix(prefix) { watch.ignoring.insert(String(report.dropFirst(prefix.count))) }
        }
        do {
            try await watch.run(notice: { StandardError.write($0 + "\n") }) { only in
                do {
                    _ = try await runAndReport(try ScriptBundle(directory: root), only: only)
                } catch let failure as ScriptFailure {
                    StandardError.write(failure.message + "\n")
                } catch {
                    StandardError.write("lunar: \(error)\n")
                }
            }
        } catch let error as BundleError {
            throw ScriptFailure(message: "lunar: \(error)")
        }
    }
}

/// Where the report goes: a file (`--output`) or standard output.
final class ReportSink {
    private let handle: FileHandle
    private let ownsHandle: Bool

    init(path: String?) throws {
        guard let path else {
            handle = .standardOutput
            ownsHandle = false
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let file = FileHandle(forWritingAtPath: path) else {
            throw ScriptFailure(message: "lunar: cannot write \(path)")
        }
        handle = file
        ownsHandle = true
    }

    func write(_ text: String) {
        guard !text.isEmpty else { return }
        if ownsHandle {
            try? handle.write(contentsOf: Data(text.utf8))
        } else {
            StandardStream.output.write(text)
        }
    }

    func close() {
        if ownsHandle { try? handle.close() }
    }
}
