/// What a header name and value may hold, so no header can smuggle another header or a second
/// request onto the wire. Every request is checked before it is sent (`.invalidRequest`); the Lua
/// adapter checks `headers` tables when it reads them, to raise at the script's line.
public enum HeaderRules {
    /// Why `name` cannot be a header name, or nil when it can: a name is an RFC 9110 token, one or
    /// more of the letters, digits and ``tokenPunctuation``.
    public static func problem(name: String) -> String? {
        guard !name.isEmpty else { return "a header name is empty" }
        guard let bad = name.unicodeScalars.first(where: { !isTokenCharacter($0) }) else { return nil }
        return "header name \(name.debugDescription) has \(describe(bad)), which a header name cannot hold"
            + " (RFC 9110 tokens: letters, digits and \(tokenPunctuation))"
    }

    /// Why `value` cannot be the value of header `name`, or nil when it can: a value holds no CR,
    /// LF or NUL.
    public static func problem(value: String, name: String) -> String? {
        guard let bad = value.unicodeScalars.first(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else { return nil }
        return "the value of header \(name.debugDescription) has \(describe(bad)), which a header value cannot hold"
    }

    /// Why `name: value` cannot be sent, or nil when it can.
    public static func problem(name: String, value: String) -> String? {
        problem(name: name) ?? problem(value: value, name: name)
    }

    /// The punctuation a token may hold besides letters and digits.
    public static let tokenPunctuation = "!#$%&'*+-.^_`|~"

    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        default: tokenPunctuation.unicodeScalars.contains(scalar)
        }
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\r": "a carriage return (CR)"
        case "\n": "a line feed (LF)"
        case "\0": "a NUL"
        case " ": "a space"
        default: "the character \(String(scalar).debugDescription) (U+\(String(scalar.value, radix: 16, uppercase: true)))"
        }
    }
}
