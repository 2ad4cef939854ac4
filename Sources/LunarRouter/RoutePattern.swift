/// A parsed route pattern: `/`-separated components, `:name` variables,
/// optional groups in parentheses and a trailing `*`.
///
/// Parsing validates the syntax once; every malformed pattern is rejected
/// with a ``RouterError`` rather than registered as a route that can never
/// match. A pattern is an immutable value and safe to share between threads.
///
/// ```swift
/// let pattern = try RoutePattern("/search(/:query)(/:page)")
/// pattern.expansions  // ["/search/:query/:page", "/search/:query", "/search/:page", "/search"]
/// try pattern.url(values: ["swift"], query: ["sort": "new"])  // "/search/swift?sort=new"
/// ```
public struct RoutePattern: Sendable {
    /// The most optional groups one pattern may have; `n` groups register up to `2^n` routes.
    public static let maximumOptionalGroups = 8

    /// The pattern exactly as written.
    public let text: String
    /// A normal form of the pattern: one leading slash, no empty components,
    /// optional groups written `(/a/b)`. Two spellings of one pattern share it.
    public let canonicalText: String
    /// Every concrete pattern the optional groups expand to, longest (most
    /// components) first, ties in the order JLRoutes generates them. These are
    /// registered as separate routes with the same priority and handler.
    public var expansions: [String] { variants.map(\.text) }

    /// The pattern split into required and optional runs of components.
    let groups: [Group]
    /// The expansions, in registration order.
    let variants: [Variant]

    /// Parses `text`, throwing a ``RouterError`` that names the first problem found.
    public init(_ text: String) throws(RouterError) {
        guard !text.isEmpty else { throw .emptyPattern }
        guard !text.utf8.contains(UInt8(ascii: "?")) else { throw .queryInPattern(pattern: text) }
        // No URL holds control characters (`Router.open` refuses them), so such a route could never match.
        guard !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { throw .controlCharacter(pattern: text) }
        let groups = try Self.scanGroups(text)
        self.text = text
        self.groups = groups
        self.canonicalText = Self.canonicalText(of: groups)
        self.variants = try Self.expand(groups, pattern: text)
    }

    /// Builds a URL path from this pattern: `values` fill the variables in
    /// order, each percent-encoded; an optional group is written only when
    /// enough values remain for its variables after the required ones that
    /// follow (groups without variables are left out); a trailing `*` takes
    /// every remaining value. `query` is appended as ``QueryString/make(from:)`` writes it.
    public func url(values: [String] = [], query: [String: RouteValue] = [:]) throws(RouterError) -> String {
        var remaining = values[...]
        var requiredAfter = groups.reduce(0) { $0 + ($1.isOptional ? 0 : $1.variableCount) }
        var written: [String] = []
        for group in groups {
            if group.isOptional {
                let available = remaining.count - requiredAfter
                let include = group.variableCount > 0
                    ? available >= group.variableCount
                    : group.hasWildcard && available > 0
                if !include { continue }
            } else {
                requiredAfter -= group.variableCount
            }
            for component in group.components {
                switch component.segment {
                case .literal:
                    written.append(component.text)
                case .variable(let name):
                    guard let value = remaining.popFirst(), !value.isEmpty else {
                        throw .missingValue(pattern: text, variable: name)
                    }
                    written.append(PercentEncoding.encode(value))
                case .wildcard:
                    for value in remaining {
                        guard !value.isEmpty else { throw .missingValue(pattern: text, variable: "*") }
                        written.append(PercentEncoding.encode(value))
                    }
                    remaining = []
                }
            }
        }
        guard remaining.isEmpty else { throw .surplusValues(pattern: text, count: remaining.count) }
        let path = "/" + written.joined(separator: "/")
        let queryText = try QueryString.make(from: query)
        return queryText.isEmpty ? path : path + "?" + queryText
    }
}

extension RoutePattern {
    /// One pattern component with the text it was written as.
    struct Component: Hashable, Sendable {
        let text: String
        let segment: PathSegment
    }

    /// A run of components outside parentheses (required) or inside them (optional).
    struct Group: Sendable {
        let isOptional: Bool
        let components: [Component]

        var variableCount: Int {
            components.reduce(0) { count, component in
                if case .variable = component.segment { return count + 1 }
                return count
            }
        }

        var hasWildcard: Bool { components.contains { $0.segment == .wildcard } }
    }

    /// One concrete expansion: the segments the matcher indexes and their text.
    struct Variant: Sendable {
        let text: String
        let segments: [PathSegment]
    }

    private static func scanGroups(_ text: String) throws(RouterError) -> [Group] {
        var groups: [Group] = []
        let bytes = text.utf8
        var runStart = bytes.startIndex
        var isOptional = false
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") {
                let opens = byte == UInt8(ascii: "(")
                if opens && isOptional { throw .nestedOptional(pattern: text) }
                if !opens && !isOptional { throw .unbalancedParenthesis(pattern: text) }
                let group = try makeGroup(text[runStart..<index], isOptional: isOptional, pattern: text)
                if let group { groups.append(group) }
                isOptional = opens
                runStart = bytes.index(after: index)
            }
            bytes.formIndex(after: &index)
        }
        if isOptional { throw .unbalancedParenthesis(pattern: text) }
        if let last = try makeGroup(text[runStart..<index], isOptional: false, pattern: text) {
            groups.append(last)
        }
        return groups
    }

    private static func makeGroup(_ run: Substring, isOptional: Bool, pattern: String) throws(RouterError) -> Group? {
        var components: [Component] = []
        for piece in run.pathComponents() {
            guard let segment = PathSegment(component: piece) else { throw .unnamedVariable(pattern: pattern) }
            components.append(Component(text: String(piece), segment: segment))
        }
        if components.isEmpty {
            if isOptional { throw .emptyOptional(pattern: pattern) }
            return nil
        }
        return Group(isOptional: isOptional, components: components)
    }

    private static func canonicalText(of groups: [Group]) -> String {
        var result = ""
        for group in groups {
            let run = "/" + group.components.map(\.text).joined(separator: "/")
            result += group.isOptional ? "(" + run + ")" : run
        }
        return result.isEmpty ? "/" : result
    }

    /// Every subset of the optional groups, counted in binary with the first
    /// group as the lowest bit (JLRoutes' order), then stably sorted longest first.
    private static func expand(_ groups: [Group], pattern: String) throws(RouterError) -> [Variant] {
        let optionalCount = groups.reduce(0) { $0 + ($1.isOptional ? 1 : 0) }
        guard optionalCount <= maximumOptionalGroups else {
            throw .tooManyOptionals(pattern: pattern, limit: maximumOptionalGroups)
        }
        var variants: [Variant] = []
        var seen: Set<String> = []
        for mask in 0..<(1 << optionalCount) {
            var components: [Component] = []
            var bit = 0
            for group in groups {
                if group.isOptional {
                    defer { bit += 1 }
                    if mask & (1 << bit) == 0 { continue }
                }
                components += group.components
            }
            if let wildcard = components.firstIndex(where: { $0.segment == .wildcard }),
                wildcard != components.count - 1
            {
                throw .misplacedWildcard(pattern: pattern)
            }
            let text = "/" + components.map(\.text).joined(separator: "/")
            if seen.insert(text).inserted {
                variants.append(Variant(text: text, segments: components.map(\.segment)))
            }
        }
        return variants.enumerated()
            .sorted { lhs, rhs in
                lhs.element.segments.count != rhs.element.segments.count
                    ? lhs.element.segments.count > rhs.element.segments.count
                    : lhs.offset < rhs.offset
            }
            .map(\.element)
    }
}
