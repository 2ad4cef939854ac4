/// A trie node's literal children, keyed by the exact UTF-8 bytes of a
/// component: a linear scan while there are few, an open-addressing hash
/// table (FNV-1a, linear probing) once there are more.
///
/// Lookups take a byte buffer so matching never builds a `String` for a
/// component. Inserting and removing take constant expected time, so a
/// manifest of n routes registers in linear time.
struct LiteralTable<Value: AnyObject> {
    private var keys: [[UInt8]] = []
    private var values: [Value] = []
    /// Index into `keys` per slot, `-1` for an empty slot; unused (empty) while small.
    private var slots: [Int32] = []

    private static var linearLimit: Int { 8 }

    var isEmpty: Bool { keys.isEmpty }

    /// The value stored under exactly these bytes.
    func value(for key: UnsafeBufferPointer<UInt8>) -> Value? {
        if slots.isEmpty {
            for index in keys.indices where Self.equal(keys[index], key) { return values[index] }
            return nil
        }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { return nil }
            if Self.equal(keys[entry], key) { return values[entry] }
            slot = (slot + 1) & mask
        }
    }

    /// The value stored under `key`.
    func value(for key: [UInt8]) -> Value? {
        key.withUnsafeBufferPointer { value(for: $0) }
    }

    /// Stores `value` under `key`, replacing any value already there. Amortized constant time
    /// (the slots grow by doubling), so registering n routes is linear.
    mutating func set(_ value: Value, for key: [UInt8]) {
        if let index = index(of: key) {
            values[index] = value
            return
        }
        keys.append(key)
        values.append(value)
        if slots.isEmpty {
            if keys.count > Self.linearLimit { rebuildSlots() }
        } else if keys.count * 2 > slots.count {
            rebuildSlots()
        } else {
            place(keys.count - 1)
        }
    }

    /// Removes the value stored under `key`, if any, in constant expected time: the last entry
    /// moves into its place, and the probe run after its slot closes up (backward shift).
    mutating func removeValue(for key: [UInt8]) {
        guard let index = index(of: key) else { return }
        if slots.isEmpty {
            keys.remove(at: index)
            values.remove(at: index)
            return
        }
        clearSlot(of: index)
        let last = keys.count - 1
        if index != last {
            // Point the last entry's slot at its new index.
            let slot = slot(of: last)
            keys.swapAt(index, last)
            values.swapAt(index, last)
            slots[slot] = Int32(index)
        }
        keys.removeLast()
        values.removeLast()
        if keys.count <= Self.linearLimit { slots = [] }
    }

    private func index(of key: [UInt8]) -> Int? {
        key.withUnsafeBufferPointer { key in
            if slots.isEmpty { return keys.indices.first { Self.equal(keys[$0], key) } }
            let entry = Int(slots[slot(for: key)])
            return entry < 0 ? nil : entry
        }
    }

    /// The slot holding `key`, or the empty slot where its probe ends.
    private func slot(for key: UnsafeBufferPointer<UInt8>) -> Int {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
        while slots[slot] >= 0, !Self.equal(keys[Int(slots[slot])], key) { slot = (slot + 1) & mask }
        return slot
    }

    /// The slot of the entry at `index` (which is in the slots).
    private func slot(of index: Int) -> Int {
        keys[index].withUnsafeBufferPointer { slot(for: $0) }
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: keys[index].withUnsafeBufferPointer(Self.hash)) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index)
    }

    /// Empties the slot of the entry at `index` and re-places the entries of the probe run after
    /// it, so no lookup stops early at the hole.
    private mutating func clearSlot(of index: Int) {
        let mask = slots.count - 1
        let hole = slot(of: index)
        slots[hole] = -1
        var next = (hole + 1) & mask
        while slots[next] >= 0 {
            let entry = Int(slots[next])
            slots[next] = -1
            place(entry)
            next = (next + 1) & mask
        }
    }

    private mutating func rebuildSlots() {
        guard keys.count > Self.linearLimit else {
            slots = []
            return
        }
        var capacity = 16
        while capacity < keys.count * 2 { capacity *= 2 }
        slots = Array(repeating: -1, count: capacity)
        for index in keys.indices { place(index) }
    }

    private static func equal(_ stored: [UInt8], _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard stored.count == key.count else { return false }
        return stored.withUnsafeBufferPointer { stored in
            for index in 0..<stored.count where stored[index] != key[index] { return false }
            return true
        }
    }

    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
