/// Where a hook runs relative to the call it intercepts.
///
/// One call runs its `before` hooks, then either its `instead` hooks (each
/// may call `proceed` to reach the next one, the last reaching the original)
/// or, when there are none, the original; then its `after` hooks.
public enum HookPosition: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Sees the invocation before the call; cannot change its outcome.
    case before
    /// Replaces the call; receives `proceed` to run the rest of the chain.
    case instead
    /// Sees the invocation and the outcome (result or error) after the call.
    case after

    public var description: String { rawValue }
}

/// Who registered a hook. Within a position, every `swift` hook runs before
/// every `script` hook; hooks of one side run in registration order.
public enum HookSide: Int, Sendable, Comparable, CustomStringConvertible {
    /// Registered by the host program in Swift.
    case swift
    /// Registered by a script (Lua).
    case script

    public static func < (a: HookSide, b: HookSide) -> Bool { a.rawValue < b.rawValue }

    public var description: String { self == .swift ? "swift" : "script" }
}
