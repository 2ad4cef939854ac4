import Foundation

/// What a number from a script may be before Swift converts it: one rule per kind of quantity,
/// checked where the value enters (an argument or an option field) and refused with a Lua-style
/// argument error at the caller's line.
///
/// Swift's conversions trap on a value they cannot hold (`Int(1e300)`, a wait of 1e10 seconds
/// turned into nanoseconds), and a trap kills the host. A number checked against one of these
/// ranges converts safely everywhere below. docs/lua/numbers.md lists the ranges.
public struct LuaNumberRange: Sendable, Hashable {
    /// The largest duration, in seconds: one year (365 days).
    public static let maxSeconds: Double = 31_536_000
    /// The largest length or offset, in points, either way.
    public static let maxLength: Double = 1e9
    /// The largest count (items, bytes, lines): `Int32.max`.
    public static let maxCount: Double = 2_147_483_647

    /// Durations in seconds: 0 through ``maxSeconds``.
    public static let seconds = LuaNumberRange(lower: 0, upper: maxSeconds, excludesLower: false, whole: false, unit: " (a year)")
    /// Durations that must pass at all (an `every` interval, a timeout): above 0, at most ``maxSeconds``.
    public static let positiveSeconds = LuaNumberRange(lower: 0, upper: maxSeconds, excludesLower: true, whole: false, unit: " (a year)")
    /// Counts: whole numbers 0 through ``maxCount``.
    public static let count = LuaNumberRange(lower: 0, upper: maxCount, excludesLower: false, whole: true)
    /// Counts of at least one (a size cap): whole numbers 1 through ``maxCount``.
    public static let positiveCount = LuaNumberRange(lower: 1, upper: maxCount, excludesLower: false, whole: true)
    /// Lengths and offsets in points: -``maxLength`` through ``maxLength``.
    public static let length = LuaNumberRange(lower: -maxLength, upper: maxLength, excludesLower: false, whole: false)
    /// Sizes in points: 0 through ``maxLength``.
    public static let size = LuaNumberRange(lower: 0, upper: maxLength, excludesLower: false, whole: false)
    /// Sizes that must be above 0 (a row's estimated size): above 0, at most ``maxLength``.
    public static let positiveSize = LuaNumberRange(lower: 0, upper: maxLength, excludesLower: true, whole: false)

    /// The smallest value (or the bound above which values start, with `excludesLower`).
    public let lower: Double
    /// The largest value.
    public let upper: Double
    /// Whether `lower` itself is refused.
    public let excludesLower: Bool
    /// Whether only whole numbers are taken.
    public let whole: Bool
    /// Said after the upper bound in messages (" (a year)").
    public let unit: String

    /// A range; prefer the named ones, so that one kind of quantity has one rule everywhere.
    public init(lower: Double, upper: Double, excludesLower: Bool, whole: Bool, unit: String = "") {
        self.lower = lower
        self.upper = upper
        self.excludesLower = excludesLower
        self.whole = whole
        self.unit = unit
    }

    /// Whether `value` is in the range (never for NaN or an infinity).
    public func contains(_ value: Double) -> Bool {
        guard value.isFinite, value <= upper, excludesLower ? value > lower : value >= lower else { return false }
        return !whole || value.rounded(.towardZero) == value
    }

    /// What the range takes, for messages: "between 0 and 31536000 (a year)".
    public var expectation: String {
        let kind = whole ? "a whole number" : "a number"
        let low = excludesLower ? "above \(Self.text(lower)) and at most" : "between \(Self.text(lower)) and"
        return "\(kind) \(low) \(Self.text(upper))\(unit)"
    }

    /// `value` when it is in range; otherwise the problem, naming `what` ("seconds", "field 'timeout'").
    public func check(_ value: Double, _ what: String) throws(LuaTypeMismatch) -> Double {
        guard contains(value) else { throw LuaTypeMismatch(problem: "\(what) must be \(expectation), got \(Self.text(value))") }
        return value
    }

    /// A checked whole number as an `Int` (only for ranges with `whole`, whose bounds an `Int` holds).
    public func checkCount(_ value: Double, _ what: String) throws(LuaTypeMismatch) -> Int {
        precondition(whole, "checkCount needs a range of whole numbers")
        return Int(try check(value, what))
    }

    /// A Lua value checked as a number in range; nil when it is nil. `what` names it in the problem.
    public func check(_ value: LuaValue, _ what: String) throws(LuaTypeMismatch) -> Double? {
        switch value {
        case .nil: return nil
        case .integer(let integer): return try check(Double(integer), what)
        case .number(let number): return try check(number, what)
        default: throw LuaTypeMismatch(problem: "\(what) must be \(expectation), got \(value.typeName)")
        }
    }

    /// A number as Lua's `%.14g` prints it (`1e+10`, `0.5`, `31536000`).
    public static func text(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        return String(format: "%.14g", value)
    }
}

extension LuaCallFrame {
    /// Reads argument `position` as a number in `range`, with Lua-style errors:
    /// `bad argument #1 to 'after' (seconds must be a number between 0 and 31536000 (a year), got 1e+10)`.
    public func argument(_ position: Int32, in range: LuaNumberRange, _ what: String) throws(LuaArgumentError) -> Double {
        let number: Double = try argument(position)
        do {
            return try range.check(number, what)
        } catch {
            throw LuaArgumentError(position: Int(position), problem: error.problem)
        }
    }
}
