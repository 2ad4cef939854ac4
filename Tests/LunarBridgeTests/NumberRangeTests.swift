import Foundation
@testable import LunarBridge
import LunarTestSupport
import Testing

/// ``LuaNumberRange``: the one rule for each kind of number a script gives Swift (issue 28), and
/// an executor that never traps on a far deadline.
@Suite struct NumberRangeTests {
    @Test func eachKindTakesItsRangeAndNothingElse() {
        #expect(LuaNumberRange.seconds.contains(0) && LuaNumberRange.seconds.contains(31_536_000))
        #expect(!LuaNumberRange.seconds.contains(31_536_000.5) && !LuaNumberRange.seconds.contains(-1))
        #expect(!LuaNumberRange.positiveSeconds.contains(0) && LuaNumberRange.positiveSeconds.contains(0.001))
        #expect(LuaNumberRange.count.contains(2_147_483_647) && !LuaNumberRange.count.contains(2_147_483_648))
        #expect(!LuaNumberRange.count.contains(1.5) && !LuaNumberRange.positiveCount.contains(0))
        #expect(LuaNumberRange.length.contains(-1e9) && !LuaNumberRange.length.contains(1e9 + 1))
        for range in [LuaNumberRange.seconds, .count, .length, .size, .positiveSize] {
            #expect(!range.contains(.nan) && !range.contains(.infinity) && !range.contains(-.infinity))
        }
    }

    @Test func refusalsReadLikeLuasOwnChecks() throws {
        func problem(_ body: () throws(LuaTypeMismatch) -> Void) -> String? {
            do { try body() } catch { return error.problem }
            return nil
        }
        #expect(problem { () throws(LuaTypeMismatch) in _ = try LuaNumberRange.seconds.check(1e300, "seconds") }
            == "seconds must be a number between 0 and 31536000 (a year), got 1e+300")
        #expect(problem { () throws(LuaTypeMismatch) in _ = try LuaNumberRange.positiveCount.check(LuaValue.number(9.223372036854775808e18), "field 'maxBodySize'") }
            == "field 'maxBodySize' must be a whole number between 1 and 2147483647, got 9.2233720368548e+18")
        #expect(problem { () throws(LuaTypeMismatch) in _ = try LuaNumberRange.positiveSeconds.check(LuaValue.string("soon"), "field 'timeout'") }
            == "field 'timeout' must be a number above 0 and at most 31536000 (a year), got string")
        #expect(try LuaNumberRange.count.check(LuaValue.nil, "n") == nil)
        #expect(try LuaNumberRange.count.checkCount(42, "n") == 42)
        #expect(try LuaNumberRange.positiveSeconds.check(LuaValue.integer(60), "t") == 60)
    }

    @Test func theArgumentReaderRefusesAtTheCallersLine() async throws {
        let engine = try LuaEngine()
        await engine.register(LuaModule("native.wait") { m in
            m.rawFunction("wait(seconds: number)") { frame in
                frame.push(try frame.argument(1, in: .seconds, "seconds"))
                return .results(1)
            }
        })
        #expect(try await engine.run("return require('native.wait').wait(2.5)", name: "=w") == [.number(2.5)])
        do {
            _ = try await engine.run("local w = require('native.wait')\nreturn w.wait(1e10)", name: "=w")
            Issue.record("1e10 seconds was taken")
        } catch {
            #expect(error.message == "w:2: bad argument #1 to 'wait.wait' (seconds must be a number between 0 and 31536000 (a year), got 10000000000)")
        }
    }

    /// A timer 1e300 seconds away made the executor's thread wait until a date NSCondition
    /// cannot convert, and it trapped; the thread now waits at most a day at a time.
    @Test func aFarTimerLeavesTheExecutorRunning() async throws {
        let executor = LuaExecutor()
        defer { executor.shutdown() }
        let far = executor.schedule(after: 1e300) {}
        let ran = Awaited(false) { "ran: \($0)" }
        executor.schedule(after: 0.01) { ran.update { $0 = true } }
        try await ran.wait(for: "the near timer", within: 10) { $0 ? () : nil }
        #expect(executor.cancelTimer(far))
    }
}
