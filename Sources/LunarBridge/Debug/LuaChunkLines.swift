import Foundation

/// The lines that hold code in a compiled chunk, read from its binary dump (Lua 5.4's format,
/// debug information kept): every function's line table, nested functions included. The public
/// C API only reaches the main function's lines; a debugger needs the whole file's to verify a
/// breakpoint or move it to the nearest line with code.
enum LuaChunkLines {
    /// Every line with an instruction, or nil when `dump` is not a 5.4 chunk this reader knows.
    static func lines(inDump dump: Data) -> Set<Int>? {
        var reader = Reader(bytes: [UInt8](dump))
        // Header: signature (4), version, format, LUAC_DATA (6), three sizes, LUAC_INT (8), LUAC_NUM (8).
        guard reader.bytes.count > 32, reader.bytes[0] == 0x1B, reader.bytes[4] == 0x54 else { return nil }
        reader.offset = 4 + 1 + 1 + 6 + 3 + 8 + 8
        _ = reader.byte()  // the main closure's upvalue count
        var lines: Set<Int> = []
        guard reader.function(into: &lines) else { return nil }
        return lines
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        /// Lua's dumpSize: 7 bits a byte, most significant first, the last byte marked with 0x80.
        mutating func size() -> Int? {
            var value = 0
            while let b = byte() {
                value = (value << 7) | Int(b & 0x7F)
                if b & 0x80 != 0 { return value }
                if value > Int(Int32.max) { return nil }
            }
            return nil
        }

        mutating func skip(_ n: Int) -> Bool {
            guard n >= 0, offset + n <= bytes.count else { return false }
            offset += n
            return true
        }

        mutating func string() -> Bool {
            guard let n = size() else { return false }
            return n == 0 || skip(n - 1)
        }

        mutating func function(into lines: inout Set<Int>) -> Bool {
            guard string(), let linedefined = size(), size() != nil,
                  byte() != nil, let vararg = byte(), byte() != nil else { return false }
            guard let codeCount = size(), skip(codeCount * 4) else { return false }
            guard let constants = size() else { return false }
            for _ in 0..<constants {
                guard let tag = byte() else { return false }
                switch tag {
                case 3, 19: guard skip(8) else { return false }  // integer, float
                case 4, 20: guard string() else { return false }  // short, long string
                default: break  // nil, false, true
                }
            }
            guard let upvalues = size(), skip(upvalues * 3) else { return false }
            guard let protos = size() else { return false }
            for _ in 0..<protos {
                guard function(into: &lines) else { return false }
            }
            guard let lineCount = size(), offset + lineCount <= bytes.count else { return false }
            let deltas = bytes[offset..<(offset + lineCount)].map { Int(Int8(bitPattern: $0)) }
            offset += lineCount
            guard let absCount = size() else { return false }
            var absolute: [Int] = []
            for _ in 0..<absCount {
                guard size() != nil, let line = size() else { return false }
                absolute.append(line)
            }
            var line = linedefined
            var nextAbsolute = 0
            for (pc, delta) in deltas.enumerated() {
                if delta == -0x80 {
                    guard nextAbsolute < absolute.count else { return false }
                    line = absolute[nextAbsolute]
                    nextAbsolute += 1
                } else {
                    line += delta
                }
                // A vararg function's first instruction prepares the arguments: no line of its own.
                if pc == 0 && vararg != 0 { continue }
                if line > 0 { lines.insert(line) }
            }
            guard let locals = size() else { return false }
            for _ in 0..<locals {
                guard string(), size() != nil, size() != nil else { return false }
            }
            guard let names = size() else { return false }
            for _ in 0..<names {
                guard string() else { return false }
            }
            return true
        }
    }
}
