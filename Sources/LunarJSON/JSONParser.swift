import CJSONLimits
import struct Foundation.Data

extension JSONValue {
    /// The deepest nesting of arrays and objects a document may have; one level deeper is a
    /// ``JSONParseError``. The same limit as Lua's `json` (`LUNAR_JSON_MAX_DEPTH`, one C header).
    public static let maximumDepth = Int(LUNAR_JSON_MAX_DEPTH)

    /// Parses one JSON document (RFC 8259; any value at the top level) from UTF-8 bytes.
    ///
    /// Builds no Foundation objects. Nesting deeper than ``JSONValue/maximumDepth`` levels is rejected
    /// rather than risking the stack, and so is a number too large for a `Double` (`1e400`). Invalid
    /// UTF-8 inside strings is repaired with U+FFFD.
    public init(parsing bytes: some Collection<UInt8>) throws(JSONParseError) {
        let parsed: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            var parser = JSONParser(buffer)
            return Result { () throws(JSONParseError) in try parser.parseDocument() }
        }
        if let parsed {
            self = try parsed.get()
        } else {
            try self.init(parsing: Array(bytes))
        }
    }

    /// Parses one JSON document from a `Data` buffer; see ``init(parsing:)-(Collection<UInt8>)``.
    public init(parsing data: Data) throws(JSONParseError) {
        let parsed = data.withUnsafeBytes { raw in
            var parser = JSONParser(raw.bindMemory(to: UInt8.self))
            return Result { () throws(JSONParseError) in try parser.parseDocument() }
        }
        self = try parsed.get()
    }

    /// Parses one JSON document from text.
    public init(parsing text: String) throws(JSONParseError) {
        var text = text
        let parsed = text.withUTF8 { buffer in
            var parser = JSONParser(buffer)
            return Result { () throws(JSONParseError) in try parser.parseDocument() }
        }
        self = try parsed.get()
    }
}

extension JSONValue {
    /// The members of the JSON object that `bytes` holds, each as the exact text of its value
    /// (checked as ``init(parsing:)-(Collection<UInt8>)`` checks it, but not re-written), for
    /// stores that keep values as the text they were given. A repeated key keeps its last value.
    /// Throws when `bytes` is not one JSON object.
    public static func memberTexts(ofObject bytes: some Collection<UInt8>) throws(JSONParseError) -> [String: [UInt8]] {
        let contiguous = Array(bytes)
        let parsed = contiguous.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer)
            return Result { () throws(JSONParseError) in
                try parser.parseMemberRanges().mapValues { Array(buffer[$0]) }
            }
        }
        return try parsed.get()
    }
}

/// A recursive-descent reader over a borrowed byte buffer; lives only for one parse.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private static let maximumDepth = JSONValue.maximumDepth

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected data after the document") }
        return value
    }

    /// The whole buffer as one object: each member's name and where its value's text lies.
    mutating func parseMemberRanges() throws(JSONParseError) -> [String: Range<Int>] {
        skipWhitespace()
        guard peek() == UInt8(ascii: "{") else { throw failure("expected an object") }
        var members: [String: Range<Int>] = [:]
        try parseMembers { key, _, range in members[key] = range }
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected data after the document") }
        return members
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected character")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        var members: [String: JSONValue] = [:]
        try parseMembers { key, value, _ in members[key] = value }
        return .object(members)
    }

    /// Reads the object at `index` (its `{` through its `}`), handing `visit` each member's
    /// name, value and where the value's text lies.
    private mutating func parseMembers(_ visit: (String, JSONValue, Range<Int>) -> Void) throws(JSONParseError) {
        try enterContainer()
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw failure("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            let start = index
            let value = try parseValue()
            visit(key, value, start..<index)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; depth -= 1; return
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; depth -= 1; return .array(elements)
            default: throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // the opening quote
        let start = index
        // Fast path: no escapes, the bytes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("control character in string") }
            index += 1
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try appendEscape(to: &scalars)
            case ..<0x20:
                throw failure("control character in string")
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw failure("unterminated string")
    }

    private mutating func appendEscape(to output: inout [UInt8]) throws(JSONParseError) {
        guard index < bytes.count else { throw failure("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var code = UInt32(try parseHexQuad())
            if (0xD800..<0xDC00).contains(code) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("unpaired surrogate")
                }
                index += 2
                let low = UInt32(try parseHexQuad())
                guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(code) {
                throw failure("unpaired surrogate")
            }
            guard let scalar = Unicode.Scalar(code) else { throw failure("invalid code point") }
            output.append(contentsOf: UTF8.encode(scalar)!)
        default:
            index -= 1
            throw failure("invalid escape")
        }
    }

    private mutating func parseHexQuad() throws(JSONParseError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw failure("truncated \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid hex digit")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        var isInteger = true
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw failure("expected a digit") }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let next = peek(), isDigit(next) else { throw failure("expected a digit after '.'") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let next = peek(), isDigit(next) else { throw failure("expected a digit in the exponent") }
            skipDigits()
        }
        let span = UnsafeBufferPointer(rebasing: bytes[start..<index])
        // Integers of up to 15 digits are exact in a Double; skip the text round trip for them.
        if isInteger, span.count <= 16 {
            var magnitude: Int64 = 0
            var negative = false
            for byte in span {
                if byte == UInt8(ascii: "-") { negative = true; continue }
                magnitude = magnitude * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            if magnitude < 1 << 53 { return Double(negative ? -magnitude : magnitude) }
        }
        guard let value = Double(String(decoding: span, as: UTF8.self)) else { throw failure("invalid number") }
        // `1e400` would read as infinity, which no JSON document can hold or write back.
        guard value.isFinite else {
            index = start
            throw failure("number out of range")
        }
        return value
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end of input") }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            throw failure("invalid literal")
        }
        index += count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func failure(_ reason: String) -> JSONParseError {
        JSONParseError(offset: index, reason: reason)
    }
}
