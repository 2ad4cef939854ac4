import Foundation
import LunarBridge
import LunarJSON
import Testing

/// The one JSON depth limit (`LUNAR_JSON_MAX_DEPTH`): Lua's C decoder and LunarJSON's parser
/// accept the same nesting and refuse one level more, with the same reason.
@Suite struct JSONDepthTests {
    let state: LuaState
    init() throws { state = try LuaState() }

    static func nested(_ levels: Int) -> String {
        String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
    }

    @Test func bothReadersAcceptTheLimitAndRefuseOneLevelMore() throws {
        let limit = JSONValue.maximumDepth
        #expect(limit == 512)
        _ = try state.decodeJSON(Data(Self.nested(limit).utf8))
        _ = try JSONValue(parsing: Self.nested(limit))

        let reason = "nesting deeper than \(limit) levels"
        #expect(throws: JSONParseError(offset: limit, reason: reason)) { try JSONValue(parsing: Self.nested(limit + 1)) }
        do {
            _ = try state.decodeJSON(Data(Self.nested(limit + 1).utf8))
            Issue.record("the C decoder accepted \(limit + 1) levels")
        } catch {
            #expect(error.message == "invalid JSON at byte \(limit): \(reason)")
        }
    }
}
