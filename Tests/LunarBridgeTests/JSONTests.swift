import CLunar
import Foundation
import Testing
@testable import LunarBridge

/// A deterministic API-like document: `count` items with ids, prices, nested
/// objects, arrays, escapes, surrogate pairs, raw UTF-8 and nulls.
let sampleDocumentGenerator = #"""
local count = ...
local seed = 7
local function rand(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n
end
local words = { "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "Zürich", "東京", "Москва" }
local function text(n)
  local t = {}
  for i = 1, n do t[i] = words[rand(#words) + 1] end
  return table.concat(t, " ")
end
local items = {}
for i = 1, count do
  items[i] = string.format(
    '{"id":%d,"name":"%s","price":%d.%02d,"inStock":%s,"tags":["%s","%s"],' ..
    '"seller":{"id":%d,"verified":%s,"city":"%s"},"note":"%s \\"q\\" \\\\ caf\\u00e9 \\ud83d\\ude00\\n",' ..
    '"discount":%s,"big":%d,"ratio":%de-%d,"empty":[],"none":{}}',
    i, text(2), rand(500), rand(100), rand(2) == 0 and "true" or "false", text(1), text(1),
    rand(1000), rand(2) == 0 and "true" or "false", text(1), text(4),
    rand(3) == 0 and "null" or tostring(rand(50)), 9007199254740993 + i, rand(1000) + 1, rand(5) + 1)
end
return '{"items":[' .. table.concat(items, ",") .. '],"total":' .. count .. ',"next":null}'
"""#

@Suite struct JSONTests {
    let state: LuaState

    init() throws {
        state = try LuaState()
        try state.run("json = require('lunar.json')")
    }

    /// Runs Lua source and returns its results.
    @discardableResult
    func lua(_ source: String) throws -> [LuaValue] { try state.run(source, name: "@json_test.lua") }

    func sampleDocument(items: Int) throws -> String {
        let generator = try state.load(sampleDocumentGenerator, name: "=generator")
        return try state.call(generator, items, returning: String.self)
    }

    // MARK: Decoding values

    @Test func decodesScalarsAtTheTopLevel() throws {
        let r = try lua("""
            return json.decode("42"), math.type(json.decode("42")), json.decode("-1.5"), json.decode("true"),
                   json.decode("false"), json.decode(' "x" '), json.decode("null") == json.null
            """)
        #expect(r == [42, "integer", -1.5, true, false, "x", true])
    }

    @Test func integersStayIntegersWhenTheyFit() throws {
        let r = try lua("""
            local out = {}
            for _, text in ipairs({ "0", "-0", "7", "-7", "999999999999999999", "9223372036854775807",
                                    "-9223372036854775808", "9223372036854775808", "123456789012345678901234567890",
                                    "1.0", "1e2", "1E+2", "10e-1" }) do
              local v = json.decode(text)
              out[#out + 1] = math.type(v) .. ":" .. tostring(v)
            end
            return table.concat(out, " ")
            """)
        #expect(r[0] == """
            integer:0 float:-0.0 integer:7 integer:-7 integer:999999999999999999 integer:9223372036854775807 \
            integer:-9223372036854775808 float:9.2233720368548e+18 float:1.2345678901235e+29 \
            float:1.0 float:100.0 float:100.0 float:1.0
            """)
    }

    @Test func floatsAreCorrectlyRounded() throws {
        // Lua's tonumber (strtod) is the oracle: every fast path must agree with it bit for bit.
        let r = try lua("""
            local cases = { "0.1", "0.2", "0.30000000000000004", "3.141592653589793", "1.7976931348623157e308",
              "5e-324", "2.2250738585072014e-308", "123456789012345678e-5", "1e22", "1e23", "9007199254740993.0",
              "0.000001", "1234.5678", "-0.0", "4.35", "8.41e21", "1e-22", "99.99", "0.1e1", "12345678901234567890.5" }
            local bad = {}
            for _, text in ipairs(cases) do
              local v = json.decode(text)
              local expected = tonumber(text)
              if math.type(v) ~= "float" or v ~= expected or string.pack("d", v) ~= string.pack("d", expected) then
                bad[#bad + 1] = text
              end
            end
            return #bad, table.concat(bad, ","), 1 / json.decode("-0.0")
            """)
        #expect(r[0] == 0, "mismatched: \(r[1])")
        #expect(r[2] == .number(-.infinity))
    }

    @Test func stringsDecodeEveryEscape() throws {
        let r = try lua(#"""
            local s = json.decode('"q\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u00e9\\u20AC \\ud83d\\ude00 caf\u{e9}"')
            local nul = json.decode('"a\\u0000b"')
            return s == 'q" b\\ s/ \b\f\n\r\t é€ 😀 café', #nul, nul:byte(2)
            """#)
        #expect(r == [true, 3, 0])
    }

    @Test func specialBytesAreFoundAtEveryPositionOfAWord() throws {
        // The string scanner reads eight bytes at a time: put each special byte at every offset.
        let r = try lua(#"""
            local bad = {}
            for k = 0, 20 do
              local before, after = string.rep("x", k), string.rep("y", 20 - k)
              local function check(text, expected)
                local ok, v = pcall(json.decode, '"' .. before .. text .. after .. '"')
                if not ok or v ~= before .. expected .. after then bad[#bad + 1] = k .. ":" .. text end
              end
              check("\\n", "\n")
              check("é", "é")
              check("\\u00e9", "é")
              local ok, e = pcall(json.decode, '"' .. before .. "\1" .. after .. '"')
              if ok or not e:find("byte " .. (k + 1) .. ": control character", 1, true) then bad[#bad + 1] = k .. ":ctl" end
              ok, e = pcall(json.decode, '"' .. before .. "\255" .. after .. '"')
              if ok or not e:find("byte " .. (k + 1) .. ": invalid UTF-8", 1, true) then bad[#bad + 1] = k .. ":utf8" end
              if json.decode('"' .. before .. '"') ~= before then bad[#bad + 1] = k .. ":end" end
            end
            return table.concat(bad, " ")
            """#)
        #expect(r == [""])
    }

    @Test func longStringsWithEscapesGrowTheScratchBuffer() throws {
        let r = try lua(#"""
            local piece = string.rep("ab\\n\\u00e9", 50000)
            local s = json.decode('"' .. piece .. '"')
            return #s, s:sub(1, 5) == "ab\né", s == string.rep("ab\né", 50000)
            """#)
        #expect(r == [250_000, true, true])
    }

    @Test func containersBecomeTablesAndSequences() throws {
        let r = try lua("""
            local t = json.decode('{"a":[1,{"b":null},[]],"c":{"d":"e"},"a2":[1,null,3],"dup":1,"dup":2}')
            return #t.a, t.a[2].b == json.null, next(t.a[3]) == nil, t.c.d, #t.a2, t.a2[2] == json.null, t.dup
            """)
        #expect(r == [3, true, true, "e", 3, true, 2])
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let r = try lua("""
            local deep = json.decode(string.rep("[", 512) .. string.rep("]", 512))
            local depth = 0
            while type(deep) == "table" and deep[1] do deep = deep[1]; depth = depth + 1 end
            return depth
            """)
        #expect(r == [511])
    }

    // MARK: Decoding errors

    @Test func malformedInputReportsTheByteOffset() throws {
        let cases: [(String, Int, String)] = [
            ("", 0, "unexpected end of input"),
            ("   ", 3, "unexpected end of input"),
            (#"{"a":1 "b":2}"#, 7, "expected ',' or '}'"),
            ("[1,2", 4, "unexpected end of input"),
            ("[1,]", 3, "expected a value"),
            ("[1 2]", 3, "expected ',' or ']'"),
            (#"{"a"}"#, 4, "expected ':'"),
            ("{1:2}", 1, "expected a string key"),
            (#"{"a":1,}"#, 7, "expected a string key"),
            ("tru", 3, "unexpected end of input"),
            ("trux", 3, "invalid literal"),
            ("nul", 3, "unexpected end of input"),
            ("01", 1, "leading zero in number"),
            ("-", 1, "unexpected end of input"),
            ("--1", 1, "expected a digit"),
            ("1.", 2, "unexpected end of input"),
            ("1.e5", 2, "expected a digit after '.'"),
            ("1e+", 3, "unexpected end of input"),
            ("1ex", 2, "expected a digit in the exponent"),
            ("+1", 0, "expected a value"),
            (".5", 0, "expected a value"),
            ("NaN", 0, "expected a value"),
            ("1e999", 0, "number out of range"),
            ("[-1e400]", 1, "number out of range"),
            ("1 2", 2, "unexpected data after the document"),
            (#""abc"#, 4, "unexpected end of input"),
            ("\"a\u{1}b\"", 2, "control character in string"),
            (#""a\x""#, 2, "invalid escape"),
            (#""\u12G4""#, 1, #"invalid \u escape"#),
            (#""\u12""#, 1, #"invalid \u escape"#),
            (#""\ud83d""#, 1, #"unpaired surrogate in \u escape"#),
            (#""\ude00""#, 1, #"unpaired surrogate in \u escape"#),
            (#""\ud83d\u0041""#, 1, #"unpaired surrogate in \u escape"#),
            (#""\ud83d\u"#, 9, "unexpected end of input"),
            (String(repeating: "[", count: 513), 512, "nesting deeper than 512 levels"),
            ("{\"k\":" + String(repeating: "{\"k\":", count: 512), 2560, "nesting deeper than 512 levels"),
        ]
        for (text, offset, reason) in cases {
            do {
                _ = try state.decodeJSON(Data(text.utf8))
                Issue.record("decoded invalid JSON: \(text)")
            } catch {
                #expect(error.kind == .invalidJSON, "\(text)")
                #expect(error.offset == offset, "\(text): \(error.message)")
                #expect(error.message == "invalid JSON at byte \(offset): \(reason)", "\(text)")
            }
        }
    }

    @Test func invalidUTF8IsRefusedAtItsFirstByte() throws {
        let cases: [[UInt8]] = [
            [0x22, 0xFF, 0x22],  // never valid
            [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
            [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong 3-byte
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // an encoded surrogate
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
            [0x22, 0xE2, 0x82, 0x22],  // cut short by the quote
            [0x22, 0x80, 0x22],  // a lone continuation byte
        ]
        for bytes in cases {
            do {
                _ = try state.decodeJSON(Data(bytes))
                Issue.record("accepted \(bytes)")
            } catch {
                #expect(error.message == "invalid JSON at byte 1: invalid UTF-8 in string", "\(bytes)")
            }
        }
        // After an escape the slow path validates the same way.
        #expect(throws: LuaJSONError.self) { try state.decodeJSON(Data([0x22, 0x5C, 0x6E, 0xC3, 0x22])) }
        #expect(try state.decodeJSON(Data(#""\n\u00e9 é""#.utf8)) == "\né é")
    }

    @Test func everyTruncationOfADocumentEndsAtItsEnd() throws {
        let document = Array(try sampleDocument(items: 3).utf8)
        #expect(try state.decodeJSON(Data(document)).typeName == "table")
        for length in 0..<document.count {
            do {
                _ = try state.decodeJSON(Data(document[0..<length]))
                Issue.record("a truncated document decoded (length \(length))")
            } catch {
                #expect(error.message == "invalid JSON at byte \(length): unexpected end of input")
            }
        }
    }

    @Test func garbageNeverEscapesAsALuaError() throws {
        // Deterministic noise: bytes of JSON punctuation, digits, escapes and high bytes.
        let alphabet = Array(#"{}[]:,"\/ntfu0123456789.eE+- "#.utf8) + [0xC3, 0xA9, 0xFF, 0x00]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var outcomes = (decoded: 0, refused: 0)
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<(Int(seed >> 60) + 1) {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(alphabet[Int(seed >> 33) % alphabet.count])
            }
            do {
                _ = try state.decodeJSON(Data(bytes))
                outcomes.decoded += 1
            } catch {
                #expect(error.kind == .invalidJSON)
                #expect(error.offset.map { $0 <= bytes.count } == true)
                outcomes.refused += 1
            }
        }
        #expect(outcomes.refused > 1000)
        #expect(try lua("return 1 + 1") == [2])
    }

    @Test func luaCallersGetPositionedErrors() throws {
        let r = try lua("""
            local ok1, e1 = pcall(function() return json.decode("[1,") end)
            local ok2, e2 = pcall(function() return json.decode(42) end)
            local ok3, e3 = pcall(json.decode)
            local ok4, e4 = pcall(function() return json.encode() end)
            local ok5, e5 = pcall(function() return json.array(5) end)
            return e1, e2, e3, e4, e5
            """)
        #expect(r == [
            "json_test.lua:1: invalid JSON at byte 3: unexpected end of input",
            "json_test.lua:2: bad argument #1 to 'json.decode' (string expected, got number)",
            "bad argument #1 to 'json.decode' (string expected, got no value)",
            "json_test.lua:4: bad argument #1 to 'json.encode' (value expected)",
            "json_test.lua:5: bad argument #1 to 'json.array' (table expected, got number)",
        ])
    }

    // MARK: Encoding

    @Test func encodesScalarsAndStrings() throws {
        let r = try lua(#"""
            return json.encode(nil), json.encode(true), json.encode(false), json.encode(json.null),
                   json.encode(-42), json.encode(math.mininteger), json.encode("a\"b\\c/d\n\r\t\b\f\1\31é😀"),
                   json.encode("")
            """#)
        #expect(r == [
            "null", "true", "false", "null", "-42", "-9223372036854775808",
            #""a\"b\\c/d\n\r\t\b\f\u0001\u001fé😀""#, #""""#,
        ])
    }

    @Test func floatsAreWrittenToReadBackExactly() throws {
        let r = try lua("""
            return json.encode(0.1), json.encode(3.0), json.encode(-0.0), json.encode(1e300), json.encode(0.05),
                   json.encode(-12.5), json.encode(123456.789), json.encode(1e-7), json.encode(2^53)
            """)
        #expect(r == ["0.1", "3.0", "-0.0", "1e+300", "0.05", "-12.5", "123456.789", "1e-07", "9007199254740992.0"])
        // Every float survives encode → decode bit for bit.
        let exact = try lua("""
            local values = { math.pi, 0.1 + 0.2, 1 / 3, 5e-324, 1.7976931348623157e308, -2.5e-10, 1e21, 123.456e100 }
            local seed = 1
            for i = 1, 2000 do
              seed = (seed * 1103515245 + 12345) % 2147483648
              values[#values + 1] = (seed / 7919) * 10.0 ^ ((seed % 40) - 20)
            end
            for _, v in ipairs(values) do
              local back = json.decode(json.encode(v))
              if math.type(back) ~= "float" or string.pack("d", back) ~= string.pack("d", v) then
                return json.encode(v)
              end
            end
            return "all exact"
            """)
        #expect(exact == ["all exact"])
    }

    @Test func tablesBecomeArraysOrObjectsWithSortedKeys() throws {
        let r = try lua("""
            return json.encode({ 1, "two", { 3 } }), json.encode({ b = 1, a = { z = true, y = json.null }, ["k k"] = 0 }),
                   json.encode({}), json.encode(json.array({})), json.encode(json.array()),
                   json.encode({ list = json.array({}), map = {} }), json.encode(json.decode("[]")),
                   json.encode(json.decode("{}")), json.encode({ B = 1, a = 2, ["é"] = 3, [""] = 4 })
            """)
        #expect(r == [
            #"[1,"two",[3]]"#, #"{"a":{"y":null,"z":true},"b":1,"k k":0}"#,
            "{}", "[]", "[]", #"{"list":[],"map":{}}"#, "[]", "{}", #"{"":4,"B":1,"a":2,"é":3}"#,
        ])
    }

    @Test func unencodableValuesNameTheirPath() throws {
        let r = try lua(#"""
            local function message(v)
              local ok, e = pcall(json.encode, v)
              return ok and "encoded" or e
            end
            local cycle = { list = { 1, 2 } }
            cycle.list[3] = cycle
            local deep = {}
            local cursor = deep
            for i = 1, 512 do cursor.next = {}; cursor = cursor.next end
            return message({ a = { 1, { f = print } } }), message({ x = 0 / 0 }), message({ 1, math.huge }),
                   message({ [1] = 1, [3] = 3 }), message({ 1, k = 2 }), message({ [1.5] = 1 }),
                   message({ [true] = 1 }), message({ [0] = 1 }), message(cycle), message(deep),
                   message({ ["odd key"] = { "\xff" } }), message(coroutine.create(print)),
                   message(json.array({ a = 1 })), message(io)
            """#)
        #expect(r == [
            "cannot encode a function value at $.a[2].f",
            "cannot encode NaN at $.x",
            "cannot encode infinity at $[2]",
            "cannot encode a sparse array (a table with holes) at $",
            "cannot encode a table with both string and integer keys at $",
            "cannot encode a table with a float key at $",
            "cannot encode a table with a boolean key at $",
            "cannot encode a table with an integer key below 1 at $",
            "cannot encode a table that contains itself at $.list[3]",
            .string("cannot encode tables nested deeper than 512 levels at $" + String(repeating: ".next", count: 512)),
            #"cannot encode a string that is not valid UTF-8 at $["odd key"][1]"#,
            "cannot encode a thread value at $",
            "cannot encode a table marked as an array that has string keys at $",
            "encoded",  // the sandbox's io is a table without fields
        ])
    }

    @Test func luaCallersOfEncodeGetPositionedErrors() throws {
        let r = try lua("local ok, e = pcall(function() return json.encode({ f = print }) end) return e")
        #expect(r == ["json_test.lua:1: cannot encode a function value at $.f"])
    }

    // MARK: Round trips

    @Test func valuesRoundTripThroughText() throws {
        let r = try lua(#"""
            local function same(a, b)
              if type(a) ~= type(b) then return false end
              if type(a) ~= "table" then return a == b and math.type(a) == math.type(b) end
              for k, v in pairs(a) do if not same(v, b[k]) then return false end end
              for k in pairs(b) do if a[k] == nil then return false end end
              return true
            end
            local value = { name = "Zoë \"Z\" 😀", list = { 1, 2.5, -3, json.null, { deep = { true, false } } },
                            empty = json.array(), object = {}, big = math.maxinteger, tiny = 1e-300 }
            local text = json.encode(value)
            local back = json.decode(text)
            return same(value, back), json.encode(back) == text, text
            """#)
        #expect(r[0] == true)
        #expect(r[1] == true)
        #expect(r[2] == .string(#"{"big":9223372036854775807,"empty":[],"list":[1,2.5,-3,null,{"deep":[true,false]}],"name":"Zoë \"Z\" 😀","object":{},"tiny":1e-300}"#))
    }

    @Test func aMegabyteDocumentRoundTrips() throws {
        let document = try sampleDocument(items: 3600)
        #expect(document.utf8.count > 1_000_000)
        state.setGlobal("document", document)
        let r = try lua("""
            local t = json.decode(document)
            local again = json.decode(json.encode(t))
            local ok = #again.items == #t.items and again.total == t.total and again.next == json.null
            for i, item in ipairs(t.items) do
              local other = again.items[i]
              ok = ok and other.id == item.id and other.name == item.name and other.price == item.price
                and other.note == item.note and other.big == item.big and other.seller.city == item.seller.city
                and json.encode(other.empty) == "[]" and json.encode(other.none) == "{}"
            end
            return #t.items, ok, math.type(t.items[1].big), t.items[1].note:sub(-5)
            """)
        #expect(r == [3600, true, "integer", "😀\n"])
    }

    // MARK: Swift API

    @Test func pushJSONLeavesExactlyOneValueOrNothing() throws {
        let stack = state.stack
        let top = lua_gettop(state.L)
        var text = Array(#"{"a":[1,2,{"b":"c"}]}"#.utf8)
        try text.withUnsafeBytes { try stack.pushJSON($0) }
        #expect(lua_gettop(state.L) == top + 1)
        let value = try LuaValue.read(from: stack, at: -1)
        #expect(value == ["a": [1, 2, ["b": "c"]]])
        lunar_pop(state.L, 1)

        text = Array("[1,".utf8)
        #expect(throws: LuaJSONError.self) { try text.withUnsafeBytes { try stack.pushJSON($0) } }
        #expect(lua_gettop(state.L) == top)
        #expect(throws: LuaJSONError.self) { try stack.pushJSON(UnsafeRawBufferPointer(start: nil, count: 0)) }
        #expect(lua_gettop(state.L) == top)
    }

    @Test func decodeJSONKeepsTablesInLuaAndScalarsByValue() throws {
        let value = try state.decodeJSON(Data(#"{"n":1,"f":1.5,"s":"x","l":[true,null],"o":{},"e":[]}"#.utf8))
        guard case .reference = value else { Issue.record("a table comes back by reference, got \(value)"); return }
        // Not copied: the empty array keeps its mark and null stays the sentinel.
        #expect(String(decoding: try state.encodeJSON(value), as: UTF8.self) == #"{"e":[],"f":1.5,"l":[true,null],"n":1,"o":{},"s":"x"}"#)
        #expect(try state.decodeJSON(Data("3".utf8)) == .integer(3))
        #expect(try state.decodeJSON(Data("-0".utf8)) == .number(-0.0))
        #expect(try state.decodeJSON(Data(#""x""#.utf8)) == "x")
        #expect(state.isJSONNull(try state.decodeJSON(Data("null".utf8))))
        #expect(!state.isJSONNull(try state.decodeJSON(Data("1".utf8))))
    }

    @Test func encodeJSONWritesSwiftValuesAndStackSlots() throws {
        let data = try state.encodeJSON(["b": [1, 2.5, "x"], "a": true])
        #expect(String(decoding: data, as: UTF8.self) == #"{"a":true,"b":[1,2.5,"x"]}"#)
        do {
            _ = try state.encodeJSON(["f": .number(.nan)])
            Issue.record("NaN encoded")
        } catch {
            #expect(error.kind == .unencodable)
            #expect(error.message == "cannot encode NaN at $.f")
        }
        // A decoded null goes back out as null.
        let decoded = try state.decodeJSON(Data("[null,1]".utf8))
        #expect(String(decoding: try state.encodeJSON(decoded), as: UTF8.self) == "[null,1]")
        try lua("t = { z = 1, a = { 'x' } }")
        lua_getglobal(state.L, "t")
        defer { lunar_pop(state.L, 1) }
        #expect(String(decoding: try state.stack.encodeJSON(at: -1), as: UTF8.self) == #"{"a":["x"],"z":1}"#)
    }

    @Test func bridgedSwiftFunctionsUsePushJSONWithoutUnwinding() throws {
        // A Swift frame calls the decoder; its failure must come back as a Swift error, and `defer` must run.
        var deferred = 0
        state.setGlobal("fromSwift", state.makeFunction(named: "fromSwift") { frame in
            defer { deferred += 1 }
            var text = try frame.argument(1, as: String.self)
            let pushed = text.withUTF8 { bytes in
                Result { () throws(LuaJSONError) in try frame.stack.pushJSON(UnsafeRawBufferPointer(bytes)) }
            }
            if case .failure(let error) = pushed { frame.push("refused: \(error.message)") }
            return .results(1)
        })
        let r = try lua("return fromSwift('[1, 2]')[2], fromSwift('[1, 2')")
        #expect(r == [2, "refused: invalid JSON at byte 5: unexpected end of input"])
        #expect(deferred == 2)
    }

    // MARK: Memory caps

    @Test func memoryCapsGiveACleanError() throws {
        let document = try sampleDocument(items: 3600)
        let capped = try LuaState(options: LuaStateOptions(memoryLimit: 64 << 20))
        try capped.run("json = require('lunar.json')")
        capped.memoryLimit = capped.memoryInUse + (1 << 20)
        do {
            _ = try capped.decodeJSON(Data(document.utf8))
            Issue.record("a 1 MB document decoded with 1 MB to spare")
        } catch {
            #expect(error.kind == .memory)
            #expect(error.message == "not enough memory")
        }
        #expect(try capped.run("return 1 + 1") == [2])

        // From Lua, under a protected call.
        capped.setGlobal("document", document)
        capped.memoryLimit = capped.memoryInUse + (1 << 20)
        let r = try capped.run("return pcall(json.decode, document)")
        #expect(r == [false, "not enough memory"])

        // Encoding a table that fits, into text that does not.
        capped.memoryLimit = nil
        try capped.run("big = {} for i = 1, 60000 do big[i] = { name = 'item ' .. i, price = i + 0.5 } end collectgarbage()")
        capped.memoryLimit = capped.memoryInUse + (256 << 10)
        let encoded = try capped.run("return pcall(json.encode, big)")
        #expect(encoded == [false, "not enough memory"])
        lua_getglobal(capped.L, "big")
        defer { lunar_pop(capped.L, 1) }
        #expect(throws: LuaJSONError(kind: .memory, message: "not enough memory")) {
            _ = try capped.stack.encodeJSON(at: -1)
        }
        capped.memoryLimit = nil
        #expect(try capped.run("return #json.encode(big) > 1000000") == [true])
    }
}
