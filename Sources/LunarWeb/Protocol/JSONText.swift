/// A compact JSON writer: the page's messages are built by hand so that their bytes are
/// small and stable (keys in the order written, no spaces), which the protocol tests and the
/// `web.text_update_bytes` benchmark rely on.
struct JSONText {
    private(set) var text = ""

    /// A JSON string literal for `value`.
    static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A JSON number: integral values without a fraction, non-finite ones as 0.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}

/// One JSON object written key by key, in order.
struct JSONObject {
    private var fields: [String] = []

    init() {}

    mutating func put(_ key: String, raw: String) { fields.append(JSONText.quoted(key) + ":" + raw) }
    mutating func put(_ key: String, _ value: String) { put(key, raw: JSONText.quoted(value)) }
    mutating func put(_ key: String, _ value: Int) { put(key, raw: String(value)) }
    mutating func put(_ key: String, _ value: Bool) { put(key, raw: value ? "true" : "false") }
    mutating func put(_ key: String, optional value: String?) { put(key, raw: value.map(JSONText.quoted) ?? "null") }

    var text: String { "{" + fields.joined(separator: ",") + "}" }
}
