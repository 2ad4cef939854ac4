/// Reading and writing query strings, with the same rules the router uses
/// when it matches (`a=1&a=2` is a list, items without `=` are dropped).
///
/// Pure functions over values; safe from any thread.
public enum QueryString {
    /// The query items of `text` as parameters, percent-decoded (and `+` read
    /// as a space in values when `decodePlus`). `text` may be a whole URL (it
    /// contains `?`, starts with `/` or has a scheme; fragment items are merged
    /// as when routing) or a bare query string such as `a=1&b=2`.
    public static func parse(_ text: String, decodePlus: Bool = true) -> [String: RouteValue] {
        let looksLikeURL =
            text.utf8.contains(UInt8(ascii: "?")) || text.utf8.first == UInt8(ascii: "/")
            || RequestURL.hasScheme(text)
        if looksLikeURL {
            return RequestURL(parsing: text, hostAsPath: false)?.queryParameters(decodePlus: decodePlus) ?? [:]
        }
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
            var items: [RequestURL.QueryItem] = []
            RequestURL.appendQueryItems(of: 0..<end, in: bytes, to: &items)
            return parameters(from: items, in: bytes, decodePlus: decodePlus)
        } ?? [:]
    }

    /// Writes `items` as `key=value` pairs joined by `&`, keys in ascending
    /// order so the output is deterministic; a `.list` repeats its key once per
    /// value. Keys and values are percent-encoded (all but `A-Z a-z 0-9 - . _ ~`).
    /// Throws ``RouterError/unencodableValue(key:)`` for an `.opaque` value.
    public static func make(from items: [String: RouteValue]) throws(RouterError) -> String {
        var pairs: [String] = []
        for (key, value) in items.sorted(by: { $0.key < $1.key }) {
            let encodedKey = PercentEncoding.encode(key)
            switch value {
            case .string(let value):
                pairs.append(encodedKey + "=" + PercentEncoding.encode(value))
            case .list(let values):
                for value in values { pairs.append(encodedKey + "=" + PercentEncoding.encode(value)) }
            case .opaque:
                throw .unencodableValue(key: key)
            }
        }
        return pairs.joined(separator: "&")
    }

    /// Decodes items (byte ranges into `bytes`) into parameters: a key seen again turns into a `.list`.
    static func parameters(
        from items: [RequestURL.QueryItem], in bytes: UnsafeBufferPointer<UInt8>, decodePlus: Bool
    ) -> [String: RouteValue] {
        var parameters: [String: RouteValue] = [:]
        for item in items {
            let name = PercentEncoding.decode(item.name, of: bytes, plusAsSpace: false)
            let value = PercentEncoding.decode(item.value, of: bytes, plusAsSpace: decodePlus)
            switch parameters[name] {
            case nil, .opaque:
                parameters[name] = .string(value)
            case .string(let first):
                parameters[name] = .list([first, value])
            case .list(var values):
                parameters[name] = nil  // keeps the array uniquely referenced while appending
                values.append(value)
                parameters[name] = .list(values)
            }
        }
        return parameters
    }
}
