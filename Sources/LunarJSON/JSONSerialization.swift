import struct Foundation.Data

/// Why a `JSONValue` cannot be written as JSON text.
public struct JSONSerializationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the offending value sits, as a path such as `$.items[2].price`.
    public let path: String
    /// What is wrong with it.
    public let reason: String

    /// Creates an error for the value at `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `"<reason> at <path>"`.
    public var description: String { "\(reason) at \(path)" }
}

extension JSONValue {
    /// The value as compact UTF-8 JSON text, object keys sorted so equal values give equal bytes.
    ///
    /// Throws for numbers JSON cannot represent (NaN and the infinities).
    public func serialized() throws(JSONSerializationError) -> Data {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        try write(into: &output, path: "$")
        return Data(output)
    }

    /// The value as compact JSON text; see ``serialized()``.
    public func serializedText() throws(JSONSerializationError) -> String {
        var output: [UInt8] = []
        try write(into: &output, path: "$")
        return String(decoding: output, as: UTF8.self)
    }

    private func write(into output: inout [UInt8], path: String) throws(JSONSerializationError) {
        switch self {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value):
            guard value.isFinite else {
                throw JSONSerializationError(path: path, reason: "\(value) is not a JSON number")
            }
            output.append(contentsOf: Self.text(for: value).utf8)
        case .string(let value):
            Self.writeString(value, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                try element.write(into: &output, path: "\(path)[\(position)]")
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (position, key) in members.keys.sorted().enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                try members[key]!.write(into: &output, path: "\(path).\(key)")
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// `string` as a JSON string literal, quotes included, escaped as ``serialized()`` escapes
    /// strings: for writers that build JSON text piece by piece (the web renderer's messages).
    public static func quoted(_ string: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count + 2)
        writeString(string, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// A finite number as JSON text, as ``serialized()`` writes it: integral values without a
    /// fraction (`3`, not `3.0`), others in Swift's shortest round-trip form.
    public static func text(for number: Double) -> String {
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
            return String(Int64(number))
        }
        return "\(number)"
    }

    private static func writeString(_ string: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: #"\u00"#.utf8)
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
