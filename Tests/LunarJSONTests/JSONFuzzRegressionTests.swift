import LunarJSON
import Testing

/// Inputs Scripts/fuzz found (Fuzz/FuzzJSON, differential against the C decoder), replayed.
@Suite struct JSONFuzzRegressionTests {
    /// fuzz.json: the Swift parser read `1.79…e302653589793` as infinity, a value no JSON text
    /// can hold (serializing it throws); the C decoder refuses it. Both refuse it now.
    @Test func numberBeyondDoubleIsRefused() throws {
        #expect(throws: JSONParseError(offset: 1, reason: "number out of range")) {
            try JSONValue(parsing: "[1.7976931348623157e302653589793]")
        }
        #expect(throws: JSONParseError(offset: 0, reason: "number out of range")) { try JSONValue(parsing: "-1e400") }
        // The largest finite Double and an underflow to zero still read.
        #expect(try JSONValue(parsing: "1.7976931348623157e308") == .number(.greatestFiniteMagnitude))
        #expect(try JSONValue(parsing: "1e-400") == 0)
    }
}
