/// One HTTP header field, as the mock API and the dev server client carry them.
public struct HeaderField: Sendable, Hashable {
    /// The field name as sent; compare names case-insensitively.
    public var name: String
    /// The field value.
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension Array where Element == HeaderField {
    /// The first value of a field, by case-insensitive name.
    public subscript(field name: String) -> String? {
        let lowered = name.lowercased()
        return first { $0.name.lowercased() == lowered }?.value
    }
}
