import Crypto
import Foundation
import LunarBase
import LunarBundle
import LunarNetwork
import LunarArchive
import LunarStorage

/// The device side of over-the-air updates: at launch it chooses which bundle runs (a staged
/// update, the last good release, or the built-in bundle), checks the server in the
/// background, downloads and verifies what the server offers, stages it for the next launch
/// (or for this one, when it arrives within ``Configuration/applyWindow``), and reports
/// installs, launches and failures.
///
/// ```swift
/// let updater = try Updater(Updater.Configuration(
///     server: URL(string: "https://updates.example.com/")!, channel: "production",
///     trustedKey: try BundlePublicKey(contentsOf: keyURL), bridgeAPI: BridgeAPI.version,
///     deviceID: deviceID, directory: appSupport.appendingPathComponent("updates")))
/// let launch = await updater.prepareLaunch(builtIn: builtInBundle)   // checks in the background
/// let runtime = try LunarRuntime(bundle: launch.bundle)
/// do {
///     try await runtime.start(renderer: renderer)
///     await updater.firstScreenShown(launch)       // the release is good
/// } catch {
///     let next = await updater.launchFailed(launch, reason: "\(error)")   // marked bad; the previous one
/// }
/// await updater.finish()                           // before exiting: staging and reports done
/// ```
///
/// **Never brick.** A release is marked *launching* before its scripts run and *good* once
/// its first screen renders. One that fails before (``launchFailed(_:reason:)``), or whose
/// process dies during launch (found at the next start), is marked bad: never run or
/// downloaded again. The next candidate is the previous good release, then the built-in
/// bundle; no network is needed to choose. Every offer's release statement is checked (signed
/// by the trusted key for this channel, not older than what the device took unless a signed
/// rollback says so), and every archive is verified (signature by the
/// trusted key, SHA-256, bridge API) before it is staged and again when it is opened.
///
/// Faults (no server, a 500, garbage, a truncated download, a bad signature, a wrong
/// bridge API, a full disk) are logged through ``Configuration/log`` and change nothing: the
/// last good bundle keeps running; a partial download is resumed at the next check.
///
/// One process at a time uses an updates directory. An actor: call it from any task.
public actor Updater {
    /// What the updater needs to know.
    public struct Configuration: Sendable {
        /// The update server's base URL.
        public var server: URL
        /// The channel this app follows (`production`, `beta`).
        public var channel: String
        /// The key releases must be signed with.
        public var trustedKey: BundlePublicKey
        /// The host's bridge API (`BridgeAPI.version`, or with host modules); only releases
        /// built for it are offered and accepted.
        public var bridgeAPI: String
        /// A stable id for this installation: rollouts choose devices by it.
        public var deviceID: String
        /// Where staged archives and the state live (made if missing).
        public var directory: URL
        /// Seconds ``prepareLaunch(builtIn:)`` waits for the check and download, so that an
        /// update that arrives before the first screen is shown runs at once. 0 (the default):
        /// updates apply at the next launch and the first screen never waits.
        public var applyWindow: Double = 0
        /// How requests travel: LunarNetwork's `URLSessionTransport` by default.
        public var transport: any HTTPTransport
        /// Seconds one request may wait for an answer.
        public var timeout: Double = 10
        /// Bytes per range request: a broken download loses at most this much.
        public var chunkSize = 256 << 10
        /// Where the updater says what it did and why something failed (one line each).
        public var log: @Sendable (String) -> Void
        /// Called as archive bytes arrive: bytes so far and the archive's size.
        public var progress: (@Sendable (_ received: Int, _ total: Int) -> Void)?

        public init(server: URL, channel: String, trustedKey: BundlePublicKey, bridgeAPI: String, deviceID: String,
                    directory: URL, transport: any HTTPTransport = URLSessionTransport(),
                    log: @escaping @Sendable (String) -> Void = { _ in }) {
            self.server = server
            self.channel = channel
            self.trustedKey = trustedKey
            self.bridgeAPI = bridgeAPI
            self.deviceID = deviceID
            self.directory = directory
            self.transport = transport
            self.log = log
        }
    }

    /// Which bundle a launch runs.
    public enum Source: Sendable, Hashable {
        case builtIn
        case release(StagedRelease)
    }

    /// A bundle chosen to launch. An update's bundle is opened (verified) into the updates
    /// directory; ``close()`` removes those files when the app is done with it.
    public struct Launch: Sendable {
        public let source: Source
        public let bundle: ScriptBundle

        /// Removes an update's opened files (nothing for the built-in bundle).
        public func close() {
            if case .release = source { try? FileManager.default.removeItem(at: bundle.root) }
        }
    }

    /// What a check did.
    public enum CheckOutcome: Sendable, Hashable {
        /// The server offers what runs already (or what is already staged).
        case upToDate
        /// A release was downloaded, verified and staged for the next launch.
        case staged(StagedRelease)
        /// The server offers no release: the built-in bundle runs from the next launch.
        case builtIn
        /// Nothing changed; the reason was logged.
        case failed(String)
    }

    public let configuration: Configuration
    private let files: UpdateFiles
    private let client: UpdateClient
    private var state: DeviceState
    private var checkTask: Task<CheckOutcome, Never>?
    private var flushTask: Task<Void, Never>?

    /// Opens (or makes) the updates directory. A launch that never showed its first screen
    /// last time (the process died) is found here: that release is marked bad.
    ///
    /// - Throws: ``UpdateError`` when the directory cannot be made.
    public init(_ configuration: Configuration) throws(UpdateError) {
        if let problem = ChannelName.problem(configuration.channel) { throw UpdateError(problem) }
        var configuration = configuration
        let sink = configuration.log
        // Every line carries text a server supplied (ids, versions, errors): one line each, always.
        configuration.log = { sink(LogText.escaped($0, backslashes: false)) }
        self.configuration = configuration
        files = UpdateFiles(root: configuration.directory.standardizedFileURL)
        client = UpdateClient(server: configuration.server, transport: configuration.transport, timeout: configuration.timeout)
        try files.makeDirectories()
        let (loaded, problem) = files.loadState()
        state = loaded
        if let problem { configuration.log(problem) }
        BundleArchive.removeAbandonedExtractions(in: files.run)
        if let died = state.launching {
            let reason = "the process ended before its first screen was shown"
            state.markBad(died)
            state.queue(ReportEvent(release: died.id, kind: .failure, reason: reason))
            configuration.log("release \(died.id) (\(died.version)) is marked bad: \(reason) at the last launch")
            try? files.save(state)
        }
    }

    // MARK: - Launching

    /// Starts the check in the background (once), waits for it up to
    /// ``Configuration/applyWindow`` seconds, then chooses what to run: the staged update,
    /// else the last good release, else the built-in bundle. Each candidate is verified as it is
    /// opened; one that fails is marked bad and the next is tried. Never throws: the built-in
    /// bundle is the last resort.
    public func prepareLaunch(builtIn: ScriptBundle) async -> Launch {
        let task = startCheck()
        if configuration.applyWindow > 0 {
            _ = await Self.value(of: task, within: configuration.applyWindow)
        }
        return choose(builtIn: builtIn)
    }

    /// The launch's first screen rendered: an update becomes the last good release.
    public func firstScreenShown(_ launch: Launch) {
        guard case .release(let release) = launch.source else { return }
        let wasGood = state.good.first == release
        state.launching = nil
        state.markGood(release)
        if !wasGood {
            state.queue(ReportEvent(release: release.id, kind: .launch))
            configuration.log("release \(release.id) (\(release.version)) is running")
        }
        persist()
        startFlush()
    }

    /// The launch failed before its first screen (a load error, a render error in the entry
    /// screen): its release is marked bad and reported, and the next candidate is returned
    /// (nil when the built-in bundle itself failed: there is nothing further to fall back to).
    public func launchFailed(_ launch: Launch, reason: String, builtIn: ScriptBundle) -> Launch? {
        launch.close()
        guard case .release(let release) = launch.source else { return nil }
        state.markBad(release)
        state.queue(ReportEvent(release: release.id, kind: .failure, reason: String(reason.prefix(500))))
        configuration.log("release \(release.id) (\(release.version)) failed before its first screen and is marked bad: \(reason)")
        persist()
        startFlush()
        return choose(builtIn: builtIn)
    }

    /// Waits (up to `timeout` seconds) for the background check, its download and the
    /// reports to finish: call it before the process exits.
    public func finish(timeout: Double = 30) async {
        let deadline = ContinuousClock.now + .milliseconds(Self.milliseconds(timeout))
        if let checkTask { _ = await Self.value(of: checkTask, within: Self.seconds(until: deadline)) }
        let flush = startFlush()
        _ = await Self.value(of: flush, within: Self.seconds(until: deadline))
    }

    /// The staged update, the last good releases (newest first) and the archives marked bad.
    public var status: (pending: StagedRelease?, good: [StagedRelease], bad: [String], queuedReports: Int) {
        (state.pending, state.good, state.bad, state.reports.count)
    }

    private func choose(builtIn: ScriptBundle) -> Launch {
        var candidates: [StagedRelease] = []
        if !state.builtInChosen {
            if let pending = state.pending { candidates.append(pending) }
            candidates += state.good.filter { $0 != state.pending }
        }
        for candidate in candidates where !state.bad.contains(candidate.sha256) {
            guard FileManager.default.fileExists(atPath: files.archive(candidate.sha256).path) else {
                // Said once: the entry goes, so the next launch does not find it again.
                state.forget(candidate)
                configuration.log("release \(candidate.id) (\(candidate.version)) is dropped: its archive \(files.archive(candidate.sha256).path) is missing")
                continue
            }
            do {
                let archive = try BundleArchive(contentsOf: files.archive(candidate.sha256))
                let bundle: ScriptBundle
                do {
                    bundle = try archive.open(trusting: configuration.trustedKey, bridgeAPI: configuration.bridgeAPI, into: files.run)
                } catch where error.reason == .fileSystem {
                    // The updates directory's disk is full: the system's temporary directory may not be.
                    bundle = try archive.open(trusting: configuration.trustedKey, bridgeAPI: configuration.bridgeAPI)
                }
                state.launching = candidate
                persist()
                return Launch(source: .release(candidate), bundle: bundle)
            } catch where error.reason == .fileSystem {
                // Not the release's fault (a full disk): it stays good, and is tried again next launch.
                configuration.log("release \(candidate.id) (\(candidate.version)) cannot be opened here: \(error.message)")
            } catch {
                state.markBad(candidate)
                state.queue(ReportEvent(release: candidate.id, kind: .failure, reason: String(error.message.prefix(500))))
                configuration.log("release \(candidate.id) (\(candidate.version)) cannot be opened and is marked bad: \(error.message)")
            }
        }
        state.launching = nil
        persist()
        return Launch(source: .builtIn, bundle: builtIn)
    }

    // MARK: - Checking

    /// Starts a check unless one is running or done; returns it.
    @discardableResult
    public func startCheck() -> Task<CheckOutcome, Never> {
        if let checkTask { return checkTask }
        let task = Task { await self.performCheck() }
        checkTask = task
        return task
    }

    /// Asks the server what this device should run and stages it, then sends the queued
    /// reports; once per updater (later calls return the first check's outcome).
    public func check() async -> CheckOutcome {
        await startCheck().value
    }

    private func performCheck() async -> CheckOutcome {
        let outcome: CheckOutcome
        do throws(UpdateError) {
            outcome = try await checkAndStage()
        } catch {
            configuration.log("update check failed: \(error.message); the last good bundle keeps running")
            outcome = .failed(error.message)
        }
        await flushReports()
        return outcome
    }

    private func checkAndStage() async throws(UpdateError) -> CheckOutcome {
        let answer = try await client.checkAnswer(channel: configuration.channel, device: configuration.deviceID, bridgeAPI: configuration.bridgeAPI)
        guard let release = answer.release else {
            if !state.builtInChosen || state.pending != nil {
                state.builtInChosen = true
                state.pending = nil
                persist()
                configuration.log("the server offers no release for this device: the built-in bundle runs from the next launch")
            }
            return .builtIn
        }
        guard Self.isReleaseID(release.id) else {
            throw UpdateError("the server offers a release whose id \(LogText.quoted(release.id, limit: 40)) is not a release id (decimal digits)")
        }
        if let receipt = answer.receipt { state.receipts[release.id] = receipt }
        let wasBuiltIn = state.builtInChosen
        state.builtInChosen = false
        let staged = StagedRelease(release)
        if state.bad.contains(release.sha256) {
            persist()
            configuration.log("release \(release.id) (\(release.version)) failed here before: it is not downloaded again")
            return .upToDate
        }
        if !wasBuiltIn, state.good.first?.sha256 == release.sha256 {
            if state.pending != nil { state.pending = nil }
            persist()
            return .upToDate
        }
        if state.pending?.sha256 == release.sha256 { persist(); return .upToDate }
        guard release.bridgeAPI == configuration.bridgeAPI else {
            persist()
            throw UpdateError("release \(release.id) was built for bridge API \(release.bridgeAPI), but this host's bridge API is \(configuration.bridgeAPI)")
        }
        let statement = try acceptable(release)
        if FileManager.default.fileExists(atPath: files.archive(release.sha256).path) {
            // An earlier good release (a rollback): its verified archive is here already.
            state.sequence = max(state.sequence, statement.sequence)
            state.pending = staged
            persist()
            configuration.log("release \(release.id) (\(release.version)) is staged for the next launch (kept from before)")
            return .staged(staged)
        }
        try await download(release)
        // Again: a persist while the download ran dropped receipts the state did not name yet.
        if let receipt = answer.receipt { state.receipts[release.id] = receipt }
        state.sequence = max(state.sequence, statement.sequence)
        state.pending = staged
        state.queue(ReportEvent(release: release.id, kind: .install))
        persist()
        configuration.log("release \(release.id) (\(release.version)) is downloaded, verified and staged for the next launch")
        return .staged(staged)
    }

    /// The release's statement, when the trusted key signed it for this archive and this channel
    /// and its sequence is not below what this device took before (a downgrade needs the
    /// publisher's signed rollback, which carries a higher sequence).
    private func acceptable(_ release: ReleaseInfo) throws(UpdateError) -> ReleaseStatement {
        guard let signed = release.statement else {
            throw UpdateError("release \(release.id) carries no signed release statement (its channel and sequence): it was published by an older lunar publish; publish it again")
        }
        let statement: ReleaseStatement
        do { statement = try signed.verified(by: configuration.trustedKey) } catch {
            throw UpdateError("release \(release.id): \(error.message)")
        }
        guard statement.sha256 == release.sha256 else {
            throw UpdateError("release \(release.id): its release statement is about another archive")
        }
        guard statement.channel == configuration.channel else {
            throw UpdateError("release \(release.id) was published for channel \(LogText.quoted(statement.channel, limit: 64)), not \(configuration.channel): refused")
        }
        guard statement.sequence >= state.sequence else {
            throw UpdateError("release \(release.id) (\(release.version)) is older than what this device took (sequence \(statement.sequence) < \(state.sequence)) and no signed rollback says to go back: refused")
        }
        if statement.rollback { configuration.log("release \(release.id) (\(release.version)) is a rollback the publisher signed") }
        return statement
    }

    /// Gets the archive (a patch against the last good release when the server has one, else
    /// the whole archive in ranges, appended to its partial file so that a broken download
    /// resumes from there), checks its size, SHA-256 and signature, and renames it into
    /// `archives/`: an archive there is always whole and verified.
    private func download(_ release: ReleaseInfo) async throws(UpdateError) {
        guard release.sha256.count == 64, release.sha256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }), release.size > 0,
              release.size <= ArchivePatch.maximumSize
        else {
            throw UpdateError("release \(release.id): the server describes its archive wrongly (sha256 '\(release.sha256.prefix(80))', \(release.size) bytes)")
        }
        let data: Data
        if let patched = await patched(release) {
            data = patched
        } else {
            data = try await downloadWhole(release)
        }
        do {
            let archive = try BundleArchive(data: data, name: "release \(release.id)")
            try archive.verify(trusting: configuration.trustedKey, bridgeAPI: configuration.bridgeAPI)
        } catch {
            unlink(files.partial(release.sha256).path)
            throw UpdateError(error.message)
        }
        do throws(UpdateError) {
            try UpdateFiles.writeAtomically(data, to: files.archive(release.sha256))
        } catch {
            unlink(files.partial(release.sha256).path)
            throw error
        }
        unlink(files.partial(release.sha256).path)
    }

    /// The release rebuilt from a patch against the last good release's archive, when the
    /// server has one and it gives exactly the announced archive; nil (logged) otherwise.
    private func patched(_ release: ReleaseInfo) async -> Data? {
        guard let base = state.good.first, base.sha256 != release.sha256,
              let old = FileManager.default.contents(atPath: files.archive(base.sha256).path)
        else { return nil }
        do throws(UpdateError) {
            let patch = try await client.patch(from: base.sha256, to: release, limit: release.size)
            let rebuilt = try ArchivePatch.apply(patch, to: old, maximumSize: release.size)
            guard SHA256.hash(data: rebuilt).hex == release.sha256 else {
                throw UpdateError("the patched archive does not match its SHA-256")
            }
            configuration.progress?(release.size, release.size)
            configuration.log("release \(release.id) is patched from release \(base.id): \(patch.count) bytes instead of \(release.size)")
            return rebuilt
        } catch {
            configuration.log("release \(release.id): no patch from release \(base.id) (\(error.message)); downloading the whole archive")
            return nil
        }
    }

    /// Downloads the whole archive in ranges, resuming a partial file, and checks its size and SHA-256.
    private func downloadWhole(_ release: ReleaseInfo) async throws(UpdateError) -> Data {
        let partial = files.partial(release.sha256)
        var have = Self.fileSize(partial)
        if have > release.size {
            unlink(partial.path)
            have = 0
        }
        if have > 0 { configuration.log("resuming the download of release \(release.id) at byte \(have) of \(release.size)") }
        let progress = configuration.progress
        let total = release.size
        while have < release.size {
            let end = min(have + configuration.chunkSize, release.size) - 1
            let start = have
            let (status, body) = try await client.archiveBytes(release, from: start, to: end) { received in
                progress?(start + Int(received.receivedBytes), total)
            }
            if status == 200 {
                try Self.store(body, to: partial, appending: false)
                have = body.count
                break
            }
            guard body.count == end - start + 1 else {
                throw UpdateError("release \(release.id): the server sent \(body.count) bytes for bytes \(start)-\(end) of the archive")
            }
            try Self.store(body, to: partial, appending: true)
            have += body.count
        }
        guard let data = FileManager.default.contents(atPath: partial.path) else {
            throw UpdateError("cannot read \(partial.path)")
        }
        guard data.count == release.size, SHA256.hash(data: data).hex == release.sha256 else {
            unlink(partial.path)
            throw UpdateError("release \(release.id): the downloaded archive (\(data.count) bytes) does not match its SHA-256: discarded")
        }
        return data
    }

    // MARK: - Reports

    @discardableResult
    private func startFlush() -> Task<Void, Never> {
        if let flushTask { return flushTask }
        let task = Task {
            await self.flushReports()
            self.flushDone()
        }
        flushTask = task
        return task
    }

    private func flushDone() { flushTask = nil }

    /// Sends the queued reports in batches; a batch that fails is tried twice more, then left
    /// queued for the next launch (the queue is bounded; the oldest reports go first).
    private func flushReports() async {
        var attempt = 0
        while !state.reports.isEmpty, attempt < 3 {
            var batch = Array(state.reports.prefix(ReportBatch.maximumEvents))
            // A server takes 64 KiB per batch: long reasons (500 characters, up to 4 bytes each) are sent in smaller ones.
            while batch.count > 1, Self.encodedSize(batch, device: configuration.deviceID) > 60 << 10 { batch.removeLast(batch.count / 2) }
            let sent = batch.map { event in
                var event = event
                if event.receipt == nil { event.receipt = state.receipts[event.release] }
                return event
            }
            do {
                try await client.report(ReportBatch(device: configuration.deviceID, events: sent))
                drop(batch)
                attempt = 0
            } catch where error.status.map({ (400..<500).contains($0) && ![408, 413, 429].contains($0) }) ?? false {
                // The server will never take these (a release it does not have, no receipt): sending them again changes nothing.
                configuration.log("the server refused \(batch.count) reports (\(error.message)); they are dropped")
                drop(batch)
                attempt = 0
            } catch {
                attempt += 1
                if attempt == 3 {
                    configuration.log("reports not sent (\(error.message)); \(state.reports.count) kept for later")
                } else {
                    try? await Task.sleep(for: .milliseconds(200 << attempt))  // back off before retrying
                }
            }
        }
    }

    private static func encodedSize(_ events: [ReportEvent], device: String) -> Int {
        (try? JSONEncoder().encode(ReportBatch(device: device, events: events)).count) ?? 0
    }

    private func drop(_ batch: [ReportEvent]) {
        for event in batch {
            if let index = state.reports.firstIndex(of: event) { state.reports.remove(at: index) }
        }
        persist()
    }

    // MARK: - Helpers

    private func persist() {
        state.pruneReceipts()
        do { try files.save(state) } catch {
            configuration.log("\(error.message) (the update state stays in memory for this launch)")
        }
    }

    /// Whether `text` is a release id as servers give them: 1 to 20 decimal digits.
    private static func isReleaseID(_ text: String) -> Bool {
        (1...20).contains(text.utf8.count) && text.utf8.allSatisfy { (48...57).contains($0) }
    }

    private static func fileSize(_ url: URL) -> Int {
        var info = stat()
        return stat(url.path, &info) == 0 ? Int(info.st_size) : 0
    }

    private static func store(_ data: Data, to url: URL, appending: Bool) throws(UpdateError) {
        let fd = open(url.path, O_WRONLY | O_CREAT | (appending ? O_APPEND : O_TRUNC), 0o600)
        guard fd >= 0 else { throw UpdateError("cannot write \(url.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let failure = AtomicFile.writeAllAndFlush(data, to: fd)
        guard failure == 0 else {
            // A full disk: the partial download goes, so that it frees what it took.
            unlink(url.path)
            throw UpdateError("cannot write \(url.path): \(String(cString: strerror(failure)))")
        }
    }

    /// Seconds a host gave (an apply window, a finish timeout) as milliseconds, checked: NaN or
    /// less than 0 is 0, and more than a year is a year (`Int(1e300 * 1000)` would trap).
    static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int(min(seconds, 365 * 86_400) * 1000)
    }

    private static func seconds(until deadline: ContinuousClock.Instant) -> Double {
        let left = deadline - ContinuousClock.now
        return max(0, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
    }

    /// The task's value if it finishes within `seconds`, else nil (the task goes on).
    static func value<T: Sendable>(of task: Task<T, Never>, within seconds: Double) async -> T? {
        await withTaskGroup(of: T?.self) { group in
            group.addTask { await task.value }
            group.addTask {
                try? await Task.sleep(for: .milliseconds(milliseconds(seconds)))  // the deadline, not a wait for an event
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
