import LunarJSON

/// The expected shape of a JSON response, checked before reformers run (YTKNetwork's `jsonValidator`).
///
/// Objects list the members that must be present with their shapes; members not listed are allowed.
/// A failed check is a `.validation` error naming the first offending path.
public indirect enum JSONShape: Sendable, Hashable {
    /// Any value, including `null`.
    case any
    /// A string.
    case string
    /// A number.
    case number
    /// A Boolean.
    case bool
    /// An array whose every element has the given shape.
    case array(of: JSONShape)
    /// An object with at least these members, each of its shape.
    case object([String: JSONShape])
    /// The shape, or `null`, or (as an object member) absent.
    case optional(JSONShape)

    /// `nil` when `value` has this shape, otherwise a sentence naming the first mismatch, such as
    /// `"$.user.id: expected number, got string"`.
    public func mismatch(in value: JSONValue) -> String? {
        mismatch(in: value, at: "$")
    }

    private func mismatch(in value: JSONValue, at path: String) -> String? {
        switch (self, value) {
        case (.any, _), (.string, .string), (.number, .number), (.bool, .bool):
            return nil
        case (.optional, .null):
            return nil
        case (.optional(let wrapped), _):
            return wrapped.mismatch(in: value, at: path)
        case (.array(let element), .array(let elements)):
            for (index, item) in elements.enumerated() {
                if let problem = element.mismatch(in: item, at: "\(path)[\(index)]") { return problem }
            }
            return nil
        case (.object(let members), .object(let actual)):
            for key in members.keys.sorted() {
                let shape = members[key]!
                guard let member = actual[key] else {
                    if case .optional = shape { continue }
                    return "\(path).\(key): missing"
                }
                if let problem = shape.mismatch(in: member, at: "\(path).\(key)") { return problem }
            }
            return nil
        default:
            return "\(path): expected \(name), got \(Self.name(of: value))"
        }
    }

    private var name: String {
        switch self {
        case .any: "any value"
        case .string: "string"
        case .number: "number"
        case .bool: "bool"
        case .array: "array"
        case .object: "object"
        case .optional(let wrapped): "optional \(wrapped.name)"
        }
    }

    private static func name(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
