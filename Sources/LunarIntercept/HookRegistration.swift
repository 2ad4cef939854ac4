/// One registered hook, described: where it hooks and how, not the hook itself.
/// ``HookPoint/registrations`` lists them.
public struct HookRegistration: Sendable, Equatable, CustomStringConvertible {
    /// The hook point's name (`screen.didAppear`, `lunar.log.info`).
    public var point: String
    /// Before, instead of, or after the call.
    public var position: HookPosition
    /// Registered from Swift or from a script.
    public var side: HookSide
    /// Whether it removes itself the first time it runs.
    public var once: Bool
    /// Whether it applies only to the invocations a scope selects (not to all).
    public var scoped: Bool

    /// A description of a hook on `point`.
    public init(point: String, position: HookPosition, side: HookSide, once: Bool = false, scoped: Bool = false) {
        self.point = point
        self.position = position
        self.side = side
        self.once = once
        self.scoped = scoped
    }

    /// `after screen.didAppear (script, once, scoped)`.
    public var description: String {
        let flags = [side.description] + (once ? ["once"] : []) + (scoped ? ["scoped"] : [])
        return "\(position) \(point) (\(flags.joined(separator: ", ")))"
    }
}
