import Foundation
import LunarJSON
import LunarUI

/// One message from a page: what its user did. docs/web.md describes each on the wire.
///
/// A page names screens and nodes by the numbers the server sent; ``WebRenderer`` checks each
/// message against what it showed before reporting it, so a stale or forged one is refused.
public enum PageMessage: Hashable, Sendable {
    /// `{"t":"press","s":1,"n":5}`: a button or pressable was activated.
    case press(screen: ScreenID, node: NodeID)
    /// `{"t":"longPress","s":1,"n":5}`: a pressable was held down.
    case longPress(screen: ScreenID, node: NodeID)
    /// `{"t":"pressIn","s":1,"n":5}`: a pressable was touched down (pointer or key down).
    case pressIn(screen: ScreenID, node: NodeID)
    /// `{"t":"pressOut","s":1,"n":5}`: the touch `pressIn` reported ended (lifted, cancelled, left).
    case pressOut(screen: ScreenID, node: NodeID)
    /// `{"t":"change","s":1,"n":5,"v":"text"}` (a text field) or `"v":true` (a switch).
    case change(screen: ScreenID, node: NodeID, value: PropValue)
    /// `{"t":"submit","s":1,"n":5,"v":"text"}`: Enter in a text field.
    case submit(screen: ScreenID, node: NodeID, value: String)
    /// `{"t":"scroll","s":1,"n":5,"y":120}`: a scroll view or list scrolled to offset `y` along
    /// its axis (`scrollLeft` for a horizontal one), in pixels.
    case scroll(screen: ScreenID, node: NodeID, offset: Double)
    /// `{"t":"viewport","s":1,"n":5,"y":600}`: a scroll view or list's visible extent along its
    /// axis is `y` pixels (sent when it is mounted and when it resizes).
    case viewport(screen: ScreenID, node: NodeID, extent: Double)
    /// `{"t":"back","s":1}`: the browser's back button, the bar's back button or Escape.
    case back(screen: ScreenID)
    /// `{"t":"alert","id":1,"i":0}`: button number `i` of alert `id` was chosen.
    case alertButton(AlertID, index: Int)
    /// `{"t":"appearance","v":"dark"}`: the browser's `prefers-color-scheme` (`"light"` or
    /// `"dark"`), sent when the page connects and when it changes.
    case appearance(Appearance)
    /// `{"t":"window","w":420,"h":760,"scale":2,"fontScale":1}`: the viewport in CSS pixels (the
    /// app's points), `devicePixelRatio` and the root font size over 16; sent when the page
    /// connects and when it resizes.
    case window(WindowMetrics)
    /// `{"t":"ping","id":7}`: answered at once with `{"t":"pong","id":7}` by the server, not the
    /// app: the bare round trip that `web.tap_roundtrip` compares a tap with.
    case ping(id: Int)

    /// The most bytes a page message may have; a longer one is refused.
    public static let maximumBytes = 64 << 10

