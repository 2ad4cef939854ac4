/// Text a peer supplied (a release id, a server's error, a refused message's kind), made safe for
/// one log line: a newline or escape sequence in it could otherwise forge a `lunar: ...` line.
public enum LogText {
    /// `text` on one line: control characters escaped (`\n`, `\u{1B}`), and backslashes unless
    /// `backslashes` is false (for text that may be escaped already), cut at `limit` characters (with `...`).
    public static func escaped(_ text: some StringProtocol, limit: Int = 2000, backslashes: Bool = true) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit { result += "..."; break }
            count += 1
            switch scalar {
            case "\\": result += backslashes ? "\\\\" : "\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                    || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// ``escaped(_:limit:backslashes:)`` in single quotes.
    public static func quoted(_ text: some StringProtocol, limit: Int = 200) -> String {
        "'" + escaped(text, limit: limit) + "'"
    }
}
