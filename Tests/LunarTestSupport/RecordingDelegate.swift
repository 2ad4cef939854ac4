import LunarUI

/// Records what a renderer reports; `onEvent` plays the runtime's part when a test needs one.
public final class RecordingDelegate: RendererDelegate {
    public private(set) var events: [RendererEvent] = []
    public var onEvent: ((RendererEvent) -> Void)?

    public init() {}

    public func renderer(_ renderer: any Renderer, didReport event: RendererEvent) {
        events.append(event)
        onEvent?(event)
    }
}
