import LunarTestSupport
import Testing

/// `lunar.decode` and `lunar.encode` from Lua: wrong types and missing keys give the default, never an error.
@Suite struct DecodeScriptTests {
    private func run(_ source: String) async throws -> String {
        let harness = try await ScriptHarness.network()
        let out = try await harness.run("local decode = require('lunar.decode')\nlocal encode = require('lunar.encode')\n" + source)
        #expect(harness.errors.isEmpty)
        return out
    }

    /// What disagreed with the docs (issue 22): positions are 1-based, a mapper that is not a
    /// function and a NaN key are clear errors at the caller's line, not raw Lua errors.
    @Test func positionsMappersAndKeysAsDocumented() async throws {
        let out = try await run("""
            local list = { [0] = "zero", "one" }
            print(decode.at(list, 0, "none"), decode.at(list, -1, "none"), decode.at(list, 1))
            print(select(2, pcall(decode.array, { l = { 1 } }, "l", "notafunction")))
            print(select(2, pcall(encode.put, {}, 0/0, 1)))
            print(#decode.array({ l = { 1, 2 } }, "l", setmetatable({}, { __call = function(_, v) return v end })))
            """)
        #expect(out == """
            none\tnone\tone
            bad argument #3 to 'decode.array' (function expected, got string)
            bad argument #2 to 'encode.put' (key is NaN)
            2

            """)
    }

    @Test func stringReader() async throws {
        let out = try await run("""
            local t = { name = "Ada", n = 3, f = 2.5, whole = 4.0, big = 1e300, flag = true, list = {}, nan = 0/0 }
            print(decode.string(t, "name"), decode.string(t, "n"), decode.string(t, "f"), decode.string(t, "whole"))
            print(decode.string(t, "big"), decode.string(t, "flag", "d"), decode.string(t, "list", "d"), decode.string(t, "nan", "d"))
            print("[" .. decode.string(t, "missing") .. "]", decode.string(nil, "name", "d"), decode.string("text", "len", "d"))
            """)
        #expect(out == "Ada\t3\t2.5\t4\n1e+300\td\td\td\n[]\td\td\n")
    }

    @Test func numberAndIntegerReaders() async throws {
        let out = try await run("""
            local t = { n = 7, f = -2.75, s = "42", e = "1e3", neg = "-0.5", blank = " 42", junk = "42abc",
                        inf = "inf", flag = true, huge = 1e300 }
            print(decode.number(t, "n"), decode.number(t, "f"), decode.number(t, "s"), decode.number(t, "e"), decode.number(t, "neg"))
            print(decode.number(t, "blank", -1), decode.number(t, "junk", -1), decode.number(t, "inf", -1), decode.number(t, "flag", -1))
            print(decode.number(t, "missing"), decode.number(42, "x", 9), decode.integer(t, "missing", -1))
            print(decode.integer(t, "f"), decode.integer(t, "s"), decode.integer(t, "neg"), decode.integer(t, "huge", -1), decode.integer(t, "junk"))
            """)
        #expect(out == "7\t-2.75\t42\t1000.0\t-0.5\n-1\t-1\t-1\t-1\n0\t9\t-1\n-2\t42\t0\t-1\t0\n")
    }

    @Test func boolTableArrayAndAt() async throws {
        let out = try await run("""
            local t = { yes = true, one = 1, zero = 0, s = "true", sub = { x = 1 }, list = { 10, 20, 30 }, text = "abc" }
            print(decode.bool(t, "yes"), decode.bool(t, "one"), decode.bool(t, "zero"), decode.bool(t, "s"), decode.bool(t, "s", true))
            print(decode.table(t, "sub").x, next(decode.table(t, "text")), decode.table(t, "missing", "d"), decode.string(decode.table(t, "no"), "x", "chained"))
            local doubled = decode.array(t, "list", function(v, i) if i ~= 2 then return v * 2 end end)
            print(#decode.array(t, "list"), #doubled, doubled[1], doubled[2], #decode.array(t, "text"), #decode.array(t, "sub"), #decode.array(nil, "x"))
            print(decode.at(t.list, 1), decode.at(t.list, 3.0), decode.at(t.list, 4), decode.at(t.list, 0, "d"), decode.at("x", 1, "d"), decode.at(t.list, "1", "d"))
            """)
        #expect(out == "true\ttrue\tfalse\tfalse\ttrue\n1\tnil\td\tchained\n3\t2\t20\t60\t0\t0\t0\n10\t30\tnil\td\td\td\n")
    }

    @Test func jsonNullIsMissingToEveryReaderAndBlankToPut() async throws {
        let out = try await run(#"""
            local json = require("lunar.json")
            local t = json.decode('{"s":null,"n":null,"b":null,"t":null,"a":null,"list":[1,null,3]}')
            print(decode.string(t, "s", "d"), decode.number(t, "n", -1), decode.integer(t, "n", -1), decode.bool(t, "b", true))
            print(decode.table(t, "t", "d"), #decode.array(t, "a"), decode.at(t.list, 2, "d"), decode.at(t.list, 3), #t.list)
            print(next(encode.put({}, "k", json.null)))
            """#)
        #expect(out == "d\t-1\t-1\ttrue\nd\t0\td\t3\t3\nnil\n")
    }

    @Test func putSkipsBlankValues() async throws {
        let out = try await run("""
            local body = encode.put(nil, "account", "ada")
            encode.put(body, "invite", "")
            encode.put(body, "tags", {})
            encode.put(body, "missing", nil)
            encode.put(body, "zero", 0)
            encode.put(encode.put(body, "off", false), "list", { 1 })
            local keys = {}
            for k in pairs(body) do keys[#keys + 1] = k end
            table.sort(keys)
            print(table.concat(keys, ","), body.zero, body.off)
            print(pcall(encode.put, 5, "k", "v"))
            """)
        #expect(out == "account,list,off,zero\t0\tfalse\nfalse\tbad argument #1 to 'encode.put' (table expected, got number)\n")
    }
}
