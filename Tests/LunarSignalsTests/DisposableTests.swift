import LunarSignals
import Testing

@Suite struct DisposableTests {
    @Test func actionDisposableRunsOnceAndReleasesItsAction() {
        var runs = 0
        weak var captured: AnyObject?
        let disposable: ActionDisposable
        do {
            let token = Token()
            captured = token
            disposable = ActionDisposable { _ = token; runs += 1 }
        }
        #expect(!disposable.isDisposed)
        #expect(captured != nil)
        disposable.dispose()
        disposable.dispose()
        #expect(runs == 1)
        #expect(disposable.isDisposed)
        #expect(captured == nil)
    }

    @Test func compositeDisposesMembersInOrderAndLateAdditionsAtOnce() {
        var log: [String] = []
        let group = CompositeDisposable()
        group.add { log.append("a") }
        group.add(ActionDisposable { log.append("b") })
        group.dispose()
        #expect(log == ["a", "b"])
        group.add { log.append("late") }
        #expect(log == ["a", "b", "late"])
        group.dispose()
        #expect(log == ["a", "b", "late"])
    }

    @Test func compositeRemoveKeepsTheMemberAlive() {
        var disposed = false
        let group = CompositeDisposable()
        let member = ActionDisposable { disposed = true }
        group.add(member)
        group.remove(member)
        group.dispose()
        #expect(!disposed)
        #expect(!member.isDisposed)
    }

    @Test func compositeSweepsEndedMembersButDisposesLiveOnes() {
        let group = CompositeDisposable()
        var liveDisposed = 0
        for _ in 0..<100 {
            let ended = ActionDisposable()
            ended.dispose()
            group.add(ended)
        }
        for _ in 0..<3 { group.add { liveDisposed += 1 } }
        group.dispose()
        #expect(liveDisposed == 3)
    }

    @Test func serialDisposesThePreviousAndLateAssignments() {
        var log: [String] = []
        let serial = SerialDisposable()
        let first = ActionDisposable { log.append("first") }
        serial.inner = first
        serial.inner = first
        #expect(log.isEmpty)
        serial.inner = ActionDisposable { log.append("second") }
        #expect(log == ["first"])
        serial.dispose()
        #expect(log == ["first", "second"])
        serial.inner = ActionDisposable { log.append("late") }
        #expect(log == ["first", "second", "late"])
        #expect(serial.isDisposed)
    }
}

final class Token {}
