extension JSONValue {
    /// Whether the value carries nothing: `null`, `""`, `[]` or `{}`. Zero and `false` are not empty.
    public var isEmpty: Bool {
        switch self {
        case .null: true
        case .string(let value): value.isEmpty
        case .array(let value): value.isEmpty
        case .object(let value): value.isEmpty
        case .bool, .number: false
        }
    }

    /// Sets member `key` to `value` unless `value` is `nil` or empty (see ``isEmpty``), so a request body
    /// never carries blank fields.
    ///
    /// A `null` receiver becomes an object first; on any other non-object receiver this does nothing.
    public mutating func put(_ key: String, _ value: JSONValue?) {
        guard let value, !value.isEmpty else { return }
        switch self {
        case .object(var members):
            self = .null  // release the storage so the insert below does not copy it
            members[key] = value
            self = .object(members)
        case .null:
            self = .object([key: value])
        default:
            return
        }
    }
}
