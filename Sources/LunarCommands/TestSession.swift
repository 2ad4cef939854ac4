import Foundation
import LunarBase
import LunarBridge
import LunarBundle
import LunarRuntime
import LunarSpecs

/// `lunar test`: runs a bundle's specs headless (``SpecRunner``: a fresh runtime per spec
/// file, its mock API on loopback) and writes one report, or, with ``watch``, runs them again
/// whenever the bundle's files change.
public struct TestSession: Sendable {
    /// The bundle as the user named it: a directory or a `.lunar` archive.
    public var bundle: String
    /// A public key file: test an archive only if it is signed by it.
    public var trust: String?
    public var format: SpecFormat = .text
    /// Where the report goes; nil for standard output.
    public var output: String?
    /// Only tests whose full name or file path contains this text.
    public var filter: String?
    /// Rewrite snapshots that differ (and drop the unused) instead of failing.
    public var updateSnapshots = false

    public init(bundle: String) {
        self.bundle = bundle
    }

    /// Runs the specs once and reports them; true when every test passed.
    /// - Throws: `MessageError` when the bundle cannot be opened, has no specs, the report
    ///   cannot be written, or `filter` matches no test.
    public func run() async throws -> Bool {
        let opened = try BundleArgument.open(bundle, trust: trust)
        defer { opened.close() }
        let results = try await runAndReport(opened.bundle)
        return !results.contains(where: { $0.failedCount > 0 })
    }

    /// Runs the specs now and again after each batch of changes, until the task is cancelled
    /// or the process interrupted; a broken manifest or a failing run is reported and the
    /// watch goes on.
    /// - Throws: `MessageError` when the bundle is an archive or cannot be watched.
    public func watch() async throws {
        let opened = try BundleArgument.open(bundle, trust: trust)
        defer { opened.close() }
        guard opened.archive == nil else {
            throw MessageError("--watch needs a bundle directory; \(bundle) is an archive")
        }
        let root = opened.bundle.root
        var watch = SpecWatch(root: root)
        if let output {
            let report = URL(fileURLWithPath: output).standardizedFileURL.path
            let prefix = root.standardizedFileURL.path + "/"
            if report.hasPrefix(prefix) { watch.ignoring.insert(String(report.dropFirst(prefix.count))) }
        }
        do {
            try await watch.run(notice: { SessionOutput.error($0 + "\n") }) { only in
                do {
                    _ = try await runAndReport(try ScriptBundle(directory: root), only: only)
                } catch {
                    SessionOutput.error("lunar: \(error)\n")
                }
            }
        } catch let error as BundleError {
            throw MessageError("\(error)")
        }
    }

    /// Runs the spec files (`only` those, or all) and writes the report.
    private func runAndReport(_ bundle: ScriptBundle, only: [String]? = nil) async throws -> [SpecFileResult] {
        var runner = SpecRunner(bundle: bundle, filter: filter)
        runner.updateSnapshots = updateSnapshots
        runner.prepare = { runtime in await runtime.register(HostModule.module(renderer: "headless")) }
        guard !runner.files.isEmpty else {
            throw MessageError("no specs in \(self.bundle): add files named spec/<name>_spec.lua")
        }
        let sink = try ReportSink(path: output)
        var report = SpecReport(format: format)
        sink.write(report.header())
        let results = await runner.run(only: only) { sink.write(report.section(for: $0)) }
        sink.write(report.footer(results))
        try sink.close()
        if !results.contains(where: { $0.failedCount > 0 }), results.allSatisfy({ $0.cases.isEmpty }), let filter {
            throw MessageError("no test matches --filter \"\(filter)\"")
        }
        return results
    }
}

/// Where a report goes: a file (`--output`) or standard output.
private final class ReportSink {
    private let file: FileHandle?
    private let path: String?
    private var failed = false

    init(path: String?) throws {
        self.path = path
        guard let path else {
            file = nil
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw MessageError("cannot write \(path)")
        }
        file = handle
    }

    func write(_ text: String) {
        guard !text.isEmpty else { return }
        guard let file else { return StandardStream.output.write(text) }
        do {
            try file.write(contentsOf: Data(text.utf8))
        } catch {
            failed = true
        }
    }

    /// Closes the report file. - Throws: `MessageError` when a write to it failed.
    func close() throws {
        try? file?.close()
        if failed, let path { throw MessageError("cannot write \(path): the report is incomplete") }
    }
}
