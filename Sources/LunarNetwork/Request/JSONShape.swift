import LunarJSON

/// The expected shape of a JSON response, checked before reformers run (YTKNetwork's `jsonValidator`).
///
/// Objects list the members that must be present with their shapes; members not listed are allowed.
/// A failed check is a `.validation` error naming the first offending path. One rule for every
/// document, whichever side decoded it (``mismatch(in:)`` over any ``JSONShapeSubject``):
///
/// - `.any` is any value that is there, `null` included; an object member listed as `.any` must be
///   present (`.optional(.any)` may be absent);
/// - `.optional(s)` is `null`, or (as a member) absent, or `s`;
/// - any other shape refuses `null`: `$.nick: expected string, got null`.
public indirect enum JSONShape: Sendable, Hashable {
    /// Any value, including `null`; as an object member it must be present.
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

    /// `nil` when `subject` (a `JSONValue`, or an adapter's value) has this shape, otherwise a
    /// sentence naming the first mismatch at or below `path`, such as
    /// `"$.user.id: expected number, got string"`.
    public func mismatch<Subject: JSONShapeSubject>(in subject: Subject, at path: String = "$") -> String? {
        let type = subject.shapeType
        switch self {
        case .any:
            return nil
        case .optional(let wrapped):
            return type == .null ? nil : wrapped.mismatch(in: subject, at: path)
        case .string where type == .string, .number where type == .number, .bool where type == .boolean:
            return nil
        case .array(let element) where type == .array || type == .arrayOrObject:
            return subject.firstElementMismatch(at: path) { position, item in
                element.mismatch(in: item, at: "\(path)[\(position)]")
            }
        case .object(let members) where type == .object || type == .arrayOrObject:
            for name in members.keys.sorted() {
                let shape = members[name]!
                let problem = subject.withMember(name, at: path) { member -> String? in
                    guard let member else {
                        if case .optional = shape { return nil }
                        return "\(path).\(name): missing"
                    }
                    return shape.mismatch(in: member, at: "\(path).\(name)")
                }
                if let problem { return problem }
            }
            return nil
        default:
            return "\(path): expected \(Subject.name(of: self)), got \(subject.shapeTypeName)"
        }
    }
}

/// What a ``JSONShape`` check sees of a document, so one rule checks a Swift `JSONValue` and an
/// adapter's values (a script's tables, read in place) alike.
public protocol JSONShapeSubject {
    /// The value's type as shapes see it.
    var shapeType: JSONShapeType { get }
    /// The name a mismatch message gives the value's type (`string`, `null`, `table`).
    var shapeTypeName: String { get }
    /// Calls `body` with each element of an array, in order, with its position as paths show it,
    /// and returns the first mismatch it reports (or a problem reading the elements).
    func firstElementMismatch(at path: String, _ body: (Int, Self) -> String?) -> String?
    /// Calls `body` with the object member `name`, or with `nil` when it is absent, and returns
    /// its result (or a problem reading the member).
    func withMember(_ name: String, at path: String, _ body: (Self?) -> String?) -> String?
    /// The name a mismatch message gives what `shape` expects (`number`, `object`).
    static func name(of shape: JSONShape) -> String
}

/// A document value's type, as a ``JSONShape`` check tells them apart.
public enum JSONShapeType: Sendable, Hashable {
    case null, boolean, number, string, array, object
    /// A container that may be read as either (a Lua table).
    case arrayOrObject
    /// Something JSON has no name for (a function in a script's value).
    case other
}

extension JSONShapeSubject {
    /// JSON's names: `string`, `number`, `boolean`, `array`, `object`, `any value`, `optional ...`.
    public static func name(of shape: JSONShape) -> String { shape.name(object: "object") }
}

extension JSONValue: JSONShapeSubject {
    public var shapeType: JSONShapeType {
        switch self {
        case .null: .null
        case .bool: .boolean
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    public var shapeTypeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Positions are zero-based, as in Swift.
    public func firstElementMismatch(at path: String, _ body: (Int, JSONValue) -> String?) -> String? {
        for (position, element) in (arrayValue ?? []).enumerated() {
            if let problem = body(position, element) { return problem }
        }
        return nil
    }

    public func withMember(_ name: String, at path: String, _ body: (JSONValue?) -> String?) -> String? {
        body(self[name])
    }
}

extension JSONShape {
    /// The shape's name in a message, an object called `object` (`"table"` in Lua's words).
    public func name(object: String) -> String {
        switch self {
        case .any: "any value"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .array: "array"
        case .object: object
        case .optional(let wrapped): "optional " + wrapped.name(object: object)
        }
    }
}
