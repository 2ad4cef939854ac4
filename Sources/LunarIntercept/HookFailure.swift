/// An error thrown by a hook. It is reported, not propagated: the call and
/// the other hooks go on.
public struct HookFailure: Error, CustomStringConvertible {
    /// The hook point's name, for example `screen.didAppear` or `lunar.net.send`.
    public var point: String
    public var position: HookPosition
    public var side: HookSide
    /// What the hook threw (a script hook's error carries its file:line).
    public var error: any Error

    public init(point: String, position: HookPosition, side: HookSide, error: any Error) {
        self.point = point
        self.position = position
        self.side = side
        self.error = error
    }

    public var description: String { "error in \(position) hook of \(point): \(error)" }
}
