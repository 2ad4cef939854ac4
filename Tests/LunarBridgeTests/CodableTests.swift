import Foundation
import LunarBridge
import Testing

private struct Point: LuaCodable, Equatable {
    var x: Int
    var y: Int
}

private struct Address: Codable, Equatable {
    var city: String
    var zip: String?
}

private struct Person: LuaCodable, Equatable {
    var name: String
    var age: Int
    var email: String?
    var address: Address
    var tags: [String]
    var scores: [Double]
    var active: Bool
}

private struct Polygon: LuaCodable, Equatable {
    var points: [Point]
}

private enum Mode: String, LuaCodable {
    case fast, slow
    static var luaTypeName: String { "string" }
}

private struct Attachment: LuaCodable, Equatable {
    var bytes: Data
    var link: URL
    var sent: Date
}

private struct Sparse: LuaCodable, Equatable {
    var values: [Int?]
    var ranks: [String: Int]
    var names: [Int: String]
}

private struct Huge: LuaCodable {
    var n: UInt64
}

/// Collects what the state reports, for assertions on the error handler.
private final class ReportLog {
    var messages: [String] = []
}

private let geo = LuaModule("native.geo") { m in
    m.function("move") { (p: Point, dx: Int) -> Point in Point(x: p.x + dx, y: p.y) }
    m.function("area") { (shape: Polygon) -> Int in shape.points.count }
    m.function("greet") { (person: Person) -> String in "\(person.name) from \(person.address.city)" }
    m.function("speed") { (mode: Mode) -> Int in mode == .fast ? 10 : 1 }
    m.function("origin") { () -> Point in Point(x: 0, y: 0) }
    m.function("huge") { () -> Huge in Huge(n: .max) }
}

/// Runs `source` expecting an error; returns its message.
private func failure(_ state: LuaState, _ source: String) -> String? {
    do {
        try state.run(source, name: "=test")
        return nil
    } catch {
        return error.message
    }
}

private func function(_ state: LuaState, _ source: String) throws -> LuaFunction {
    guard case .function(let fn) = try state.run(source, name: "=test").first else {
        throw LuaStateError("chunk did not return a function")
    }
    return fn
}

@Suite struct CodableTests {
    @Test func encodesAStructAsATableWithStringKeys() throws {
        let value = try LuaValueEncoder().encode(Point(x: 1, y: -2))
        #expect(value == .table(LuaTable(fields: ["x": 1, "y": -2])))
    }

    @Test func encodesNestedArraysOptionalsAndScalars() throws {
        let person = Person(
            name: "Ann", age: 31, email: nil, address: Address(city: "Oslo", zip: "0150"),
            tags: ["a", "b"], scores: [1.5, 2], active: true)
        let value = try LuaValueEncoder().encode(person)
        let expected: LuaValue = [
            "name": "Ann", "age": 31, "address": ["city": "Oslo", "zip": "0150"],
            "tags": ["a", "b"], "scores": [1.5, 2.0], "active": true,
        ]
        #expect(value == expected)
        #expect(value["email"].isNil)
        #expect(value["scores"][2] == .number(2))
    }

    @Test func decodesWhatItEncodes() throws {
        let person = Person(
            name: "Bo", age: 7, email: "bo@example.com", address: Address(city: "Rome", zip: nil),
            tags: [], scores: [0.25], active: false)
        let value = try LuaValueEncoder().encode(person)
        #expect(try LuaValueDecoder().decode(Person.self, from: value) == person)
    }

    @Test func decodesIntegralFloatsAsIntegersAndIntegersAsDoubles() throws {
        let point = try LuaValueDecoder().decode(Point.self, from: ["x": .number(3.0), "y": 4])
        #expect(point == Point(x: 3, y: 4))
        #expect(try LuaValueDecoder().decode([Double].self, from: [1, 2.5]) == [1, 2.5])
    }

    @Test func mismatchesNameTheFieldPath() throws {
        let cases: [(LuaValue, String)] = [
            (["y": 1], "field 'x': number expected, got nil"),
            (["x": "1", "y": 1], "field 'x': number expected, got string"),
            (["x": 1.5, "y": 1], "field 'x': number has no integer representation"),
            (5, "table expected, got number"),
        ]
        for (value, message) in cases {
            #expect(problem(Point.self, value) == message)
        }
        let polygon: LuaValue = ["points": [["x": 1, "y": 1], ["x": 2]]]
        #expect(problem(Polygon.self, polygon) == "field 'points[2].y': number expected, got nil")
        let person: LuaValue = [
            "name": "A", "age": 1, "address": ["zip": "1"], "tags": [], "scores": [], "active": true,
        ]
        #expect(problem(Person.self, person) == "field 'address.city': string expected, got nil")
        #expect(problem([Point].self, [["x": 1, "y": 1], true]) == "element 2: table expected, got boolean")
        #expect(problem(Int8.self, 300) == "number out of range")
    }

