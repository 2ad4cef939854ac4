/// Reads the fuzzer's bytes as a stream of small decisions; past the end every
/// read gives zero, so any input is a complete program.
struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    mutating func uint64() -> UInt64 {
        (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) }
    }

    /// A length-prefixed run of raw bytes (any byte: NULs, invalid UTF-8).
    mutating func rawBytes() -> [UInt8] {
        (0..<Int(byte() % 40)).map { _ in byte() }
    }

    /// An integer, often one of the edges where conversions go wrong.
    mutating func integer() -> Int64 {
        let edges: [Int64] = [0, 1, -1, .max, .min, .max - 1, .min + 1, 1 << 53, (1 << 53) + 1, -(1 << 53) - 1, 1 << 31, -(1 << 31) - 1]
        let choice = byte()
        return choice < 0x80 ? edges[Int(choice) % edges.count] : Int64(bitPattern: uint64())
    }

    /// A float, often one of the edges (both zeros, infinities, NaN, subnormals, integral values).
    mutating func double() -> Double {
        let edges: [Double] = [
            0, -0.0, 1, -1.5, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
            9_007_199_254_740_992, 0x1p63, -0x1p63, 0.1, 0x1p-1030,
        ]
        let choice = byte()
        return choice < 0x80 ? edges[Int(choice) % edges.count] : Double(bitPattern: uint64())
    }
}
