import Foundation
import LunarTestSupport
import Testing
@testable import LunarBridge

/// Runs `body` with a test thread that plays the app's main thread; the thread ends after
/// `body` (and whatever engine it made) is done.
func withHostThread(_ body: (HostThread) async throws -> Void) async rethrows {
    let host = HostThread()
    try await body(host)
    host.stop()
}

/// The wake-up an app writes with `DispatchQueue.main.async`, with the test thread for the main queue.
func wakeUp(on host: HostThread) -> LuaExecutor.WakeUp {
    { executor, _ in host.perform { executor.runPending() } }
}

/// An executor the host runs: every turn it asks for is a block handed to the host's thread.
@Suite struct HostDrivenExecutorTests {
    @Test func luaRunsOnTheHostThread() async throws {
        try await withHostThread { host in
            let engine = try LuaEngine(clock: .virtual, hostDriven: wakeUp(on: host))
            #expect(engine.executor.isHostDriven)
            #expect(try await engine.run("return 6 * 7") == [42])
            let onHost = await engine.withState { _ in host.isCurrent && engine.executor.isCurrent }
            #expect(onHost)
            #expect(!engine.executor.isCurrent)
        }
    }

    @Test func asyncBridgedCallsHopBackToTheHostThread() async throws {
        try await withHostThread { host in
            let engine = try LuaEngine(clock: .virtual, hostDriven: wakeUp(on: host))
            let oven = Oven()
            await engine.register(LuaModule("native.oven") { m in
                m.function("bake") { (item: String) async throws -> String in try await oven.bake(item) }
                m.function("onMainThread") { () -> Bool in host.isCurrent }
            })
            let result = try await engine.runMain("""
                local oven = require("native.oven")
                local a = oven.bake("bread")
                return a, oven.onMainThread()
                """, name: "@main.lua")
            #expect(result == ["baked bread", true])
            await engine.waitUntilIdle()
        }
    }

    @Test func timersRunInTheHostsTurns() async {
        await withHostThread { host in
            let executor = LuaExecutor(hostDriven: wakeUp(on: host), clock: .virtual)
            let log = SharedLog<String>()
            executor.schedule(after: 1) { log.append(host.isCurrent ? "one on host" : "one elsewhere") }
            executor.schedule(after: 2) { log.append("two") }
            await executor.advanceAndDrain(by: 1)
            #expect(log.all == ["one on host"])
            executor.advance(by: 1)
            await executor.idle()
            #expect(log.all == ["one on host", "two"])
            executor.shutdown()
            #expect(executor.waitUntilStopped(timeout: 10))
        }
    }

    @Test func aRealTimeTimerAsksForATurnWhenItIsDue() {
        let asked = SharedLog<String>()
        let executor = LuaExecutor(hostDriven: { _, delay in asked.append(delay > 4 && delay <= 5 ? "in 5s" : "in \(delay)s") })
        executor.schedule(after: 5) {}
        // A turn is asked for by then already: no second request.
        executor.schedule(after: 6) {}
        #expect(asked.all == ["in 5s"])
        executor.enqueue {}
        #expect(asked.all == ["in 5s", "in 0.0s"])
    }

    @Test func jobsNeverNestWhenAJobRunsPending() async {
        await withHostThread { host in
            let executor = LuaExecutor(hostDriven: wakeUp(on: host), clock: .virtual)
            let log = SharedLog<String>()
            executor.enqueue {
                executor.enqueue { log.append("second") }
                executor.runPending()  // inside a job: returns at once
                log.append("first")
            }
            await executor.idle()
            #expect(log.all == ["first", "second"])
            executor.shutdown()
            #expect(executor.waitUntilStopped(timeout: 10))
        }
    }

    @Test func shutdownRunsWhatWasQueuedAtTheNextTurnThenStops() async {
        await withHostThread { host in
            let executor = LuaExecutor(hostDriven: wakeUp(on: host), clock: .virtual)
            let log = SharedLog<String>()
            executor.enqueue { log.append("queued") }
            executor.schedule(after: 10) { log.append("never") }
            executor.shutdown()
            executor.enqueue { log.append("after shutdown") }
            #expect(executor.waitUntilStopped(timeout: 10))
            #expect(log.all == ["queued"])
            #expect(executor.isIdle)
        }
    }

    @Test func droppingTheEngineReleasesTheState() async throws {
        try await withHostThread { host in
            weak var weakState: LuaState?
            let executor: LuaExecutor
            do {
                let engine = try LuaEngine(hostDriven: wakeUp(on: host))
                executor = engine.executor
                try await engine.run("handler = function() end")
                weakState = await engine.withState { ExecutorBound($0) }.value
                #expect(weakState != nil)
            }
            #expect(executor.waitUntilStopped(timeout: 10))
            #expect(weakState == nil, "the state outlived its engine (a reference cycle)")
        }
    }
}
