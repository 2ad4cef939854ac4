import LunarUI

/// The screens a host has open, by id, and the stacks it shows them in: the root stack, then
/// one stack per presented modal. A screen is open from its creation (before it is shown, while
/// its lifecycle runs) until it is closed.
struct OpenScreens {
    /// Every open screen, by id.
    private(set) var byID: [ScreenID: ScreenInstance] = [:]
    /// Shown screens: the root stack, then one stack per presented modal.
    private(set) var stacks: [[ScreenID]] = []
    private var nextID = 1

    /// The open screen `id`, nil when it is not open.
    subscript(id: ScreenID) -> ScreenInstance? { byID[id] }

    /// The screen on top of the topmost stack.
    var visible: ScreenID? { stacks.last?.last }

    /// An id no screen of this host had before.
    mutating func newID() -> ScreenID {
        let id = ScreenID(nextID)
        nextID += 1
        return id
    }

    /// Keeps `screen` open under its id.
    mutating func open(_ screen: ScreenInstance) {
        byID[screen.id] = screen
    }

    /// Forgets the open screen `id`.
    mutating func close(_ id: ScreenID) {
        byID[id] = nil
    }

    /// Shows `screen` on top: in a stack of its own when it is a modal or nothing is shown yet,
    /// else on top of the topmost stack.
    mutating func reveal(_ screen: ScreenInstance) {
        if screen.modal || stacks.isEmpty {
            stacks.append([screen.id])
        } else {
            stacks[stacks.count - 1].append(screen.id)
        }
    }

    /// Takes the top screen off the topmost stack (which must hold more than one).
    mutating func popTop() {
        stacks[stacks.count - 1].removeLast()
    }

    /// Takes the topmost stack away (a presented modal's).
    mutating func dismissTop() {
        stacks.removeLast()
    }
}
