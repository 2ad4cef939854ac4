@testable import LunarBridge
import Synchronization
import Testing

/// Counts deinitialisations; shared with bridged functions, hence Sendable.
private final class DeinitCounter: Sendable {
    private let value = Atomic(0)
    var count: Int { value.load(ordering: .relaxed) }
    func record() { value.add(1, ordering: .relaxed) }
}

private final class Counter: LuaObject {
    var count = 0
    let label: String
    var step = 1
    let deinits: DeinitCounter?

    init(label: String, deinits: DeinitCounter? = nil) {
        self.label = label
        self.deinits = deinits
    }

    deinit { deinits?.record() }

    static func describe(_ luaClass: inout LuaClassBuilder<Counter>) {
        luaClass.method("add") { (counter: Counter, amount: Int) -> Int in
            counter.count += amount
            return counter.count
        }
        luaClass.method("tick") { (counter: Counter) -> Int in
            counter.count += counter.step
            return counter.count
        }
        luaClass.method("reset") { (counter: Counter) in counter.count = 0 }
        luaClass.method("compare") { (counter: Counter, other: Counter) -> (Bool, Int) in
            (counter === other, other.count - counter.count)
        }
        luaClass.method("fail") { (_: Counter) throws -> Int in throw LuaError.message("counter failed") }
        luaClass.property("count", \.count)
        luaClass.property("label", \.label)
        luaClass.property("double", get: { $0.count * 2 })
        luaClass.property("broken", get: { (_: Counter) throws -> Int in throw LuaError.message("no reading today") })
        luaClass.property("step", get: { $0.step }, set: { counter, step in
            guard step > 0 else { throw LuaError.message("step must be positive, got \(step)") }
            counter.step = step
        })
    }
}

/// A class with methods only: its `__index` is the method table itself.
private final class Greeter: LuaObject {
    static var luaTypeName: String { "Greeter" }
    static func describe(_ luaClass: inout LuaClassBuilder<Greeter>) {
        luaClass.method("hello") { (_: Greeter, name: String) -> String in "hello, \(name)" }
    }
}

private func objects(_ deinits: DeinitCounter) -> LuaModule {
    LuaModule("native.objects") { m in
        m.function("make") { (label: String) -> Counter in Counter(label: label, deinits: deinits) }
        m.function("label") { (counter: Counter) -> String in counter.label }
        m.function("maybe") { (counter: Counter?) -> Bool in counter != nil }
        m.function("greeter") { () -> Greeter in Greeter() }
        m.function("makeThenFail") { () throws -> Int in
            let counter = Counter(label: "doomed", deinits: deinits)
            _ = counter.add(1)
            throw LuaError.message("failed after making \(counter.label)")
        }
        m.rawFunction("pushThenFail") { frame in
            frame.push(Counter(label: "pushed", deinits: deinits))
            throw LuaError.message("failed after pushing")
        }
    }
}

extension Counter {
    func add(_ amount: Int) -> Int {
        count += amount
        return count
    }
}

private func failure(_ state: LuaState, _ source: String) -> String? {
    do {
        try state.run(source, name: "=test")
        return nil
    } catch {
        return error.message
    }
}

@Suite struct ObjectTests {
    @Test func methodsRunOnTheSwiftObject() throws {
        let state = try LuaState()
        let counter = Counter(label: "clicks")
        state.setGlobal("counter", counter)
        let results = try state.run("""
            local a = counter:add(5)
            local b = counter:tick()
            counter:reset()
            return a, b, counter:add(2)
            """, name: "=test")
        #expect(results == [5, 6, 2])
        #expect(counter.count == 2)
    }

    @Test func propertiesReadAndWrite() throws {
        let state = try LuaState()
        let counter = Counter(label: "clicks")
        state.setGlobal("counter", counter)
        let results = try state.run("""
            counter.count = 3
            counter.step = 4
            counter:tick()
            return counter.count, counter.label, counter.double, counter.step, counter.missing
            """, name: "=test")
        #expect(results == [7, "clicks", 14, 4, nil])
        #expect(counter.count == 7)
        #expect(counter.step == 4)
    }

