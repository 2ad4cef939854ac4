/// Where a host's rendering stands: whether a render is queued or running, and the scrolls
/// that wait for the next render.
struct RenderPass {
    /// A render is queued to run after the current job (renders after each turn of Lua coalesce).
    var isScheduled = false
    /// A pass of the components that called setState is queued (a full render covers it).
    var componentsScheduled = false
    /// A render is running: a render asked for meanwhile does not start.
    var isRunning = false
    private var scrolls: [PendingScroll] = []

    /// Keeps `scroll` until the render that follows.
    mutating func queue(_ scroll: PendingScroll) {
        scrolls.append(scroll)
    }

    /// The scrolls queued so far, in order, no longer queued.
    mutating func takeScrolls() -> [PendingScroll] {
        defer { scrolls = [] }
        return scrolls
    }
}
