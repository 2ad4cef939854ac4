/// A URL taken apart the way the router matches it, by its own byte-level
/// parser (Foundation's URL differs between platforms on duplicate slashes and
/// rejects some inputs outright).
///
/// Path components and query items are slices of the original text, still
/// percent-encoded; decoding happens only for the values a handler receives.
struct RequestURL {
    /// One `name=value` item of the query (or of a fragment that holds query items).
    struct QueryItem {
        let name: Substring
        let value: Substring
    }

    /// The scheme as written (not yet lowercased), or `nil` when the URL has none.
    let scheme: Substring?
    /// The components that are matched against patterns: the host when it
    /// counts as a component, then the path (and `#` + fragment path), with
    /// empty components dropped.
    let pathComponents: [Substring]
    /// Query items that have a value, in order, followed by fragment query items.
    let queryItems: [QueryItem]

    /// Parses `url`; returns `nil` for the empty string and for text holding
    /// ASCII control characters, which no URL contains. Everything else parses:
    /// odd input only yields components that match no route.
    init?(parsing url: String, hostAsPath: Bool) {
        let bytes = url.utf8
        guard !bytes.isEmpty, !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }

        var index = bytes.startIndex
        var scheme: Substring?
        if let colon = Self.schemeEnd(in: url) {
            scheme = url[bytes.startIndex..<colon]
            index = bytes.index(after: colon)
        }

        var host: Substring?
        if Self.hasAuthority(bytes[index...]) {
            let authorityStart = bytes.index(index, offsetBy: 2)
            let authorityEnd = Self.firstIndex(in: url, from: authorityStart) {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            }
            host = Self.host(inAuthority: url[authorityStart..<authorityEnd])
            index = authorityEnd
        }

        let pathEnd = Self.firstIndex(in: url, from: index) {
            $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }
        let path = url[index..<pathEnd]
        index = pathEnd

        var queryItems: [QueryItem] = []
        if index != bytes.endIndex, bytes[index] == UInt8(ascii: "?") {
            let queryStart = bytes.index(after: index)
            let queryEnd = Self.firstIndex(in: url, from: queryStart) { $0 == UInt8(ascii: "#") }
            Self.appendQueryItems(of: url[queryStart..<queryEnd], to: &queryItems)
            index = queryEnd
        }

        var components: [Substring] = []
        if let host, !host.isEmpty,
            hostAsPath || (host != "localhost" && !host.utf8.contains(UInt8(ascii: ".")))
        {
            components.append(host)
        }

        var fragmentPath: Substring = ""
        if index != bytes.endIndex {
            let fragment = url[bytes.index(after: index)...]
            fragmentPath = Self.readFragment(fragment, into: &queryItems)
        }
        if fragmentPath.isEmpty {
            components += path.pathComponents()
        } else {
            // The fragment path is glued on with its `#`, as JLRoutes matches it.
            let joined = String(path) + "#" + String(fragmentPath)
            components += Substring(joined).pathComponents()
        }

        self.scheme = scheme
        self.pathComponents = components
        self.queryItems = queryItems
    }

    /// Appends the valued items of `query` (`a=1&b&c=3` gives `a` and `c`).
    static func appendQueryItems(of query: Substring, to items: inout [QueryItem]) {
        forEachItem(in: query) { name, value in
            if let value, !name.isEmpty { items.append(QueryItem(name: name, value: value)) }
        }
    }

    /// A fragment of `key=value` items merges into the query; any other
    /// fragment path is returned to be matched after a `#`.
    private static func readFragment(_ fragment: Substring, into items: inout [QueryItem]) -> Substring {
        let separator = fragment.utf8.firstIndex(of: UInt8(ascii: "?"))
        let path = separator.map { fragment[..<$0] } ?? fragment
        let query = separator.map { fragment[fragment.utf8.index(after: $0)...] }
        let candidate = query ?? path

        var firstValue: Substring??
        forEachItem(in: candidate) { _, value in
            if firstValue == nil { firstValue = .some(value) }
        }
        let holdsItems = (firstValue ?? nil)?.isEmpty == false
        if holdsItems {
            appendQueryItems(of: candidate, to: &items)
            if query == nil { return "" }
        }
        return path
    }

    /// Calls `body` with each `&`-separated item's name and, when it has an `=`, its value.
    private static func forEachItem(in query: Substring, _ body: (Substring, Substring?) -> Void) {
        let bytes = query.utf8
        var start = bytes.startIndex
        var index = start
        while true {
            if index == bytes.endIndex || bytes[index] == UInt8(ascii: "&") {
                if start != index {
                    let item = query[start..<index]
                    if let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) {
                        body(item[..<equals], item[item.utf8.index(after: equals)...])
                    } else {
                        body(item, nil)
                    }
                }
                if index == bytes.endIndex { break }
                start = bytes.index(after: index)
            }
            bytes.formIndex(after: &index)
        }
    }

    /// The index of the `:` ending a leading `letter *(letter / digit / + / - / .)` scheme.
    static func schemeEnd(in text: String) -> String.Index? {
        let bytes = text.utf8
        guard let first = bytes.first, isLetter(first) else { return nil }
        var index = bytes.index(after: bytes.startIndex)
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { return index }
            guard isSchemeByte(byte) else { return nil }
            bytes.formIndex(after: &index)
        }
        return nil
    }

    /// Whether `name` is a valid scheme on its own (no `:`).
    static func isValidScheme(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first) else { return false }
        return name.utf8.allSatisfy(isSchemeByte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func hasAuthority(_ rest: Substring.UTF8View) -> Bool {
        var iterator = rest.makeIterator()
        return iterator.next() == UInt8(ascii: "/") && iterator.next() == UInt8(ascii: "/")
    }

    /// The host of `user@host:port`, `[v6]:port` keeping its brackets.
    private static func host(inAuthority authority: Substring) -> Substring {
        var host = authority
        if let at = host.utf8.lastIndex(of: UInt8(ascii: "@")) {
            host = host[host.utf8.index(after: at)...]
        }
        if host.utf8.first == UInt8(ascii: "[") {
            if let close = host.utf8.firstIndex(of: UInt8(ascii: "]")) {
                return host[...close]
            }
            return host
        }
        if let colon = host.utf8.firstIndex(of: UInt8(ascii: ":")) {
            return host[..<colon]
        }
        return host
    }

    private static func firstIndex(
        in text: String, from start: String.Index, where predicate: (UInt8) -> Bool
    ) -> String.Index {
        let bytes = text.utf8
        var index = start
        while index != bytes.endIndex, !predicate(bytes[index]) {
            bytes.formIndex(after: &index)
        }
        return index
    }
}
