// reload.save_to_render: a headless runtime on a bundle of 50 modules (a screen
// that requires 48 library modules and a view-model); each sample saves the
// screen's file with a new text and measures from the write to the renderer's
// commit of the re-rendered screen (BundleWatcher → LunarRuntime.reload →
// render → Renderer.apply). In the same sample, a bare inotify descriptor on
// the same directory times how long inotify alone takes to report the write:
// the custom metric `inotify_ns` (Scripts/bench-report.py prints it as `inotify_ms`).
import Benchmark
import Foundation
import Glibc
import LunarBundle
import LunarHeadless
import LunarHeadlessHost
import LunarRuntime
import LunarUI

let libraryModules = 48

func screenSource(_ text: String) -> String {
    var lines = ["local ui = require(\"lunar.ui\")"]
    for i in 1...libraryModules { lines.append("local m\(i) = require(\"lib.m\(i)\")") }
    lines.append("""
    local screen = { viewModel = "viewmodels.home" }
    function screen:render()
      return ui.Column { ui.Text("\(text)"), ui.Text("sum " .. m1.value() + m\(libraryModules).value()), ui.Button { title = "ok" } }
    end
    return screen
    """)
    return lines.joined(separator: "\n")
}

/// Writes the bundle into a fresh temporary directory.
func makeBundle() -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-bench-reload-\(UUID().uuidString)")
    for directory in ["screens", "lib", "viewmodels"] {
        try! FileManager.default.createDirectory(at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
    }
    func write(_ path: String, _ text: String) {
        try! text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }
    write("manifest.json", #"{ "name": "bench", "version": "1.0.0", "entry": "/home", "routes": { "/home": "screens.home" } }"#)
    for i in 1...libraryModules {
        write("lib/m\(i).lua", "local m = {}\nfunction m.value() return \(i) end\nreturn m\n")
    }
    write("viewmodels/home.lua", "local vm = {}\nfunction vm:initialize() self.ready = true end\nreturn vm\n")
    write("screens/home.lua", screenSource("Hello 0"))
    return root
}

/// Nanoseconds on the monotonic clock.
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// A headless renderer that reports the time of every commit.
final class CommitTimingRenderer: HeadlessRendering {
    let headlessRenderer = HeadlessRenderer()
    let commits: AsyncStream<UInt64>.Continuation
    init(commits: AsyncStream<UInt64>.Continuation) { self.commits = commits }
    weak var delegate: (any RendererDelegate)? {
        get { headlessRenderer.delegate }
        set { headlessRenderer.delegate = newValue }
    }
    func apply(_ mutations: [Mutation], to screen: ScreenID) {
        headlessRenderer.apply(mutations, to: screen)
        commits.yield(now())
    }
    func push(_ screen: ScreenID, title: String?) { headlessRenderer.push(screen, title: title) }
    func present(_ screen: ScreenID, title: String?) { headlessRenderer.present(screen, title: title) }
    func pop(_ screen: ScreenID) { headlessRenderer.pop(screen) }
    func dismiss(_ screen: ScreenID) { headlessRenderer.dismiss(screen) }
    func setTitle(_ title: String?, of screen: ScreenID) { headlessRenderer.setTitle(title, of: screen) }
    func focus(_ node: NodeID?, on screen: ScreenID) { headlessRenderer.focus(node, on: screen) }
    func showError(_ overlay: ErrorOverlay, on screen: ScreenID) { headlessRenderer.showError(overlay, on: screen) }
    func hideError(on screen: ScreenID) { headlessRenderer.hideError(on: screen) }
    func showHUD(_ text: String?) { headlessRenderer.showHUD(text) }
    func hideHUD() { headlessRenderer.hideHUD() }
    func showToast(_ text: String) { headlessRenderer.showToast(text) }
    func showAlert(_ alert: Alert) { headlessRenderer.showAlert(alert) }
    func dismissAlert(_ id: AlertID) { headlessRenderer.dismissAlert(id) }
}

/// Writes a file in place (open, truncate, write, close), as a plain save does.
func save(_ text: String, to path: String) {
    let fd = open(path, O_WRONLY | O_TRUNC)
    precondition(fd >= 0, "cannot open \(path)")
    _ = text.withCString { write(fd, $0, strlen($0)) }
    close(fd)
}

/// Waits for the next event on a bare inotify descriptor and drains it.
func awaitInotify(_ fd: Int32) {
    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    _ = poll(&poller, 1, 5_000)
    var buffer = [UInt8](repeating: 0, count: 4096)
    _ = read(fd, &buffer, buffer.count)
}

let benchmarks: @Sendable () -> Void = {
    let inotifyMetric = BenchmarkMetric.custom("inotify_ns", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "reload.save_to_render",
        configuration: .init(
            metrics: [.wallClock, inotifyMetric],
            timeUnits: .microseconds,
            scalingFactor: .one,
            maxDuration: .seconds(10),
            maxIterations: 200
        )
    ) { benchmark in
        let root = makeBundle()
        defer { try? FileManager.default.removeItem(at: root) }
        let screenPath = root.appendingPathComponent("screens/home.lua").path
        let (commits, commitFeed) = AsyncStream<UInt64>.makeStream()
        let runtime = try! LunarRuntime(bundle: ScriptBundle(directory: root))
        try! await runtime.start(renderer: CommitTimingRenderer(commits: commitFeed))
        let watcher = BundleWatcher(root: root)
        try! watcher.start { paths in Task { await runtime.reload(changedFiles: paths) } }
        defer { watcher.stop() }
        let inotify = inotify_init1(Int32(IN_CLOEXEC))
        defer { close(inotify) }
        _ = inotify_add_watch(inotify, root.appendingPathComponent("screens").path, UInt32(IN_CLOSE_WRITE))
        var commitTimes = commits.makeAsyncIterator()
        var round = 0
        for _ in benchmark.scaledIterations {
            round += 1
            let text = screenSource("Hello \(round)")
            benchmark.startMeasurement()
            let written = now()
            save(text, to: screenPath)
            awaitInotify(inotify)
            let reported = now()
            // Commits from before this write (none are expected) do not count.
            while let commit = await commitTimes.next(), commit < written {}
            benchmark.stopMeasurement()
            benchmark.measurement(inotifyMetric, Int(reported - written))
        }
        let snapshot = await runtime.snapshot()
        precondition(snapshot.contains("Hello \(round)"), "the last save did not render:\n\(snapshot)")
    }
}
