/// An ordered list of name/value pairs: query arguments or a form body. Order is kept, so the
/// URL (and therefore the cache key) of a request is stable; names may repeat.
public struct Parameters: Sendable, Hashable, ExpressibleByDictionaryLiteral, Sequence {
    /// One name/value pair.
    public struct Item: Sendable, Hashable {
        /// The parameter name, unencoded.
        public var name: String
        /// The parameter value, unencoded.
        public var value: String

        /// Creates a pair.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The pairs, in order.
    public var items: [Item]

    /// Creates a list from pairs in order.
    public init(_ items: [Item] = []) {
        self.items = items
    }

    /// Creates a list from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.items = elements.map { Item(name: $0.0, value: $0.1) }
    }

    /// Appends a pair, keeping any earlier pair of the same name.
    public mutating func append(_ name: String, _ value: String) {
        items.append(Item(name: name, value: value))
    }

    /// Replaces every pair named `name` by one pair at the position of the first, or appends it.
    public mutating func set(_ name: String, _ value: String) {
        var found = false
        items = items.compactMap { item in
            guard item.name == name else { return item }
            defer { found = true }
            return found ? nil : Item(name: name, value: value)
        }
        if !found { append(name, value) }
    }

    /// The value of the first pair named `name`.
    public subscript(name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    /// Whether there are no pairs.
    public var isEmpty: Bool { items.isEmpty }

    /// Iterates the pairs in order.
    public func makeIterator() -> IndexingIterator<[Item]> { items.makeIterator() }
}
