/// One component of an expanded route pattern, as the matcher sees it.
enum PathSegment: Hashable, Sendable {
    /// Matches a URL component that is byte-for-byte this text (still percent-encoded).
    case literal(String)
    /// Matches any one URL component and binds its decoded value to this name.
    case variable(String)
    /// Matches zero or more remaining URL components; always the last segment.
    case wildcard

    /// Reads one pattern component: `*`, `:name` (a second leading `:` and a
    /// trailing `#` are dropped, as JLRoutes does) or literal text.
    /// Returns `nil` for a `:` with no name.
    init?(component: Substring) {
        if component == "*" {
            self = .wildcard
            return
        }
        guard component.utf8.first == UInt8(ascii: ":") else {
            self = .literal(String(component))
            return
        }
        var name = component.dropFirst()
        if name.utf8.count > 1, name.utf8.first == UInt8(ascii: ":") {
            name = name.dropFirst()
        }
        if name.utf8.count > 1, name.utf8.last == UInt8(ascii: "#") {
            name = name.dropLast()
        }
        guard !name.isEmpty else { return nil }
        self = .variable(String(name))
    }
}

extension Substring {
    /// The `/`-separated components of this text with empty ones dropped, so
    /// leading, trailing and duplicate slashes never produce a component.
    func pathComponents() -> [Substring] {
        var components: [Substring] = []
        let bytes = utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "/") {
                if start != index { components.append(self[start..<index]) }
                start = bytes.index(after: index)
            }
            bytes.formIndex(after: &index)
        }
        if start != index { components.append(self[start..<index]) }
        return components
    }
}
