import LunarBase
import LunarBundle
import LunarHeadless
import LunarRuntime

extension LunarRuntime {
    /// Starts the bundle on a headless renderer and returns the first snapshot.
    public func startHeadless() throws(BundleError) -> String {
        try start(renderer: HeadlessRenderer())
        host.flushRender()
        headless?.reportLayouts()
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

    private var headless: HeadlessRenderer? { HeadlessRenderer.underlying(host.renderer) }

    /// Carries out one headless command (except `wait`, see ``wait(timeout:)``).
    public func perform(_ command: HeadlessCommand) async throws(MessageError) {
        guard let renderer = headless else { throw MessageError("the runtime has no headless renderer") }
        host.flushRender()
        do {
            switch command {
            case .open(let url):
                guard host.open(url) else { throw MessageError("no route matches") }
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
            case .appearance(let appearance): renderer.setAppearance(appearance)
            case .resize(let width, let height): renderer.resize(width: width, height: height)
            case .wait:
                guard await wait(timeout: 10) else {
                    throw MessageError("still busy after 10 s (a repeating timer or a request that never ends)")
                }
            case .snapshot, .snapshotFrames: break
            }
        } catch let error as HeadlessInputError {
            throw MessageError(error.description)
        } catch let error as MessageError {
            throw error
        } catch {
            throw MessageError("\(error)")
        }
        host.flushRender()
        renderer.reportLayouts()
        host.flushRender()
    }
}
