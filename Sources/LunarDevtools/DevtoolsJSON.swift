import Foundation

/// The inspector's messages are small JSON objects; this writes one (keys sorted, so they are
/// stable), with non-finite numbers as 0 and anything not JSON as its description.
enum DevtoolsJSON {
    static func text(_ object: [String: Any]) -> String {
        let clean = sanitized(object)
        guard let data = try? JSONSerialization.data(withJSONObject: clean, options: [.sortedKeys]) else {
            return "{\"t\":\"refused\",\"reason\":\"a message could not be written as JSON\"}"
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func sanitized(_ value: Any) -> Any {
        switch value {
        case let dictionary as [String: Any]: return dictionary.mapValues(sanitized)
        case let array as [Any]: return array.map(sanitized)
        case let string as String: return string
        case let bool as Bool: return bool
        case let int as Int: return int
        case let double as Double: return double.isFinite ? double : 0
        case is NSNull: return NSNull()
        default: return String(describing: value)
        }
    }

    /// At most `limit` bytes of `data` as text (UTF-8, damaged bytes replaced), and whether it was cut.
    static func text(of data: Data, limit: Int = 64 << 10) -> String {
        let shown = data.prefix(limit)
        let text = String(decoding: shown, as: UTF8.self)
        return data.count > limit ? text + "\n… (\(data.count - limit) more bytes)" : text
    }
}
