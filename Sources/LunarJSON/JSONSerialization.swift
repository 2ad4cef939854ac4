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
    /// The value as compact UTF-8 JSON text, object keys sorted so equal values give equal bytes
    /// (``JSONWriter``).
    ///
    /// Throws for numbers JSON cannot represent (NaN and the infinities).
    public func serialized() throws(JSONSerializationError) -> Data {
        var writer = JSONWriter()
        try writer.write(self)
        return Data(writer.bytes)
    }

    /// The value as JSON text; see ``serialized()``. Compact, or indented by `indentation`
    /// spaces per level for people to read (``JSONWriter/indentation``).
    public func serializedText(indentation: Int = 0) throws(JSONSerializationError) -> String {
        var writer = JSONWriter(indentation: indentation)
        try writer.write(self)
        return writer.text
    }
}
