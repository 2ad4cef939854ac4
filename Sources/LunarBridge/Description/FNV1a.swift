/// 64-bit FNV-1a: Swift's `Hasher` is seeded per process, so it cannot give a stable version.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ line: String) {
        for byte in line.utf8 + [0x0a] {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
