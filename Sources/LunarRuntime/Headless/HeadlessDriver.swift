import Foundation
import LunarBridge
import LunarBundle
import LunarHeadless
import LunarUI

extension LunarRuntime {
    /// Starts the bundle on a headless renderer and returns the first snapshot.
    public func startHeadless() throws(BundleError) -> String {
        try start(renderer: HeadlessRenderer())
        return snapshot()
    }

    /// The visible screen as stable text (after any pending re-render).
    public func snapshot() -> String {
        snapshot(showingFrames: false)
    }

    /// The visible screen as stable text, with each element's frame when `showingFrames`
    /// (`snapshot frames`; docs/headless.md).
    public func snapshot(showingFrames: Bool) -> String {
        host.flushRender()
        return headless?.snapshot(showingFrames: showingFrames) ?? "(no headless renderer)\n"
    }

    var headless: HeadlessRenderer? {
        (host.renderer as? HeadlessRenderer) ?? (host.renderer as? HeadlessRendering)?.headlessRenderer
    }

    /// Carries out one headless command (except `wait`, see ``wait(timeout:)``).
    public func perform(_ command: HeadlessCommand) async throws(HeadlessCommandError) {
        guard let renderer = headless else { throw HeadlessCommandError("the runtime has no headless renderer") }
        host.flushRender()
        do {
            switch command {
            case .open(let url):
                guard host.open(url) else { throw HeadlessCommandError("no route matches") }
            case .type(let field, let text): try renderer.type(text, into: field)
            case .clear(let field): try renderer.clear(field)
            case .submit(let field): try renderer.submit(field)
            case .tap(let label): try renderer.tap(label)
            case .longPress(let label): try renderer.longPress(label)
            case .pressIn(let label): try renderer.pressIn(label)
            case .pressOut(let label): try renderer.pressOut(label)
            case .toggle(let target): try renderer.toggle(target)
            case .scroll(let target, let offset): try renderer.scroll(target, to: offset)
            case .back: try renderer.back()
            case .wait:
                guard await wait(timeout: 10) else {
                    throw HeadlessCommandError("still busy after 10 s (a repeating timer or a request that never ends)")
                }
            case .snapshot, .snapshotFrames: break
            }
        } catch let error as HeadlessInputError {
            throw HeadlessCommandError(error.description)
        } catch let error as HeadlessCommandError {
            throw error
        } catch {
            throw HeadlessCommandError("\(error)")
        }
        host.flushRender()
    }

    /// Waits until no job is queued and no request is in flight (timers may
    /// remain); false when `deadline` passes first.
    private func settled(before deadline: ContinuousClock.Instant) async -> Bool {
        let gate = OnceGate()
        let executor = self.executor
        return await withCheckedContinuation { (c: CheckedContinuation<Bool, Never>) in
            executor.notifyWhenSettled { if gate.open() { c.resume(returning: true) } }
            Task.detached {
                try? await Task.sleep(until: deadline, clock: .continuous)
                if gate.open() { c.resume(returning: false) }
            }
        }
    }

    /// Waits until no job, timer or request is pending; false on timeout.
    public func wait(timeout seconds: Double) async -> Bool {
        // Within 0 s to a year, so neither conversion below can trap.
        let seconds = seconds.isNaN ? 0 : min(max(0, seconds), LuaNumberRange.maxSeconds)
        if executor.clock == .virtual {
            // Virtual time: let requests finish (real time), then jump to the
            // next timer, until idle (bounded in steps and in real time).
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            for _ in 0..<10_000 {
                if executor.isIdle { break }
                guard await settled(before: deadline) else { break }
                if executor.isIdle { break }
                if let next = executor.nextDeadline {
                    await advance(by: max(0, next - executor.now))
                }
            }
            host.flushRender()
            return executor.isIdle
        }
        let gate = OnceGate()
        let idle = await withCheckedContinuation { (c: CheckedContinuation<Bool, Never>) in
            executor.notifyWhenIdle { if gate.open() { c.resume(returning: true) } }
            Task.detached {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                if gate.open() { c.resume(returning: false) }
            }
        }
        host.flushRender()
        return idle
    }
}

/// A renderer that wraps a headless renderer (to record or decorate it) and
/// lets the headless commands reach it. Every renderer call forwards to the
/// wrapped renderer unless the wrapper implements it.
public protocol HeadlessRendering: Renderer {
    var headlessRenderer: HeadlessRenderer { get }
}

extension HeadlessRendering {
    public var delegate: (any RendererDelegate)? {
        get { headlessRenderer.delegate }
        set { headlessRenderer.delegate = newValue }
    }
    public func push(_ screen: ScreenID, title: String?) { headlessRenderer.push(screen, title: title) }
    public func present(_ screen: ScreenID, title: String?) { headlessRenderer.present(screen, title: title) }
    public func pop(_ screen: ScreenID) { headlessRenderer.pop(screen) }
    public func dismiss(_ screen: ScreenID) { headlessRenderer.dismiss(screen) }
    public func setTitle(_ title: String?, of screen: ScreenID) { headlessRenderer.setTitle(title, of: screen) }
    public func apply(_ mutations: [Mutation], to screen: ScreenID) { headlessRenderer.apply(mutations, to: screen) }
    public func focus(_ node: NodeID?, on screen: ScreenID) { headlessRenderer.focus(node, on: screen) }
    public func showError(_ overlay: ErrorOverlay, on screen: ScreenID) { headlessRenderer.showError(overlay, on: screen) }
    public func hideError(on screen: ScreenID) { headlessRenderer.hideError(on: screen) }
    /// Forwards a script's `ui.scrollTo` to the wrapped renderer, which reports the new position.
    public func scroll(_ node: NodeID, to target: ScrollTarget, animated: Bool, on screen: ScreenID) {
        headlessRenderer.scroll(node, to: target, animated: animated, on: screen)
    }
    public func showHUD(_ text: String?) { headlessRenderer.showHUD(text) }
    public func hideHUD() { headlessRenderer.hideHUD() }
    public func showToast(_ text: String) { headlessRenderer.showToast(text) }
    public func showAlert(_ alert: Alert) { headlessRenderer.showAlert(alert) }
    public func dismissAlert(_ id: AlertID) { headlessRenderer.dismissAlert(id) }
}

/// Lets exactly one of several racing callers through.
final class OnceGate: @unchecked Sendable {
    private let lock = NSLock()
    private var opened = false
    func open() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if opened { return false }
        opened = true
        return true
    }
}
