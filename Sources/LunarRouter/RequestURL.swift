/// A URL taken apart the way the router matches it, by its own byte-level
/// parser (Foundation's URL differs between platforms on duplicate slashes and
/// rejects some inputs outright).
///
/// Components and query items are byte ranges into the text, still
/// percent-encoded; decoding happens only for the values a handler receives,
/// so routing a URL allocates little beyond the component list.
struct RequestURL {
    /// One `name=value` item, as byte ranges into ``url``.
    struct QueryItem {
        let name: Range<Int>
        let value: Range<Int>
    }

    /// The URL as given (made contiguous UTF-8); query items point into it.
    let url: String
    /// The text the path components point into: ``url`` itself, or, when a
    /// fragment path is matched, a joined copy of host, path and `#` + fragment.
    let pathText: String
    /// The scheme's byte range in ``url``, when the URL has one.
    let schemeRange: Range<Int>?
    /// The components that are matched against patterns: the host when it
    /// counts as a component, then the path (and `#` + fragment path), with
    /// empty components dropped.
    let pathComponents: [Range<Int>]
    /// Query items that have a value, in order, followed by fragment query items.
    let queryItems: [QueryItem]

    /// Parses `url`; returns `nil` for the empty string and for text holding
    /// ASCII control characters, which no URL contains. Everything else parses:
    /// odd input only yields components that match no route.
    init?(parsing url: String, hostAsPath: Bool) {
        var url = url
        url.makeContiguousUTF8()
        guard let parts = url.utf8.withContiguousStorageIfAvailable({ Self.split($0, hostAsPath: hostAsPath) }),
            let parts
        else { return nil }

        self.url = url
        self.schemeRange = parts.scheme
        self.queryItems = parts.queryItems
        if var joined = parts.joinedPath {
            joined.makeContiguousUTF8()
            self.pathText = joined
            self.pathComponents = joined.utf8.withContiguousStorageIfAvailable {
                var components: [Range<Int>] = []
                Self.appendComponents(of: $0, in: 0..<$0.count, to: &components)
                return components
            }!
        } else {
            self.pathText = url
            self.pathComponents = parts.pathComponents
        }
    }

    /// The lowercased scheme, or `nil` when the URL has none.
    var scheme: String? {
        guard let schemeRange else { return nil }
        return url.utf8.withContiguousStorageIfAvailable {
            String(decoding: UnsafeBufferPointer(rebasing: $0[schemeRange]), as: UTF8.self).lowercased()
        }
    }

    /// Decodes the query items into parameters (see ``QueryString``).
    func queryParameters(decodePlus: Bool) -> [String: RouteValue] {
        guard !queryItems.isEmpty else { return [:] }
        return url.utf8.withContiguousStorageIfAvailable {
            QueryString.parameters(from: queryItems, in: $0, decodePlus: decodePlus)
        }!
    }

    /// Calls `body` with the bytes the path components point into.
    func withPathBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        pathText.utf8.withContiguousStorageIfAvailable(body)!
    }
}

extension RequestURL {
    /// What ``split(_:hostAsPath:)`` finds; ranges are byte offsets.
    private struct Parts {
        var scheme: Range<Int>?
        var pathComponents: [Range<Int>] = []
        var queryItems: [QueryItem] = []
        /// Host, path and `#` + fragment path in one text, when a fragment path is matched.
        var joinedPath: String?
    }

    private static func split(_ bytes: UnsafeBufferPointer<UInt8>, hostAsPath: Bool) -> Parts? {
        guard !bytes.isEmpty, !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
        var parts = Parts()
        parts.pathComponents.reserveCapacity(8)
        var index = 0

        if let colon = schemeEnd(in: bytes) {
            parts.scheme = 0..<colon
            index = colon + 1
        }

        var host: Range<Int>?
        if index + 1 < bytes.count, bytes[index] == slash, bytes[index + 1] == slash {
            let authorityEnd = firstIndex(in: bytes, from: index + 2) { $0 == slash || $0 == question || $0 == hash }
            host = self.host(inAuthority: index + 2..<authorityEnd, of: bytes)
            index = authorityEnd
        }
        let hostIsComponent = host.map { range in
            !range.isEmpty && (hostAsPath || !(isLocalhost(range, in: bytes) || bytes[range].contains(dot)))
        } ?? false

        let pathStart = index
        let pathEnd = firstIndex(in: bytes, from: index) { $0 == question || $0 == hash }
        index = pathEnd

        if index < bytes.count, bytes[index] == question {
            let queryEnd = firstIndex(in: bytes, from: index + 1) { $0 == hash }
            appendQueryItems(of: index + 1..<queryEnd, in: bytes, to: &parts.queryItems)
            index = queryEnd
        }
        if index < bytes.count {
            let fragmentPath = readFragment(index + 1..<bytes.count, of: bytes, into: &parts.queryItems)
            if !fragmentPath.isEmpty {
                // The fragment path is glued on with its `#`, as JLRoutes matches it.
                // A path after an authority starts with `/`, so host and path stay apart.
                var joined = hostIsComponent ? text(host!, of: bytes) : ""
                joined += text(pathStart..<pathEnd, of: bytes) + "#" + text(fragmentPath, of: bytes)
                parts.joinedPath = joined
                return parts
            }
        }

        if hostIsComponent { parts.pathComponents.append(host!) }
        appendComponents(of: bytes, in: pathStart..<pathEnd, to: &parts.pathComponents)
        return parts
    }

