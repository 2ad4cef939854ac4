/// A length: points, a percentage of the containing block, `auto`, an intrinsic size keyword
/// (`maxContent`, `fitContent`, `stretch`: for sizes, their min and max and `flexBasis`), or
/// undefined (not set).
public enum LayoutValue: Hashable, Sendable {
    /// Not set: the property falls back to its default (a margin of 0, no min or max).
    case undefined
    /// CSS `auto`: the size comes from the content or the flex algorithm; an auto margin takes free space.
    case auto
    /// A length in points.
    case points(Double)
    /// A percentage (50 is half) of the containing block's size on the property's axis; margins
    /// and paddings on every edge take the containing block's width, as in CSS.
    case percent(Double)
    /// CSS `max-content`: the size of the content laid out with no limit. As in Yoga, the size
    /// comes from the content the way `auto` does; as a min or max it sets no limit.
    case maxContent
    /// CSS `fit-content`: the content's size, at most the available space. As in Yoga, the size
    /// comes from the content the way `auto` does; as a min or max it sets no limit.
    case fitContent
    /// CSS `stretch` (`-webkit-fill-available`): the available space. As in Yoga, the size is
    /// resolved the way `auto` is (a stretched cross size fills its line); as a min or max it
    /// sets no limit.
    case stretch

    /// Whether the value is a length (points or a percentage): not undefined, auto or a keyword.
    public var isDefined: Bool {
        switch self {
        case .points, .percent: true
        case .undefined, .auto, .maxContent, .fitContent, .stretch: false
        }
    }

    /// Whether the value is one of the intrinsic size keywords.
    public var isIntrinsic: Bool {
        switch self {
        case .maxContent, .fitContent, .stretch: true
        case .undefined, .auto, .points, .percent: false
        }
    }
}

extension LayoutValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// A length in points: `width = 100`.
    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    /// A length in points: `width = 12.5`.
    public init(floatLiteral value: Double) { self = .points(value) }
}

extension LayoutValue {
    /// Points, or a percentage of `size`; `.nan` for auto, undefined, a keyword, or a percentage
    /// of an undefined size.
    @inline(__always) func resolve(_ size: Double) -> Double {
        switch self {
        case .points(let v): v
        case .percent(let p): size.isNaN ? .nan : p * size / 100
        case .auto, .undefined, .maxContent, .fitContent, .stretch: .nan
        }
    }

    var isPercent: Bool {
        if case .percent = self { return true }
        return false
    }

    var isPoints: Bool {
        if case .points = self { return true }
        return false
    }
}
