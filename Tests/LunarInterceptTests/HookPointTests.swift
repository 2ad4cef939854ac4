import LunarIntercept
import Testing

/// A call for the hook point under test: a name and a number to pass along.
struct Probe: Identifiable {
    var id: Int
    var value: Int
}

struct Boom: Error, Equatable, CustomStringConvertible {
    var tag: String
    var description: String { "boom(\(tag))" }
}

/// Builds a hook point over `Probe` and records what hooks and the original do.
final class Recorder {
    var log: [String] = []
    var failures: [HookFailure] = []
    lazy var point: HookPoint<Probe, Int> = HookPoint("probe") { [unowned self] in self.failures.append($0) }

    func original(_ probe: Probe) throws -> Int {
        log.append("original(\(probe.value))")
        return probe.value * 10
    }

    func run(_ value: Int, id: Int = 1) throws -> Int {
        try point.run(Probe(id: id, value: value)) { [unowned self] in try self.original($0) }
    }

    func before(_ name: String) -> Hook<Probe, Int> { .before { [unowned self] _ in self.log.append(name) } }
    func after(_ name: String) -> Hook<Probe, Int> {
        .after { [unowned self] _, outcome in
            switch outcome {
            case .success(let v): self.log.append("\(name)=\(v)")
            case .failure(let e): self.log.append("\(name)!\(e)")
            }
        }
    }
    func instead(_ name: String) -> Hook<Probe, Int> {
        .instead { [unowned self] probe, proceed in
            self.log.append(name + ">")
            let result = try proceed(probe)
            self.log.append("<" + name)
            return result + 1
        }
    }
}

