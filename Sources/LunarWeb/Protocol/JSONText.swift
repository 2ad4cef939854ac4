import LunarJSON

/// The page's messages, built piece by piece so that their bytes are small and stable (keys in
/// the order written, no spaces), which the protocol tests and the `web.text_update_bytes`
/// benchmark rely on; LunarJSON's serializer sorts keys. Strings and numbers are LunarJSON's.
enum JSONText {
    /// A JSON string literal for `value`.
    static func quoted(_ value: String) -> String { JSONValue.quoted(value) }

    /// A JSON number: integral values without a fraction, non-finite ones as 0.
    static func number(_ value: Double) -> String {
        value.isFinite ? JSONValue.text(for: value) : "0"
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
