import CLunar

/// A `Codable` value that crosses the bridge as a Lua value: a struct becomes
/// a table with string keys, an array a sequence, a single value a scalar.
///
/// Conforming is all it takes; the requirements have default implementations:
///
/// ```swift
/// struct Point: LuaCodable { var x: Int; var y: Int }
///
/// m.function("move") { (p: Point) -> Point in Point(x: p.x + 1, y: p.y) }
/// let moved = try state.call(fn, Point(x: 1, y: 2), returning: Point.self)
/// ```
///
/// Reading goes through ``LuaValueDecoder``, so a table that does not fit is
/// refused with a message naming the field: a bad argument reads
/// `bad argument #1 to 'geo.move' (field 'x': number expected, got nil)`.
/// Pushing goes through ``LuaValueEncoder``; see ``push(to:)`` for what
/// happens when encoding throws.
public protocol LuaCodable: Codable, LuaPushable, LuaReadable {}

extension LuaCodable {
    /// Encodes the value and pushes the result.
    ///
    /// Pushing cannot fail, so when `encode(to:)` throws (only a hand-written
    /// encoder or an unsigned integer above `Int.max` can) `nil` is pushed and
    /// the error goes to the state's ``LuaState/errorHandler``.
    public func push(to stack: LuaStack) {
        do {
            try LuaValueEncoder().encode(self).push(to: stack)
        } catch {
            stack.pushNil()
            let message = "could not encode \(Self.self) as a Lua value: \(error)"
            stack.state.report(LuaScriptError(kind: .runtime, message: message, location: nil, traceback: nil, value: .string(message)))
        }
    }

    /// Copies the value at `index` into a ``LuaValue`` and decodes it;
    /// a failure names the field that did not fit.
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> Self {
        let value = try LuaValue.read(from: stack, at: index)
        do {
            return try LuaValueDecoder().decode(Self.self, from: value)
        } catch {
            throw LuaTypeMismatch(decoding: error)
        }
    }

    /// `table` in generated stubs; override for types that encode as a scalar.
    public static var luaTypeName: String { "table" }
}

extension LuaTypeMismatch {
    /// Turns an error from ``LuaValueDecoder`` into a mismatch that names the
    /// place, e.g. `field 'address.city': string expected, got nil`.
    public init(decoding error: any Error) {
        guard let decodingError = error as? DecodingError else {
            self.init(problem: String(describing: error))
            return
        }
        let context: DecodingError.Context
        switch decodingError {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c): context = c
        @unknown default:
            self.init(problem: String(describing: error))
            return
        }
        self.init(problem: LuaCodingPath.prefix(context.codingPath) + context.debugDescription)
    }
}

/// A coding key for an element of a Lua sequence; its index is 1-based, as in Lua.
struct LuaIndexKey: CodingKey {
    let index: Int
    init(index: Int) { self.index = index }
    init?(intValue: Int) { index = intValue }
    init?(stringValue: String) { nil }
    var intValue: Int? { index }
    var stringValue: String { String(index) }
}

/// A coding key for a table field; used for `superEncoder` and `superDecoder`.
struct LuaFieldKey: CodingKey {
    let stringValue: String
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    var intValue: Int? { nil }

    static let `super` = LuaFieldKey("super")
}

/// Renders a coding path the way a Lua reader would write it.
enum LuaCodingPath {
    /// `field 'a.b[2].c': `, or `element 2: field 'c': ` for a path that starts
    /// in a sequence; empty for the root.
    static func prefix(_ path: [any CodingKey]) -> String {
        var text = ""
        var fields = ""
        for key in path {
            if let index = index(of: key) {
                if fields.isEmpty {
                    text += "element \(index): "
                } else {
                    fields += "[\(index)]"
                }
            } else {
                fields += fields.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        if !fields.isEmpty { text += "field '\(fields)': " }
        return text
    }

    private static func index(of key: any CodingKey) -> Int? {
        if let key = key as? LuaIndexKey { return key.index }
        // Integer dictionary keys (`[Int: T]`) read like Lua's `t[5]`.
        if let i = key.intValue, key.stringValue == String(i) { return i }
        return nil
    }
}