    @Test func assignmentsThatCannotHappenRaiseClearErrors() throws {
        let state = try LuaState()
        state.setGlobal("counter", Counter(label: "clicks"))
        #expect(failure(state, "counter.label = 'x'") == "test:1: property 'label' of Counter is read-only")
        #expect(failure(state, "counter.double = 2") == "test:1: property 'double' of Counter is read-only")
        #expect(failure(state, "counter.nope = 1") == "test:1: Counter has no property 'nope'")
        #expect(failure(state, "counter[1] = 1") == "test:1: Counter has no property [1]")
        #expect(failure(state, "counter.add = nil") == "test:1: method 'add' of Counter cannot be assigned")
        #expect(failure(state, "counter.count = 'x'")
            == "test:1: bad value for property 'count' of Counter (number expected, got string)")
        #expect(failure(state, "counter.step = 0") == "test:1: step must be positive, got 0")
    }

    @Test func badCallsReadLikeLuaErrors() throws {
        let state = try LuaState()
        state.register(objects(DeinitCounter()))
        state.setGlobal("counter", Counter(label: "clicks"))
        _ = try state.run("objects = require('native.objects')", name: "=setup")
        #expect(failure(state, "counter.add(5)")
            == "test:1: calling 'Counter:add' on bad self (Counter expected, got number)")
        #expect(failure(state, "counter:add('x')")
            == "test:1: bad argument #1 to 'Counter:add' (number expected, got string)")
        #expect(failure(state, "counter:compare({})")
            == "test:1: bad argument #1 to 'Counter:compare' (Counter expected, got table)")
        #expect(failure(state, "counter:fail()") == "test:1: counter failed")
        #expect(failure(state, "local a = 1\nlocal b = counter.broken") == "test:2: no reading today")
        #expect(failure(state, "objects.label({})")
            == "test:1: bad argument #1 to 'objects.label' (Counter expected, got table)")
        #expect(failure(state, "objects.label(objects.greeter())")
            == "test:1: bad argument #1 to 'objects.label' (Counter expected, got Greeter)")
        #expect(failure(state, "local g = objects.greeter(); g.hello(counter, 'x')")
            == "test:1: calling 'Greeter:hello' on bad self (Greeter expected, got Counter)")
    }

    @Test func objectsAreArgumentsAndResultsOfBridgedFunctions() throws {
        let state = try LuaState()
        state.register(objects(DeinitCounter()))
        let results = try state.run("""
            local objects = require("native.objects")
            local a, b = objects.make("a"), objects.make("b")
            b:add(3)
            local same, diff = a:compare(b)
            return objects.label(a), same, diff, objects.maybe(nil), objects.maybe(a), a:compare(a)
            """, name: "=test")
        #expect(results == ["a", false, 3, false, true, true, 0])
    }

    @Test func oneObjectIsOneUserdata() throws {
        let state = try LuaState()
        let counter = Counter(label: "clicks")
        state.setGlobal("a", counter)
        state.setGlobal("b", counter)
        state.setGlobal("other", Counter(label: "other"))
        let results = try state.run("""
            local seen = {[a] = true}
            return rawequal(a, b), seen[b], a == other, type(a), getmetatable(a), tostring(a):match("^Counter: ") ~= nil
            """, name: "=test")
        #expect(results == [true, true, false, "userdata", "Counter", true])
        #expect(try state.global("a", as: Counter.self) === counter)
        #expect(state.classMetatables.count == 1)
    }

    @Test func aClassWithOnlyMethodsIndexesItsMethodTable() throws {
        let state = try LuaState()
        state.setGlobal("greeter", Greeter())
        #expect(try state.run("return greeter:hello('Ann'), greeter.nope", name: "=test") == ["hello, Ann", nil])
        #expect(failure(state, "greeter.x = 1") == "test:1: Greeter has no property 'x'")
    }

    @Test func luaReleasesWhatItCollects() throws {
        let state = try LuaState()
        let deinits = DeinitCounter()
        var counter: Counter? = Counter(label: "held", deinits: deinits)
        state.setGlobal("counter", counter!)
        counter = nil
        _ = try state.run("counter:add(1); collectgarbage(); collectgarbage()", name: "=test")
        #expect(deinits.count == 0)  // Lua still holds it
        _ = try state.run("counter = nil; collectgarbage(); collectgarbage()", name: "=test")
        #expect(deinits.count == 1)
    }

    @Test func objectsMadeInLuaAreReleasedWhenDropped() throws {
        let state = try LuaState()
        let deinits = DeinitCounter()
        state.register(objects(deinits))
        _ = try state.run("""
            local objects = require("native.objects")
            for i = 1, 10 do objects.make("tmp"):add(i) end
            """, name: "=test")
        _ = try state.run("collectgarbage(); collectgarbage()", name: "=test")
        #expect(deinits.count == 10)
    }

    @Test func swiftKeepsWhatItStillHolds() throws {
        let state = try LuaState()
        let deinits = DeinitCounter()
        let counter = Counter(label: "kept", deinits: deinits)
        state.setGlobal("counter", counter)
        _ = try state.run("counter:add(2); counter = nil; collectgarbage(); collectgarbage()", name: "=test")
        #expect(deinits.count == 0)
        // Pushed again after Lua let go: a fresh userdata, same object.
        state.setGlobal("again", counter)
        #expect(try state.run("return again:add(1)", name: "=test") == [3])
    }

    @Test func objectsFromAFailingBridgedFunctionAreReleased() throws {
        let state = try LuaState()
        let deinits = DeinitCounter()
        state.register(objects(deinits))
        _ = try state.run("objects = require('native.objects')", name: "=setup")
        #expect(failure(state, "objects.makeThenFail()") == "test:1: failed after making doomed")
        #expect(deinits.count == 1)  // Swift unwound normally: no longjmp skipped its frame
        #expect(failure(state, "objects.pushThenFail()") == "test:1: failed after pushing")
        _ = try state.run("collectgarbage(); collectgarbage()", name: "=test")
        #expect(deinits.count == 2)
    }

    @Test func closingTheStateReleasesEveryObject() throws {
        let deinits = DeinitCounter()
        do {
            let state = try LuaState()
            state.setGlobal("counter", Counter(label: "a", deinits: deinits))
            state.register(objects(deinits))
            _ = try state.run("keep = require('native.objects').make('b')", name: "=test")
            #expect(deinits.count == 0)
        }
        #expect(deinits.count == 2)
    }
}
