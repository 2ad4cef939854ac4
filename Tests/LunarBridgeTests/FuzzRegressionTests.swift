import Testing
@testable import LunarBridge

/// Inputs Scripts/fuzz found (Fuzz/FuzzLuaValue), replayed through the code path that failed.
@Suite struct LuaValueFuzzRegressionTests {
    let state: LuaState
    init() throws { state = try LuaState() }

    /// fuzz.luavalue: `{["ab\xf2"] = x}` read as the key `"ab\u{FFFD}"`, so pushing it back wrote
    /// other bytes, and two such keys merged into one. A key that is not UTF-8 is now refused,
    /// as a cycle is; a value that must arrive anyway (a script's result) comes by reference.
    @Test func tableKeyThatIsNotUTF8IsRefused() throws {
        _ = try state.run(#"t = { ["ab\xf2"] = -5.0e245 }; two = { ["\xff"] = 1, ["\xfe"] = 2 }"#)
        #expect(throws: LuaTypeMismatch.self) { _ = try state.global("t", as: LuaValue.self) }
        #expect(throws: LuaTypeMismatch.self) { _ = try state.global("two", as: LuaValue.self) }
        let result = try state.run("return t")
        guard case .reference(let reference) = result.first else {
            Issue.record("expected the table by reference, got \(result)")
            return
        }
        #expect(reference.typeName == "table")
        // Values that are not UTF-8 still copy, as bytes.
        _ = try state.run(#"v = { key = "ab\xf2" }"#)
        #expect(try state.global("v", as: LuaValue.self) == ["key": .bytes([0x61, 0x62, 0xF2])])
    }
}
