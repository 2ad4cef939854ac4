/// Lunar's one Swift JSON writer (Lua's `json.encode` is the C encoder's own): compact UTF-8
/// text, no spaces, strings escaped one way and numbers written one way; indented for people
/// when made with an ``indentation``.
///
/// ``JSONValue/serialized()`` writes through it with object keys sorted; a wire message whose
/// keys must stay in the order written (the web renderer's) is an ``OrderedJSONObject`` on it.
/// A value type: each writer owns its bytes.
public struct JSONWriter: Sendable {
    /// The text written so far, as UTF-8.
    public private(set) var bytes: [UInt8] = []

    /// Spaces per level of nesting in what ``write(_:path:)`` writes: 0 writes compact text (the
    /// wire's); above 0 each element and member is on a line of its own, indented, with `": "`
    /// after a key (text for people, as the inspector shows a response). An empty array or
    /// object stays `[]` or `{}`.
    public let indentation: Int

    /// An empty writer with room for `capacity` bytes, indenting by `indentation` spaces (0: compact).
    public init(reservingCapacity capacity: Int = 256, indentation: Int = 0) {
        bytes.reserveCapacity(capacity)
        self.indentation = max(0, indentation)
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends text that is already JSON (a member or element written elsewhere), unchanged.
    public mutating func writeRaw(_ json: String) { bytes.append(contentsOf: json.utf8) }

    /// Appends `null`.
    public mutating func writeNull() { writeRaw("null") }

    /// Appends `true` or `false`.
    public mutating func write(_ flag: Bool) { writeRaw(flag ? "true" : "false") }

    /// Appends an integer.
    public mutating func write(_ integer: Int) { writeRaw(String(integer)) }

    /// Appends a number as ``numberText(_:)`` writes it (NaN and the infinities as 0).
    public mutating func write(_ number: Double) { writeRaw(Self.numberText(number)) }

    /// Appends `string` as a JSON string literal, quotes included: `"`, `\` and the control
    /// characters escaped (`\n`, `\r`, `\t`, else `\u00XX`), everything else as its UTF-8 bytes.
    public mutating func write(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case ..<0x20:
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `value`, object keys sorted so equal values give equal bytes, indented when the
    /// writer has an ``indentation``.
    ///
    /// Throws for NaN and the infinities, which JSON cannot represent (naming where they sit,
    /// below `path`); what was written before the error stays written.
    public mutating func write(_ value: JSONValue, path: String = "$") throws(JSONSerializationError) {
        try write(value, path: path, level: 0)
    }

    private mutating func write(_ value: JSONValue, path: String, level: Int) throws(JSONSerializationError) {
        switch value {
        case .null:
            writeNull()
        case .bool(let flag):
            write(flag)
        case .number(let number):
            guard number.isFinite else {
                throw JSONSerializationError(path: path, reason: "\(number) is not a JSON number")
            }
            write(number)
        case .string(let string):
            write(string)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                breakLine(level: level + 1)
                try write(element, path: "\(path)[\(position)]", level: level + 1)
            }
            if !elements.isEmpty { breakLine(level: level) }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (position, key) in members.keys.sorted().enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                breakLine(level: level + 1)
                write(key)
                bytes.append(UInt8(ascii: ":"))
                if indentation > 0 { bytes.append(UInt8(ascii: " ")) }
                try write(members[key]!, path: "\(path).\(key)", level: level + 1)
            }
            if !members.isEmpty { breakLine(level: level) }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// With an indentation, a newline and the indent of `level`; nothing for compact text.
    private mutating func breakLine(level: Int) {
        guard indentation > 0 else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indentation * level))
    }

    /// `string` as a JSON string literal, quotes included, escaped as `write(_:)` escapes a string.
    public static func quoted(_ string: String) -> String {
        var writer = JSONWriter(reservingCapacity: string.utf8.count + 2)
        writer.write(string)
        return writer.text
    }

    /// A number as JSON text: integral values without a fraction (`3`, not `3.0`), others in
    /// Swift's shortest round-trip form; NaN and the infinities, which JSON has no text for, as
    /// `0` (a message to a page has no error path; ``write(_:path:)`` refuses them instead).
    public static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "0" }
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
            return String(Int64(number))
        }
        return "\(number)"
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
