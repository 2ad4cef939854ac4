/// Receives what the user does in a renderer; the runtime implements it.
///
/// Called on the runtime's executor, the same one that calls the renderer, possibly while
/// an input method of the renderer is still on the stack: the delegate may call back into
/// the renderer (apply mutations, pop a screen) before returning.
public protocol RendererDelegate: AnyObject {
    /// The user did something `renderer` reports as `event`.
    func renderer(_ renderer: any Renderer, didReport event: RendererEvent)
}
