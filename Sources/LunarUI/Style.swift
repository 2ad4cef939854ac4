/// One value of a ``Style`` entry, already checked against its property.
public enum StyleValue: Hashable, Sendable {
    /// A length in points, or a plain number (`flex`, `opacity`, `fontSize`, `zIndex`).
    case number(Double)
    /// A percentage of the containing block (`"50%"` is `.percent(50)`).
    case percent(Double)
    /// `"auto"`.
    case auto
    /// One of the property's keywords (`"row"`, `"center"`, `"bold"`, `"700"`).
    case keyword(String)
    /// A colour.
    case color(Color)
    /// Free text (`fontFamily`).
    case text(String)

    /// The number, when this value is one.
    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The keyword, when this value is one.
    public var keyword: String? {
        if case .keyword(let value) = self { return value }
        return nil
    }

    /// The colour, when this value is one.
    public var color: Color? {
        if case .color(let value) = self { return value }
        return nil
    }
}

extension StyleValue: CustomStringConvertible {
    /// As a script would write it: `8`, `"50%"`, `"auto"`, `"row"`, `"#ff6347"`.
    public var description: String {
        switch self {
        case .number(let value): return Self.text(value)
        case .percent(let value): return quoted(Self.text(value) + "%")
        case .auto: return quoted("auto")
        case .keyword(let value): return quoted(value)
        case .color(let value): return quoted(value.hex)
        case .text(let value): return quoted(value)
        }
    }

    /// A number as a script writes it: whole values below 1e15 without a fraction (a host may
    /// build any value, and `Int(1e300)` traps), the rest as Swift prints a Double.
    static func text(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// The style of one element: React Native's style keys with checked values, kept sorted by
/// name like ``Props``.
///
/// A script writes `style = { padding = 8, backgroundColor = "tomato" }` (or a list of such
/// tables, later ones winning); the runtime checks every key and value into a `Style` and
/// carries it in the element's ``PropName/style`` prop. ``layoutStyle`` turns the layout keys
/// into `LunarLayout`'s style; renderers read the visual keys (colours, borders, text) from here.
/// docs/lua/styles.md lists every key, its values and its default.
public struct Style: Hashable, Sendable {
    /// One property and its value.
    public struct Entry: Hashable, Sendable {
        /// The property.
        public var property: StyleProperty
        /// Its value.
        public var value: StyleValue

        /// Pairs a property with a value.
        public init(property: StyleProperty, value: StyleValue) {
            self.property = property
            self.value = value
        }
    }

    /// The entries, sorted by property name, one per property.
    public private(set) var entries: [Entry]

    /// No style: every property at its default.
    public init() { entries = [] }

    /// The style with `pairs`; a property given twice keeps its last value.
    public init(_ pairs: some Sequence<(StyleProperty, StyleValue)>) {
        entries = []
        for (property, value) in pairs { self[property] = value }
    }

    /// Whether no property is set.
    public var isEmpty: Bool { entries.isEmpty }

    /// How many properties are set.
    public var count: Int { entries.count }

    /// The value of `property`, or nil when it is at its default; assigning nil removes it.
    public subscript(property: StyleProperty) -> StyleValue? {
        get {
            for entry in entries where entry.property == property { return entry.value }
            return nil
        }
        set {
            let index = entries.firstIndex { $0.property >= property } ?? entries.endIndex
            let present = index < entries.endIndex && entries[index].property == property
            switch (newValue, present) {
            case (let value?, true): entries[index].value = value
            case (let value?, false): entries.insert(Entry(property: property, value: value), at: index)
            case (nil, true): entries.remove(at: index)
            case (nil, false): break
            }
        }
    }

    /// This style with `other` laid over it: every property `other` sets takes its value there.
    public func merging(_ other: Style) -> Style {
        var result = self
        for entry in other.entries { result[entry.property] = entry.value }
        return result
    }
}

extension Style: Sequence {
    /// Iterates the entries in name order.
    public func makeIterator() -> IndexingIterator<[Entry]> { entries.makeIterator() }
}

extension Style: CustomStringConvertible {
    /// `{backgroundColor = "#ff6347", padding = 8}`: the entries in name order, as a Lua table.
    public var description: String {
        "{" + entries.map { "\($0.property) = \($0.value)" }.joined(separator: ", ") + "}"
    }
}
