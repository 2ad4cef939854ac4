import LunarBridge
import LunarSignalsLua
import Testing

/// When a state closes, what `lunar.signal` made for its scripts is freed even if the scripts
/// never disposed it: subscriptions through operators, a command's enabled input and its run
/// in flight, a waiting timer. Checked through a weak reference to the state's signal context,
/// which every such subscription holds. (Under AddressSanitizer these were retain cycles.)
@Suite struct SignalReleaseTests {
    final class WeakContext: @unchecked Sendable {
        weak var context: SignalContext?
    }

    @Test func closingTheStateFreesLiveSubscriptionsCommandsAndTimers() async throws {
        let probe = WeakContext()
        var harness: SignalHarness? = try await SignalHarness()
        try await harness?.run("""
            local a, b = signal.value(1), signal.value(2)
            a:combineLatest(b):map(function(t) return t[1] + t[2] end):filter(function(n) return n > 0 end)
              :subscribe(function(n) log("sum", n) end)
            local ticks = signal.interval(10):map(function(n) return n end):share()
            ticks:subscribe(function(n) log("tick", n) end)
            local valid = a:map(function(n) return n > 0 end)
            cmd = signal.command{ enabled = valid, run = function(x) return signal.of(x):delay(60) end }
            cmd:execute(1)
            held = signal.subject()
            signal.bind({}, "value", held:map(function(v) return v end))
            """)
        #expect(try await harness?.logged() == ["sum 3"])
        await harness?.engine.withState { state in probe.context = SignalContext.of(state) }
        #expect(probe.context != nil)
        let executor = try #require(harness?.engine.executor)
        harness = nil
        // The executor's thread drops the state; wait for it.
        #expect(executor.waitUntilStopped(timeout: 10))
        #expect(probe.context == nil)
    }
}
