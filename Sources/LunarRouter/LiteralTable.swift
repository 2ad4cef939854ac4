/// A trie node's literal children, keyed by the exact UTF-8 bytes of a
/// component: a linear scan while there are few, an open-addressing hash
/// table (FNV-1a, linear probing) once there are more.
///
/// Lookups take a byte buffer so matching never builds a `String` for a
/// component; the table is rebuilt on insert and removal, which only happen
/// when routes are registered or removed.
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

    /// Stores `value` under `key`, replacing any value already there.
    mutating func set(_ value: Value, for key: [UInt8]) {
        if let index = keys.firstIndex(of: key) {
            values[index] = value
            return
        }
        keys.append(key)
        values.append(value)
        rebuildSlots()
    }

    /// Removes the value stored under `key`, if any.
    mutating func removeValue(for key: [UInt8]) {
        guard let index = keys.firstIndex(of: key) else { return }
        keys.remove(at: index)
        values.remove(at: index)
        rebuildSlots()
    }

    private mutating func rebuildSlots() {
        guard keys.count > Self.linearLimit else {
            slots = []
            return
        }
        var capacity = 16
        while capacity < keys.count * 2 { capacity *= 2 }
        slots = Array(repeating: -1, count: capacity)
        let mask = capacity - 1
        for (index, key) in keys.enumerated() {
            var slot = Int(truncatingIfNeeded: key.withUnsafeBufferPointer(Self.hash)) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
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
