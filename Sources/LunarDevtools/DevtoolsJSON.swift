import Foundation
import LunarJSON

/// The inspector's messages are small JSON objects; this writes one with LunarJSON (keys sorted,
/// so they are stable), non-finite numbers as 0 and anything not JSON as its description.
enum DevtoolsJSON {
    static func text(_ object: [String: Any]) -> String {
        (try? value(object).serializedText()) ?? "{\"t\":\"refused\",\"reason\":\"a message could not be written as JSON\"}"
    }

    private static func value(_ any: Any) -> JSONValue {
        switch any {
        case let dictionary as [String: Any]: .object(dictionary.mapValues(value))
        case let array as [Any]: .array(array.map(value))
        case let string as String: .string(string)
        case let bool as Bool: .bool(bool)
        case let int as Int: .number(Double(int))
        case let double as Double: .number(double.isFinite ? double : 0)
        case let json as JSONValue: json
        case is NSNull: .null
        default: .string(String(describing: any))
        }
    }

    /// At most `limit` bytes of `data` as text (UTF-8, damaged bytes replaced), and whether it was cut.
    static func text(of data: Data, limit: Int = 64 << 10) -> String {
        let shown = data.prefix(limit)
        let text = String(decoding: shown, as: UTF8.self)
        return data.count > limit ? text + "\n… (\(data.count - limit) more bytes)" : text
    }
}
