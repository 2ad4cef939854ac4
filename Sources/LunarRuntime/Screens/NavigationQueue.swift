import LunarBridge

/// What a script or the host asks the navigator to do.
enum NavigationRequest {
    /// Open `module` as a new screen, pushed or presented.
    case show(module: String, target: String, params: LuaValue, modal: Bool)
    case pop, dismiss, back
}

/// Keeps navigation out of running transitions.
///
/// A transition (opening, covering, uncovering or closing screens) and a render run Lua
/// (lifecycle methods, interceptors, `render()`), and that Lua may ask to navigate. Done on the
/// spot, a nested transition would reach the renderer in an order it cannot take (a pop of a
/// screen that is no longer on top) and leave the host's stacks and the renderer's apart. So
/// while one is held, a request waits here and runs when the outermost one ends, in the order
/// asked, each as a whole transition of its own.
///
/// A script that navigates from every transition (a `render()` that pushes) would chain
/// forever: past ``chainLimit`` queued requests in one chain, a request is refused with an
/// error the script sees at its own line.
///
/// Confined to the runtime's executor, like the ``ScreenHost`` that owns it.
final class NavigationQueue {
    /// How many queued requests one chain may run before further ones are refused.
    static let chainLimit = 64

    private var holds = 0
    private var pending: [() -> Bool] = []
    private var draining = false
    /// Queued requests run in the current chain.
    private var chained = 0

    /// Whether a transition or render is running (requests are queued).
    var isHeld: Bool { holds > 0 }

    /// Runs `transition` now and returns its result, or, while one is held, queues it and
    /// returns true (it will run). Throws when the chain is over ``chainLimit``.
    func request(_ transition: @escaping () -> Bool) throws(LuaError) -> Bool {
        guard holds > 0 else { return holding(transition) }
        guard chained + pending.count < Self.chainLimit else {
            throw LuaError.message(
                "navigation loop: more than \(Self.chainLimit) navigations were asked for while screens were changing "
                    + "(does a lifecycle method or render() navigate every time it runs?)")
        }
        pending.append(transition)
        return true
    }

    /// Runs `body` as a transition: requests made meanwhile wait for it. When the outermost
    /// one ends, the waiting requests run, in order.
    @discardableResult
    func holding<T>(_ body: () -> T) -> T {
        holds += 1
        let result = body()
        holds -= 1
        if holds == 0, !draining { drain() }
        return result
    }

    private func drain() {
        draining = true
        defer {
            draining = false
            chained = 0
        }
        while !pending.isEmpty {
            chained += 1
            let next = pending.removeFirst()
            holds += 1
            _ = next()
            holds -= 1
        }
    }
}
