import Foundation
import LunarBase
import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarMockAPI
import LunarArchive
import LunarRuntime
import LunarStorage
import LunarStorageLua
import LunarUpdates
import Synchronization

/// `lunar run BUILTIN --updates URL --channel NAME --trust KEY`: runs what the ``Updater``
/// chooses (a staged update, the last good release, or the built-in bundle), judges its first
/// screen, and falls back in the same process when an update fails before it (a load error,
/// a script error while the entry screen renders). The check runs in the background; before
/// the process exits it waits (bounded) for the download to be staged and the reports to go.
/// What the updater does is logged on standard error, `lunar: updates: ...`.
public enum UpdatingSession {
    /// What `lunar run --updates` was given.
    public struct Options: Sendable {
        public var server: URL
        public var channel: String
        public var trust: String
        public var deviceID: String?
        public var directory: URL?
        public var applyWindow: Double = 0
        public var apiBaseURL: URL?
        public var mockAPI = true

        public init(server: URL, channel: String, trust: String) {
            self.server = server
            self.channel = channel
            self.trust = trust
        }
    }

    /// Runs until the session ends (headless) or the user quits (terminal).
    public static func run(builtIn argument: String, options: Options, interface: BundleSession.Interface) async throws {
        let key: BundlePublicKey
        do { key = try BundlePublicKey(contentsOf: URL(fileURLWithPath: options.trust)) } catch { throw MessageError(error.message) }
        // The built-in bundle: an archive is verified with the same key; a directory is as it is.
        let builtIn = try BundleArgument.open(argument, trust: BundleArgument.isArchive(argument) ? options.trust : nil)
        defer { builtIn.close() }
        let directory = options.directory ?? defaultDirectory(server: options.server, channel: options.channel)
        let deviceID = try options.deviceID ?? storedDeviceID(in: directory)
        var configuration = Updater.Configuration(
            server: options.server, channel: options.channel, trustedKey: key, bridgeAPI: BridgeAPI.version,
            deviceID: deviceID, directory: directory,
            log: { SessionOutput.error("lunar: updates: \($0)\n") })
        configuration.applyWindow = options.applyWindow
        let updater: Updater
        do { updater = try Updater(configuration) } catch { throw MessageError(error.message) }
        // One store for every version of the app: keyed by the built-in bundle, not by where an update was opened.
        var runtimeOptions = RuntimeOptions()
        runtimeOptions.storageDirectory = ScriptStorageLocation.directory(forScriptDirectory: builtIn.archive ?? builtIn.bundle.root)
        do {
            try await MockAPIScope.run(for: options.apiBaseURL == nil && options.mockAPI ? builtIn.bundle : nil) { mockAPI in
                if let base = options.apiBaseURL ?? mockAPI { runtimeOptions.apiBaseURL = base }
                try await runLaunches(updater, builtIn: builtIn.bundle, options: runtimeOptions, interface: interface)
            }
        } catch {
            await updater.finish()
            throw error
        }
        await updater.finish()
    }

    private static func runLaunches(_ updater: Updater, builtIn: ScriptBundle, options: RuntimeOptions, interface: BundleSession.Interface) async throws {
        var launch = await updater.prepareLaunch(builtIn: builtIn)
        switch interface {
        case .web:
            launch.close()
            throw MessageError("updates run one app on this device; they do not combine with the web renderer")
        case .terminal:
            while true {
                let errors = ScriptErrors()
                do {
                    let runtime = try await BundleSession.makeRuntime(launch.bundle, options, renderer: "terminal")
                    await errors.observe(runtime)
                    let current = launch
                    try await TerminalSession.run(runtime, started: {
                        if let first = errors.first {
                            _ = await updater.launchFailed(current, reason: first, builtIn: builtIn)
                        } else {
                            await updater.firstScreenShown(current)
                        }
                    })
                    launch.close()
                    return
                } catch {
                    guard let next = await updater.launchFailed(launch, reason: "\(error)", builtIn: builtIn) else { throw error }
                    launch = next
                }
            }
        case .headless(let keepsGoing, let endsWithInput):
            let (inputs, feed) = AsyncStream<HeadlessSession.Input>.makeStream()
            let lines = Task {
                for await line in StandardInputLines.stream() { feed.yield(.line(line)) }
                if endsWithInput { feed.finish() }
            }
            defer { lines.cancel() }
            while true {
                let errors = ScriptErrors()
                let current = launch
                var shown = false
                do {
                    try await RuntimeScope.run({ try await BundleSession.makeRuntime(current.bundle, options, renderer: "headless") }) { runtime in
                        await errors.observe(runtime)
                        let first = try await runtime.startHeadless()
                        if let failure = errors.first { throw MessageError(failure) }
                        shown = true
                        await updater.firstScreenShown(current)
                        try await HeadlessSession(runtime: runtime, keepsGoing: keepsGoing).run(inputs, firstScreen: first)
                    }
                    current.close()
                    return
                } catch {
                    guard !shown, let next = await updater.launchFailed(current, reason: "\(error)", builtIn: builtIn) else {
                        current.close()
                        throw error
                    }
                    launch = next
                }
            }
        }
    }

    /// `<caches>/lunar/updates/<host>-<port>-<channel>`.
    static func defaultDirectory(server: URL, channel: String) -> URL {
        let base = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first ?? FileManager.default.temporaryDirectory
        let name = "\(server.host ?? "server")-\(server.port ?? 80)-\(channel)".replacingOccurrences(of: ":", with: "_")
        return base.appendingPathComponent("lunar/updates").appendingPathComponent(name)
    }

    /// The device id kept in `DIR/device-id` (a new random one the first time).
    static func storedDeviceID(in directory: URL) throws -> String {
        let file = directory.appendingPathComponent("device-id")
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !id.isEmpty { return id }
        }
        let id = UUID().uuidString.lowercased()
        do {
            try AtomicFile.write(Data((id + "\n").utf8), to: file, permissions: 0o666)
        } catch {
            throw MessageError("cannot write \(file.path): \(error.localizedDescription)")
        }
        return id
    }
}

/// Script errors reported while a launch starts (printed as usual, and remembered).
private final class ScriptErrors: Sendable {
    private let errors = Mutex<[String]>([])

    var first: String? { errors.withLock { $0.first } }

    func observe(_ runtime: LunarRuntime) async {
        await runtime.onScriptError { [self] error in
            SessionOutput.error("lunar: script error: " + error.report + "\n")
            errors.withLock { $0.append(String(error.report.prefix { $0 != "\n" })) }
        }
    }
}