    private func problem<T: Decodable>(_ type: T.Type, _ value: LuaValue) -> String? {
        do {
            _ = try LuaValueDecoder().decode(type, from: value)
            return nil
        } catch {
            return LuaTypeMismatch(decoding: error).problem
        }
    }

    @Test func structsCrossTheBridgeAsArgumentsAndResults() throws {
        let state = try LuaState()
        state.register(geo)
        let results = try state.run("""
            local geo = require("native.geo")
            local p = geo.move({x = 1, y = 2}, 10)
            local o = geo.origin()
            return p.x, p.y, o.x, type(o),
              geo.area({points = {{x = 0, y = 0}, {x = 1, y = 0}, {x = 0, y = 1}}}),
              geo.greet({name = "Ann", age = 3, address = {city = "Oslo"}, tags = {"x"}, scores = {}, active = true}),
              geo.speed("fast")
            """, name: "=test")
        #expect(results == [11, 2, 0, "table", 3, "Ann from Oslo", 10])
    }

    @Test func badArgumentsReadLikeLuaErrors() throws {
        let state = try LuaState()
        state.register(geo)
        _ = try state.run("geo = require('native.geo')", name: "=setup")
        #expect(failure(state, "geo.move({y = 2}, 1)")
            == "test:1: bad argument #1 to 'geo.move' (field 'x': number expected, got nil)")
        #expect(failure(state, "geo.move({x = 'a', y = 2}, 1)")
            == "test:1: bad argument #1 to 'geo.move' (field 'x': number expected, got string)")
        #expect(failure(state, "geo.move(nil, 1)")
            == "test:1: bad argument #1 to 'geo.move' (table expected, got nil)")
        #expect(failure(state, "geo.area({points = {{x = 1, y = 1}, {x = 1}}})")
            == "test:1: bad argument #1 to 'geo.area' (field 'points[2].y': number expected, got nil)")
        #expect(failure(state, "geo.speed('medium')")?.hasPrefix("test:1: bad argument #1 to 'geo.speed' (") == true)
        #expect(failure(state, "local t = {x = 1, y = 2}; t.self = t; geo.move(t, 1)")
            == "test:1: bad argument #1 to 'geo.move' (table contains a cycle)")
    }

    @Test func callsLuaWithCodableArgumentsAndResults() throws {
        let state = try LuaState()
        let scale = try function(state, "return function(p) return {x = p.x * 10, y = p.y + 1} end")
        #expect(try state.call(scale, Point(x: 1, y: 2), returning: Point.self) == Point(x: 10, y: 3))

        let broken = try function(state, "return function(p) return {x = p.x} end")
        #expect(throws: LuaScriptError.self) { try state.call(broken, Point(x: 1, y: 2), returning: Point.self) }
        do {
            try state.call(broken, Point(x: 1, y: 2), returning: Point.self)
        } catch {
            #expect(error.message == "bad result (field 'y': number expected, got nil)")
        }
    }

    @Test func optionalsAndHolesSurviveTheRoundTrip() throws {
        let state = try LuaState()
        let identity = try function(state, "return function(v) return v end")
        let sparse = Sparse(values: [1, nil, 3], ranks: ["gold": 1, "silver": 2], names: [1: "one", 7: "seven"])
        #expect(try state.call(identity, sparse, returning: Sparse.self) == sparse)
        let optional: Point? = nil
        #expect(try state.call(identity, optional, returning: Point?.self) == nil)

        // Integer-keyed tables written in Lua read into `[Int: T]` too.
        let fromLua = try function(state, "return function() return {values = {}, ranks = {}, names = {[2] = 'two'}} end")
        #expect(try state.call(fromLua, returning: Sparse.self).names == [2: "two"])
    }

    @Test func foundationValuesTakeTheirNaturalLuaForm() throws {
        let state = try LuaState()
        let attachment = Attachment(
            bytes: Data([0, 255, 65]), link: URL(string: "https://example.com/a?b=1")!,
            sent: Date(timeIntervalSince1970: 1_700_000_000))
        let inspect = try function(state, "return function(a) return #a.bytes, a.link, a.sent end")
        let results = try state.callReturningAll(inspect, [try LuaValueEncoder().encode(attachment)])
        #expect(results == [3, "https://example.com/a?b=1", .number(1_700_000_000)])
        let identity = try function(state, "return function(v) return v end")
        #expect(try state.call(identity, attachment, returning: Attachment.self) == attachment)
    }

    @Test func aValueThatCannotBeEncodedPushesNilAndIsReported() throws {
        let state = try LuaState()
        let log = ReportLog()
        state.errorHandler = { log.messages.append($0.message) }
        state.register(geo)
        let results = try state.run("return require('native.geo').huge() == nil", name: "=test")
        #expect(results == [true])
        #expect(log.messages.count == 1)
        #expect(log.messages.first?.contains("does not fit a Lua integer") == true)
    }
}
