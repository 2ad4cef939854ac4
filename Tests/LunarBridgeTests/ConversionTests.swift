import Testing
@testable import LunarBridge

@Suite struct ConversionTests {
    let state: LuaState
    init() throws { state = try LuaState() }

    /// Pushes a value as global `v`, runs `check` (which must return true) and reads `v` back.
    func roundTrip<T: LuaConvertible>(_ value: T, _ check: String) throws -> T {
        state.setGlobal("v", value)
        let ok = try state.run("return \(check)", name: "=check")
        #expect(ok == [.boolean(true)], "Lua-side check failed: \(check)")
        return try state.global("v", as: T.self)
    }

    @Test func scalarsCrossBothWays() throws {
        #expect(try roundTrip(42, "math.type(v) == 'integer' and v == 42") == 42)
        #expect(try roundTrip(-7.5, "math.type(v) == 'float' and v == -7.5") == -7.5)
        #expect(try roundTrip(true, "v == true") == true)
        #expect(try roundTrip("héllo", "v == 'h\\u{e9}llo' and #v == 6") == "héllo")
        #expect(try roundTrip(Optional<Int>.none, "v == nil") == nil)
        #expect(try roundTrip(Optional(3), "v == 3") == 3)
    }

    @Test func stringsAreBytes() throws {
        let values = try state.run(#"return "plain", "\xff\xfe", "a\0b""#)
        #expect(values[0] == .string("plain"))
        #expect(values[1] == .bytes([0xff, 0xfe]))
        #expect(values[2] == .string("a\0b"))
        state.setGlobal("b", LuaBytes([0, 1, 255]))
        #expect(try state.run("return #b == 3 and b:byte(3) == 255") == [.boolean(true)])
        // A typed String parameter refuses invalid UTF-8 with a clear message.
        #expect(throws: LuaTypeMismatch.self) {
            state.setGlobal("bad", LuaValue.bytes([0xff]))
            _ = try state.global("bad", as: String.self)
        }
    }

    @Test func arraysDictionariesAndNesting() throws {
        let list = try roundTrip([1, 2, 3], "#v == 3 and v[3] == 3")
        #expect(list == [1, 2, 3])
        let dict = try roundTrip(["a": 1, "b": 2], "v.a == 1 and v.b == 2")
        #expect(dict == ["a": 1, "b": 2])
        let nested: LuaValue = ["name": "ann", "tags": ["x", "y"], "meta": ["n": 1.5, "ok": true]]
        let back = try roundTrip(nested, "v.tags[2] == 'y' and v.meta.n == 1.5 and v.meta.ok")
        #expect(back == nested)
    }

    @Test func luaTablesBecomeSequencesAndFields() throws {
        let v = try state.run("return { 10, 20, 30, n = 3, [10] = 'far', [true] = 1 }")[0]
        guard case .table(let t) = v else { Issue.record("expected a table"); return }
        #expect(t.array == [10, 20, 30])
        #expect(t["n"] == 3)
        #expect(t[.integer(10)] == "far")
        #expect(t[.boolean(true)] == 1)
    }

    @Test func cyclicTablesAreRefusedOrKeptByReference() throws {
        state.setGlobal("f", state.makeFunction(named: "f") { frame in
            _ = try frame.argument(1, as: LuaValue.self)
            return .results(0)
        })
        let result = try state.run("local t = {}; t.self = t; return pcall(f, t)")
        #expect(result[0] == .boolean(false))
        #expect(result[1].stringValue?.contains("cycle") == true)
        // Results that cannot be copied still arrive, as references.
        let r = try state.run("local t = {}; t.self = t; return t")
        if case .reference(let ref) = r[0] { #expect(ref.typeName == "table") } else { Issue.record("expected a reference") }
    }

    @Test func wrongTypesGiveLuaStyleMessages() throws {
        state.setGlobal("v", "x")
        do {
            _ = try state.global("v", as: Int.self)
            Issue.record("a string read as an integer")
        } catch {
            #expect(error.problem == "number expected, got string")
        }
        state.setGlobal("v", 1.5)
        do {
            _ = try state.global("v", as: Int.self)
            Issue.record("1.5 read as an integer")
        } catch {
            #expect(error.problem == "number has no integer representation")
        }
    }

    @Test func functionsHeldBySwiftAreCallableAndReleased() throws {
        let fn = try state.run("return function(a, b) return a * b end")[0]
        guard case .function(let f) = fn else { Issue.record("expected a function"); return }
        #expect(try state.call(f, 6, 7, returning: Int.self) == 42)
        // Dropping the Swift reference releases the registry slot on the next call.
        _ = try state.run("return 1")
        let baseline = state.liveReferences
        var held: [LuaValue] = []
        for _ in 0..<500 { held += try state.run("return function() end, {}") }
        _ = try state.run("return 1")
        #expect(state.liveReferences == baseline + 500)  // functions are held; tables were copied
        held.removeAll()
        _ = try state.run("return 1")
        #expect(state.liveReferences == baseline)
    }
}