@Suite struct HookPointTests {
    @Test func orderIsPositionThenSwiftBeforeScriptThenRegistration() throws {
        let r = Recorder()
        // Registered interleaved: script, swift, script, swift at every position.
        for (name, side) in [("L1", HookSide.script), ("S1", .swift), ("L2", .script), ("S2", .swift)] {
            r.point.add(r.after("a" + name), side: side)
            r.point.add(r.instead("i" + name), side: side)
            r.point.add(r.before("b" + name), side: side)
        }
        let result = try r.run(4)
        #expect(r.log == [
            "bS1", "bS2", "bL1", "bL2",
            "iS1>", "iS2>", "iL1>", "iL2>", "original(4)", "<iL2", "<iL1", "<iS2", "<iS1",
            "aS1=44", "aS2=44", "aL1=44", "aL2=44",
        ])
        #expect(result == 44)  // each instead hook adds 1 to what proceed returned
        #expect(r.failures.isEmpty)
    }

    @Test func noHooksMeansEmptyAndTheOriginalRunsAlone() throws {
        let r = Recorder()
        #expect(r.point.isEmpty)
        #expect(try r.run(2) == 20)
        #expect(r.log == ["original(2)"])
        let token = r.point.add(r.before("b"))
        #expect(!r.point.isEmpty)
        token.remove()
        #expect(r.point.isEmpty)
    }

    @Test func onceRunsOnceAndRemovesItselfEvenWhenReentered() throws {
        let r = Recorder()
        var reentered = false
        let token = r.point.add(.before { [unowned r] probe in
            r.log.append("once(\(probe.value))")
            if !reentered {
                reentered = true
                _ = try r.run(9)  // the hook point re-entered from inside the hook
            }
        }, once: true)
        _ = try r.run(1)
        _ = try r.run(2)
        #expect(r.log == ["once(1)", "original(9)", "original(1)", "original(2)"])
        #expect(!token.isActive)
        #expect(token.remove() == false)
        #expect(r.point.isEmpty)
    }

    @Test func onceOutOfScopeWaitsForAMatchingCall() throws {
        let r = Recorder()
        r.point.add(r.before("b"), once: true, scope: .matching { $0.value > 5 })
        _ = try r.run(1)
        _ = try r.run(7)
        _ = try r.run(8)
        #expect(r.log == ["original(1)", "b", "original(7)", "original(8)"])
    }

    @Test func removeReturnsTrueOnceAndTheHookStops() throws {
        let r = Recorder()
        let token = r.point.add(r.before("b"))
        _ = try r.run(1)
        #expect(token.remove() == true)
        #expect(token.remove() == false)
        _ = try r.run(2)
        #expect(r.log == ["b", "original(1)", "original(2)"])
        #expect(HookToken.inactive().remove() == false)
    }

    @Test func droppingATokenKeepsTheHook() throws {
        let r = Recorder()
        do { _ = r.point.add(r.before("kept")) }
        _ = try r.run(1)
        #expect(r.log == ["kept", "original(1)"])
    }

    @Test func insteadWithoutProceedSkipsTheOriginalAndLaterInsteadHooks() throws {
        let r = Recorder()
        r.point.add(.instead { [unowned r] probe, _ in
            r.log.append("answer")
            return -probe.value
        })
        r.point.add(r.instead("never"))
        r.point.add(r.after("a"))
        #expect(try r.run(3) == -3)
        #expect(r.log == ["answer", "a=-3"])
    }

    @Test func insteadMayProceedWithAnotherInvocationOrTwice() throws {
        let r = Recorder()
        r.point.add(.instead { probe, proceed in
            var doubled = probe
            doubled.value *= 2
            return try proceed(doubled) + proceed(probe)
        })
        #expect(try r.run(3) == 90)
        #expect(r.log == ["original(6)", "original(3)"])
    }

    @Test func hooksAddedOrRemovedDuringACallApplyFromTheNextCall() throws {
        let r = Recorder()
        var added: HookToken?
        let victim = r.point.add(r.after("victim"))
        r.point.add(.before { [unowned r] _ in
            r.log.append("changer")
            if added == nil {
                added = r.point.add(r.before("added"))
                victim.remove()
            }
        })
        _ = try r.run(1)
        #expect(r.log == ["changer", "original(1)", "victim=10"])
        r.log = []
        _ = try r.run(2)
        #expect(r.log == ["changer", "added", "original(2)"])
    }

    @Test func hookErrorsAreReportedAndTheCallGoesOn() throws {
        let r = Recorder()
        r.point.add(.before { _ in throw Boom(tag: "before") })
        r.point.add(r.before("b2"))
        r.point.add(.after { _, _ in throw Boom(tag: "after") }, side: .script)
        r.point.add(r.after("a2"), side: .script)
        #expect(try r.run(5) == 50)
        #expect(r.log == ["b2", "original(5)", "a2=50"])
        #expect(r.failures.map(\.position) == [.before, .after])
        #expect(r.failures.map(\.side) == [.swift, .script])
        #expect(r.failures.map { "\($0.error)" } == ["boom(before)", "boom(after)"])
        #expect(r.failures[0].description == "error in before hook of probe: boom(before)")
    }

    @Test func aFailingInsteadHookIsSkippedOrKeepsWhatProceedReturned() throws {
        let r = Recorder()
        r.point.add(.instead { probe, proceed in
            _ = try proceed(probe)
            throw Boom(tag: "after proceed")
        })
        r.point.add(.instead { _, _ in throw Boom(tag: "before proceed") })
        // The inner hook fails before proceeding: the chain proceeds to the original.
        // The outer one fails after proceed returned 70: the call returns 70.
        #expect(try r.run(7) == 70)
        #expect(r.log == ["original(7)"])
        #expect(r.failures.map { "\($0.error)" } == ["boom(before proceed)", "boom(after proceed)"])
    }

    @Test func theOriginalsErrorPassesThroughUnreportedAndAfterHooksSeeIt() throws {
        let r = Recorder()
        r.point.add(.instead { probe, proceed in try proceed(probe) })
        r.point.add(r.after("a"))
        #expect(throws: Boom(tag: "original")) {
            try r.point.run(Probe(id: 1, value: 1)) { _ in throw Boom(tag: "original") }
        }
        #expect(r.log == ["a!boom(original)"])
        #expect(r.failures.isEmpty)
    }

    @Test func scopesSelectInvocations() throws {
        let r = Recorder()
        r.point.add(r.before("all"))
        r.point.add(r.before("even"), scope: .matching { $0.value % 2 == 0 })
        r.point.add(r.before("id7"), scope: .instance(7))
        r.point.add(r.instead("skipped"), scope: .matching { _ in false })
        _ = try r.run(1)
        _ = try r.run(2, id: 7)
        #expect(r.log == ["all", "original(1)", "all", "even", "id7", "original(2)"])
        #expect(HookScope<Probe>.instance(7).instance == AnyHashable(7))
        #expect(HookScope<Probe>.all.instance == nil)
    }

    @Test func changesAreAnnounced() {
        let r = Recorder()
        var changes: [Bool] = []
        r.point.onChange = { [unowned r] in changes.append(r.point.isEmpty) }
        let a = r.point.add(r.before("a"))
        let b = r.point.add(r.after("b"))
        a.remove()
        b.remove()
        #expect(changes == [false, false, false, true])
        #expect(r.point.count(at: .before) == 0)
    }
}
