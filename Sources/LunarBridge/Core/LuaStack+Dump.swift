import CLunar

extension LuaStack {
    /// The code of the Lua function at `index`, as bytes to compare: its stripped dump (no
    /// source, local or upvalue names, line table) without each function's first and last
    /// line, so two functions have the same bytes when their code is the same (statements,
    /// constants, nested functions), wherever in their files they stand. Not loadable.
    /// nil for a C function or a value that is not a function. Never raises.
    package func codeWithoutLines(ofFunctionAt index: Int32) -> [UInt8]? {
        guard lua_type(L, index) == LUA_TFUNCTION, lua_iscfunction(L, index) == 0, reserve(1) else { return nil }
        lua_pushvalue(L, index)
        defer { lua_settop(L, -2) }
        var bytes: [UInt8] = []
        let status = withUnsafeMutablePointer(to: &bytes) { output in
            lua_dump(L, { _, chunk, size, output in
                guard let chunk, let output else { return 0 }
                output.assumingMemoryBound(to: [UInt8].self).pointee
                    .append(contentsOf: UnsafeRawBufferPointer(start: chunk, count: size))
                return 0
            }, output, 1)
        }
        guard status == 0 else { return nil }
        // A dump this reader does not follow is compared whole (lines and all).
        var reader = LuaDumpReader(bytes)
        return reader.withoutLines() ?? bytes
    }
}

/// Reads a Lua 5.4 dump (ldump.c) and copies it without the `linedefined` and
/// `lastlinedefined` of each function.
struct LuaDumpReader {
    let bytes: [UInt8]
    var position = 0
    var output: [UInt8] = []
    var integerSize = 8
    var numberSize = 8

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func withoutLines() -> [UInt8]? {
        // Signature (4), version, format, LUAC_DATA (6), the sizes of an instruction, an
        // integer and a number, then a sample integer and number.
        guard bytes.count > 15, bytes[4] == 0x54, bytes[5] == 0 else { return nil }
        integerSize = Int(bytes[13])
        numberSize = Int(bytes[14])
        guard copy(15 + integerSize + numberSize + 1), function() else { return nil }  // + the upvalue count
        return position == bytes.count ? output : nil
    }

    mutating func copy(_ count: Int) -> Bool {
        guard count >= 0, position + count <= bytes.count else { return false }
        output.append(contentsOf: bytes[position..<(position + count)])
        position += count
        return true
    }

    /// A size: 7 bits a byte, most significant first, the last byte marked with 0x80.
    mutating func size(copying: Bool = true) -> Int? {
        var value = 0
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            guard value < Int.max >> 7 else { return nil }
            value = value << 7 | Int(byte & 0x7f)
            if byte & 0x80 != 0 {
                if copying { output.append(contentsOf: bytes[start..<position]) }
                return value
            }
        }
        return nil
    }

    mutating func string() -> Bool {
        guard let size = size() else { return false }
        return size == 0 || copy(size - 1)
    }

    mutating func function() -> Bool {
        guard string(), size(copying: false) != nil, size(copying: false) != nil,  // source, first and last line
              copy(3),  // parameters, vararg, stack size
              let instructions = size(), copy(instructions * 4),
              let constants = size() else { return false }
        for _ in 0..<constants {
            guard position < bytes.count else { return false }
            let tag = bytes[position]
            guard copy(1) else { return false }
            switch tag {
            case 0x03: guard copy(integerSize) else { return false }
            case 0x13: guard copy(numberSize) else { return false }
            case 0x04, 0x14: guard string() else { return false }
            default: break  // nil, false, true
            }
        }
        guard let upvalues = size(), copy(upvalues * 3), let functions = size() else { return false }
        for _ in 0..<functions { guard function() else { return false } }
        // Debug information: empty in a stripped dump.
        guard let lines = size(), copy(lines), let absolute = size() else { return false }
        for _ in 0..<(absolute * 2) { guard size() != nil else { return false } }
        guard let locals = size() else { return false }
        for _ in 0..<locals { guard string(), size() != nil, size() != nil else { return false } }
        guard let names = size() else { return false }
        for _ in 0..<names { guard string() else { return false } }
        return true
    }
}
