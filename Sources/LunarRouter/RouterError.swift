/// Why the router refused a pattern, a scheme name, or a URL to build.
///
/// Every case carries what a person needs to fix the call; ``description``
/// reads as a one-line message suitable for a Lua error.
public enum RouterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pattern was the empty string.
    case emptyPattern
    /// A `(` without its `)`, or a `)` without its `(`.
    case unbalancedParenthesis(pattern: String)
    /// A `(` inside another optional group; optional groups do not nest.
    case nestedOptional(pattern: String)
    /// An optional group with no path component in it, such as `()` or `(/)`.
    case emptyOptional(pattern: String)
    /// A `*` component that is not the last component of the pattern.
    case misplacedWildcard(pattern: String)
    /// A `:` component with no name after it.
    case unnamedVariable(pattern: String)
    /// A `?` in a pattern; query items are never part of the path that is matched.
    case queryInPattern(pattern: String)
    /// An ASCII control character in a pattern; no URL the router opens contains one.
    case controlCharacter(pattern: String)
    /// More optional groups than ``RoutePattern/maximumOptionalGroups``.
    case tooManyOptionals(pattern: String, limit: Int)
    /// A scheme name that is not `letter *( letter / digit / "+" / "-" / "." )`.
    case invalidScheme(String)
    /// Building a URL: a required variable had no value, or an empty one.
    case missingValue(pattern: String, variable: String)
    /// Building a URL: more positional values than the pattern can place.
    case surplusValues(pattern: String, count: Int)
    /// Building a query string: an `.opaque` value has no text form.
    case unencodableValue(key: String)

    /// A one-line explanation naming the offending input.
    public var description: String {
        switch self {
        case .emptyPattern:
            return "route pattern is empty"
        case .unbalancedParenthesis(let pattern):
            return "route pattern '\(pattern)' has an unbalanced parenthesis"
        case .nestedOptional(let pattern):
            return "route pattern '\(pattern)' nests optional groups"
        case .emptyOptional(let pattern):
            return "route pattern '\(pattern)' has an empty optional group"
        case .misplacedWildcard(let pattern):
            return "route pattern '\(pattern)' has a '*' that is not its last component"
        case .unnamedVariable(let pattern):
            return "route pattern '\(pattern)' has a ':' without a variable name"
        case .queryInPattern(let pattern):
            return "route pattern '\(pattern)' contains '?'; query items are not part of a pattern"
        case .controlCharacter(let pattern):
            return "route pattern \(pattern.debugDescription) contains a control character, so no URL can match it"
        case .tooManyOptionals(let pattern, let limit):
            return "route pattern '\(pattern)' has more than \(limit) optional groups"
        case .invalidScheme(let scheme):
            return "'\(scheme)' is not a valid URL scheme"
        case .missingValue(let pattern, let variable):
            return "no value for ':\(variable)' in route pattern '\(pattern)'"
        case .surplusValues(let pattern, let count):
            return "route pattern '\(pattern)' has no place for \(count) of the values given"
        case .unencodableValue(let key):
            return "query value for '\(key)' is opaque and has no text form"
        }
    }
}
