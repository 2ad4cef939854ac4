/// Shows screens to a user: the abstraction every renderer implements (headless, terminal,
/// a UIKit renderer on iOS), as SwiftNIO's `Channel` is to its transports.
///
/// The runtime owns navigation and content; a renderer mirrors what it is told and reports
/// what the user does to its ``delegate``. It never navigates or edits content on its own,
/// with two exceptions a real toolkit imposes: a text field shows what the user typed before
/// the runtime hears of it, and an alert closes when a button is chosen.
///
/// **Threading.** Every method is called on the runtime's executor (where Lua runs), one
/// call at a time, and the renderer reports events on that same executor. A renderer whose
/// toolkit lives elsewhere (UIKit's main thread) either is driven from there or hops itself.
///
/// **Screens.** A screen comes into being the first time a call names it: the runtime
/// renders a screen's first content, and may set its title or an error overlay, before it
/// shows the screen with ``push(_:title:)`` or ``present(_:title:)``. The screens shown form
/// stacks: the root navigation stack, and above it one stack per presented modal. Only the
/// top screen of the top stack is visible. ``pop(_:)`` and ``dismiss(_:)`` discard screens
/// for good, with their nodes; screen ids are never reused.
///
/// **Overlays.** The HUD, toasts and alerts belong to the renderer as a whole and sit above
/// whichever screen is visible.
public protocol Renderer: AnyObject {
    /// Receives user events. Implementations hold it weakly: the runtime owns the renderer.
    var delegate: (any RendererDelegate)? { get set }

    // MARK: Navigation

    /// Shows `screen` on top of the topmost stack (creating the root stack if there is none),
    /// with a back affordance when a screen lies beneath it.
    func push(_ screen: ScreenID, title: String?)

    /// Shows `screen` modally as the root of a new stack above all others.
    func present(_ screen: ScreenID, title: String?)

    /// Removes `screen`, the top of the topmost stack, revealing the one beneath it.
    /// The runtime never pops the root of a presented stack; it dismisses that stack instead.
    func pop(_ screen: ScreenID)

    /// Removes the topmost presented stack, whose root is `screen`, with every screen on it.
    func dismiss(_ screen: ScreenID)

    /// Sets the navigation title of `screen`; nil for none.
    func setTitle(_ title: String?, of screen: ScreenID)

    // MARK: Content

    /// Applies `mutations`, in order, to the node tree of `screen`. See ``Mutation`` for what
    /// each guarantees; a batch leaves a consistent tree, so a renderer may redraw once after it.
    func apply(_ mutations: [Mutation], to screen: ScreenID)

    /// Moves keyboard focus on `screen` to `node` (nil: nothing focused). A renderer also
    /// moves focus itself as the user navigates; this is the runtime's request.
    func focus(_ node: NodeID?, on screen: ScreenID)

    /// Replaces what `screen` shows with `overlay` until ``hideError(on:)``. The node tree is
    /// kept and still receives mutations underneath; going back stays possible.
    func showError(_ overlay: ErrorOverlay, on screen: ScreenID)

    /// Removes the error overlay of `screen`, showing its content again.
    func hideError(on screen: ScreenID)

    /// Scrolls the `ScrollView` or `List` `node` on `screen` to `target` (a script's
    /// `ui.scrollTo`/`ui.scrollToEnd`), animating when `animated` and the toolkit can. The
    /// renderer then reports the new position as the user's scrolling is reported: `viewport`
    /// first if not yet reported, then `scroll` with the offset it reached, each if the node
    /// declares it. A node that is gone or does not scroll is ignored.
    func scroll(_ node: NodeID, to target: ScrollTarget, animated: Bool, on screen: ScreenID)

    // MARK: Overlays

    /// Shows the activity HUD, with `text` under the spinner when given; replaces any HUD shown.
    func showHUD(_ text: String?)

    /// Hides the activity HUD, if shown.
    func hideHUD()

    /// Shows `text` briefly without blocking input; the renderer decides how long.
    func showToast(_ text: String)

    /// Shows `alert` above everything, blocking other input until a button is chosen.
    /// Alerts shown while one is up queue behind it in order.
    func showAlert(_ alert: Alert)

    /// Closes the alert `id` without a choice (its screen closed); nothing is reported.
    func dismissAlert(_ id: AlertID)
}