    /// Reads one text message from a page.
    ///
    /// - Throws: ``PageMessageError`` saying why the text is not a message this protocol knows.
    public static func parse(_ text: String) throws(PageMessageError) -> PageMessage {
        let size = text.utf8.count
        guard size <= maximumBytes else {
            throw PageMessageError("oversized message (\(size) bytes, at most \(maximumBytes))")
        }
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: Data(text.utf8))
        } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
            throw PageMessageError("malformed message (\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type)")
        } catch DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty {
            throw PageMessageError("malformed message (\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type)")
        } catch {
            throw PageMessageError("malformed message (not a JSON object)")
        }
        guard let type = wire.t else { throw PageMessageError("malformed message (no \"t\")") }
        guard let kind = PageMessageKind(rawValue: type) else {
            let shown = type.count > 40 ? String(type.prefix(40)) + "…" : type
            throw PageMessageError("unknown message type \(JSONWriter.quoted(shown))")
        }
        let fields = Fields(wire: wire, type: type)
        switch kind {
        case .press:
            return .press(screen: try fields.screen(), node: try fields.node())
        case .longPress:
            return .longPress(screen: try fields.screen(), node: try fields.node())
        case .pressIn:
            return .pressIn(screen: try fields.screen(), node: try fields.node())
        case .pressOut:
            return .pressOut(screen: try fields.screen(), node: try fields.node())
        case .change:
            let value: PropValue
            switch try fields.required(wire.v, "v") {
            case .string(let text): value = .string(text)
            case .bool(let on): value = .bool(on)
            }
            return .change(screen: try fields.screen(), node: try fields.node(), value: value)
        case .submit:
            guard case .string(let text) = try fields.required(wire.v, "v") else {
                throw PageMessageError("malformed submit (\"v\" must be a string)")
            }
            return .submit(screen: try fields.screen(), node: try fields.node(), value: text)
        case .scroll:
            let offset = try fields.number("y", wire.y, in: -maximumCoordinate...maximumCoordinate)
            return .scroll(screen: try fields.screen(), node: try fields.node(), offset: offset)
        case .viewport:
            let extent = try fields.number("y", wire.y, in: 0...maximumCoordinate)
            return .viewport(screen: try fields.screen(), node: try fields.node(), extent: extent)
        case .back:
            return .back(screen: try fields.screen())
        case .alert:
            return .alertButton(AlertID(try fields.integer("id", wire.id)), index: try fields.integer("i", wire.i))
        case .ping:
            return .ping(id: try fields.integer("id", wire.id))
        case .appearance:
            guard case .string(let name) = try fields.required(wire.v, "v"), let appearance = Appearance(rawValue: name) else {
                throw PageMessageError("malformed appearance (\"v\" must be \"light\" or \"dark\")")
            }
            return .appearance(appearance)
        case .window:
            return .window(WindowMetrics(
                width: try fields.number("w", wire.w, in: 0...maximumCoordinate),
                height: try fields.number("h", wire.h, in: 0...maximumCoordinate),
                scale: try fields.number("scale", wire.scale, in: 0.01...100),
                fontScale: try fields.number("fontScale", wire.fontScale, in: 0.01...100)))
        }
    }

    /// The largest offset or extent, in points, a page may report: far beyond any real scroll
    /// view, and small enough that every conversion the layout makes of it holds.
    public static let maximumCoordinate = 1e9
    /// The largest id or index a page may send: the largest integer a JavaScript number holds exactly.
    public static let maximumInteger = 9_007_199_254_740_991

    /// The one checked reader of a message's fields: each number is refused, never converted,
    /// when it is out of its field's range, so nothing downstream traps on what a page sent.
    private struct Fields {
        let wire: Wire
        let type: String

        func required<T>(_ value: T?, _ key: String) throws(PageMessageError) -> T {
            guard let value else { throw PageMessageError("malformed \(type) (no \"\(key)\")") }
            return value
        }

        /// A whole number from 0 to ``PageMessage/maximumInteger``.
        func integer(_ key: String, _ value: Double?) throws(PageMessageError) -> Int {
            let number = try required(value, key)
            guard number >= 0, number <= Double(PageMessage.maximumInteger), number.rounded(.towardZero) == number else {
                throw PageMessageError("malformed \(type) (\"\(key)\" must be a whole number from 0 to \(PageMessage.maximumInteger))")
            }
            return Int(number)
        }

        /// A finite number in `range`.
        func number(_ key: String, _ value: Double?, in range: ClosedRange<Double>) throws(PageMessageError) -> Double {
            let number = try required(value, key)
            guard number.isFinite, range.contains(number) else {
                throw PageMessageError("malformed \(type) (\"\(key)\" must be a number from \(Self.shown(range.lowerBound)) to \(Self.shown(range.upperBound)))")
            }
            return number
        }

        func screen() throws(PageMessageError) -> ScreenID { ScreenID(try integer("s", wire.s)) }
        func node() throws(PageMessageError) -> NodeID { NodeID(try integer("n", wire.n)) }

        private static func shown(_ bound: Double) -> String { bound.rounded() == bound ? String(Int(bound)) : String(bound) }
    }

    /// A message as it arrives: every field any message has, each optional; numbers as JSON
    /// gives them, checked by ``Fields`` before any becomes an `Int`.
    private struct Wire: Decodable {
        var t: String?
        var s: Double?
        var n: Double?
        var v: TextOrBool?
        var y: Double?
        var id: Double?
        var i: Double?
        var w: Double?
        var h: Double?
        var scale: Double?
        var fontScale: Double?
    }

    /// A `change` value: a text field's text or a switch's state.
    private enum TextOrBool: Decodable {
        case string(String)
        case bool(Bool)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let on = try? container.decode(Bool.self) {
                self = .bool(on)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }
}

/// Why a page message was refused; the session logs it, tells the page, and goes on.
public struct PageMessageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One line: `unknown message type "launch"`.
    public var reason: String
    /// Whether the message was well formed but names what is gone or inactive (a node removed
    /// by the render that crossed it on the wire, a disabled button): logged quietly.
    public var isStale: Bool

    /// An error saying `reason`.
    public init(_ reason: String, stale: Bool = false) {
        self.reason = reason
        self.isStale = stale
    }

    public var description: String { reason }
}
