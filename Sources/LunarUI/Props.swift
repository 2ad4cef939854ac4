/// The props of one element: a small map from name to value, kept sorted by name.
///
/// Elements carry a handful of props, so a sorted array beats a hash table both to look
/// up and to diff (two sorted lists merge in one pass). Iteration order is by name,
/// which keeps everything printed from props stable.
public struct Props: Hashable, Sendable {
    /// One name and its value.
    public struct Entry: Hashable, Sendable {
        /// The prop's name.
        public var name: PropName
        /// The prop's value.
        public var value: PropValue

        /// Pairs a name with a value.
        public init(name: PropName, value: PropValue) {
            self.name = name
            self.value = value
        }
    }

    /// The entries, sorted by name, one per name.
    public private(set) var entries: [Entry]

    /// No props.
    public init() { entries = [] }

    /// The props in `pairs`; a name given twice keeps its last value.
    public init(_ pairs: some Sequence<(PropName, PropValue)>) {
        entries = []
        for (name, value) in pairs { self[name] = value }
    }

    /// Whether there are no props.
    public var isEmpty: Bool { entries.isEmpty }

    /// How many props there are.
    public var count: Int { entries.count }

    /// The value of `name`, or nil when it is not set; assigning nil removes it.
    public subscript(name: PropName) -> PropValue? {
        get {
            for entry in entries where entry.name == name { return entry.value }
            return nil
        }
        set {
            let index = entries.firstIndex { $0.name >= name } ?? entries.endIndex
            let present = index < entries.endIndex && entries[index].name == name
            switch (newValue, present) {
            case (let value?, true): entries[index].value = value
            case (let value?, false): entries.insert(Entry(name: name, value: value), at: index)
            case (nil, true): entries.remove(at: index)
            case (nil, false): break
            }
        }
    }

    /// The props of `other` laid over these: every name in `other` takes its value there.
    public func merging(_ other: Props) -> Props {
        var result = self
        for entry in other.entries { result[entry.name] = entry.value }
        return result
    }
}

extension Props: ExpressibleByDictionaryLiteral {
    /// The props written as `["title": "Log in", "disabled": true]`.
    public init(dictionaryLiteral elements: (PropName, PropValue)...) {
        self.init(elements)
    }
}

extension Props: Sequence {
    /// Iterates the entries in name order.
    public func makeIterator() -> IndexingIterator<[Entry]> { entries.makeIterator() }
}

extension Props: CustomStringConvertible {
    /// `[name: value, ...]` in name order.
    public var description: String {
        "[" + entries.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
    }
}

extension Props {
    /// What changed from `old` to `self`: the entries that are new or differ, and the
    /// names that `self` no longer has. One merge pass over both sorted lists.
    func changes(from old: Props) -> (set: Props, removed: [PropName]) {
        var set = Props()
        var removed: [PropName] = []
        var oldIndex = old.entries.startIndex
        var newIndex = entries.startIndex
        while oldIndex < old.entries.endIndex || newIndex < entries.endIndex {
            if newIndex == entries.endIndex {
                removed.append(old.entries[oldIndex].name)
                oldIndex += 1
            } else if oldIndex == old.entries.endIndex {
                set.entries.append(entries[newIndex])
                newIndex += 1
            } else {
                let oldEntry = old.entries[oldIndex]
                let newEntry = entries[newIndex]
                if oldEntry.name == newEntry.name {
                    if oldEntry.value != newEntry.value { set.entries.append(newEntry) }
                    oldIndex += 1
                    newIndex += 1
                } else if oldEntry.name < newEntry.name {
                    removed.append(oldEntry.name)
                    oldIndex += 1
                } else {
                    set.entries.append(newEntry)
                    newIndex += 1
                }
            }
        }
        return (set, removed)
    }
}