    /// Appends the non-empty `/`-separated ranges of `range`.
    static func appendComponents(of bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, to components: inout [Range<Int>]) {
        var start = range.lowerBound
        for index in range where bytes[index] == slash {
            if start != index { components.append(start..<index) }
            start = index + 1
        }
        if start != range.upperBound { components.append(start..<range.upperBound) }
    }

    /// Appends the valued, named items of `range` (`a=1&b&c=3` gives `a` and `c`).
    static func appendQueryItems(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, to items: inout [QueryItem]) {
        forEachItem(in: range, of: bytes) { name, value in
            if let value, !name.isEmpty { items.append(QueryItem(name: name, value: value)) }
        }
    }

    /// A fragment of `key=value` items merges into the query; any other
    /// fragment path is returned to be matched after a `#`.
    private static func readFragment(_ fragment: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, into items: inout [QueryItem]) -> Range<Int> {
        let separator = firstIndex(in: bytes, from: fragment.lowerBound) { $0 == question }
        let path = fragment.lowerBound..<min(separator, fragment.upperBound)
        let query = separator < fragment.upperBound ? separator + 1..<fragment.upperBound : nil
        let candidate = query ?? path

        var firstValue: Range<Int>??
        forEachItem(in: candidate, of: bytes) { _, value in
            if firstValue == nil { firstValue = .some(value) }
        }
        let holdsItems = (firstValue ?? nil)?.isEmpty == false
        if holdsItems {
            appendQueryItems(of: candidate, in: bytes, to: &items)
            if query == nil { return path.upperBound..<path.upperBound }
        }
        return path
    }

    /// Calls `body` with each `&`-separated item's name and, when it has an `=`, its value.
    private static func forEachItem(in range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Range<Int>?) -> Void) {
        var start = range.lowerBound
        while start <= range.upperBound {
            let end = firstIndex(in: bytes, from: start, upTo: range.upperBound) { $0 == ampersand }
            if start != end {
                let equals = firstIndex(in: bytes, from: start, upTo: end) { $0 == equalsSign }
                if equals < end {
                    body(start..<equals, equals + 1..<end)
                } else {
                    body(start..<end, nil)
                }
            }
            start = end + 1
        }
    }

    /// The offset of the `:` ending a leading `letter *(letter / digit / + / - / .)` scheme.
    static func schemeEnd(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = bytes.first, isLetter(first) else { return nil }
        for index in 1..<bytes.count {
            let byte = bytes[index]
            if byte == colon { return index }
            guard isSchemeByte(byte) else { return nil }
        }
        return nil
    }

    /// Whether `name` is a valid scheme on its own (no `:`).
    static func isValidScheme(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first) else { return false }
        return name.utf8.allSatisfy(isSchemeByte)
    }

    /// Whether `text` starts with a scheme and its `:`.
    static func hasScheme(_ text: String) -> Bool {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { schemeEnd(in: $0) != nil } ?? false
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == dot
    }

    private static func isLocalhost(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes[range].elementsEqual("localhost".utf8)
    }

    /// The host of `user@host:port`, or `[v6]:port` keeping its brackets.
    private static func host(inAuthority authority: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = authority.lowerBound
        if let at = bytes[authority].lastIndex(of: UInt8(ascii: "@")) { start = at + 1 }
        if start < authority.upperBound, bytes[start] == UInt8(ascii: "[") {
            let close = firstIndex(in: bytes, from: start, upTo: authority.upperBound) { $0 == UInt8(ascii: "]") }
            return start..<min(close + 1, authority.upperBound)
        }
        return start..<firstIndex(in: bytes, from: start, upTo: authority.upperBound) { $0 == colon }
    }

    private static func text(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private static func firstIndex(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, upTo end: Int? = nil, where predicate: (UInt8) -> Bool
    ) -> Int {
        let end = end ?? bytes.count
        var index = start
        while index < end, !predicate(bytes[index]) { index += 1 }
        return index
    }
}

private let slash = UInt8(ascii: "/")
private let question = UInt8(ascii: "?")
private let hash = UInt8(ascii: "#")
private let colon = UInt8(ascii: ":")
private let dot = UInt8(ascii: ".")
private let ampersand = UInt8(ascii: "&")
private let equalsSign = UInt8(ascii: "=")
