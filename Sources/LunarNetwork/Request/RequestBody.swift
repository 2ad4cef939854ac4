import struct Foundation.Data
import LunarJSON

/// What a request sends after its headers, and how it is encoded.
public enum RequestBody: Sendable, Hashable {
    /// A JSON document, sent as `application/json`.
    case json(JSONValue)
    /// URL-encoded pairs, sent as `application/x-www-form-urlencoded`.
    case form(Parameters)
    /// Named parts, sent as `multipart/form-data`.
    case multipart([MultipartPart])
    /// Bytes sent as they are, with the given content type.
    case raw(Data, contentType: String)
}

/// One part of a `multipart/form-data` body: a form field or a file.
public struct MultipartPart: Sendable, Hashable {
    /// The form field name.
    public var name: String
    /// The file name, for a file part.
    public var filename: String?
    /// The part's content type; `nil` sends none (a plain field).
    public var contentType: String?
    /// The part's bytes.
    public var data: Data

    /// A file or binary part.
    public init(name: String, filename: String? = nil, contentType: String? = nil, data: Data) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }

    /// A plain text field.
    public init(name: String, value: String) {
        self.init(name: name, data: Data(value.utf8))
    }
}
