import LunarSignals
import Testing

@Suite struct CommandTests {
    @Test func executeRunsAtOnceAndReportsExecutingAndValues() {
        var runs: [String] = []
        let reply = Subject<Int>()
        let command = Command<String, Int> { input in
            runs.append(input)
            return reply.signal
        }
        let executing = Recorder(command.executing)
        let enabled = Recorder(command.enabled)
        let values = Recorder(command.values)
        command.execute("go")
        #expect(runs == ["go"])
        #expect(command.isExecuting && !command.isEnabled)
        reply.sendNext(1)
        reply.sendCompleted()
        #expect(executing.values == [false, true, false])
        #expect(enabled.values == [true, false, true])
        #expect(values.values == [1])
    }

    @Test func executeReturnsTheRunReplayed() {
        let command = Command<Int, Int> { .of($0, $0 + 1) }
        let result = command.execute(5)
        #expect(Recorder(result).events == nexts([5, 6]) + [.completed])
    }

    @Test func executingWhileDisabledFailsClearlyAndRunsNothing() {
        let gate = Property(false)
        var runs = 0
        let command = Command<Void, Int>(enabled: gate.signal) { _ in
            runs += 1
            return .just(1)
        }
        let errors = Recorder(command.errors.map { "\($0)" })
        var failure: (any Error)?
        command.execute(()).subscribe(error: { failure = $0 })
        #expect(failure is CommandDisabledError)
        #expect("\(failure!)" == "command is disabled")
        #expect(runs == 0)
        #expect(errors.events.isEmpty)
        gate.value = true
        #expect(command.isEnabled)
        command.execute(())
        #expect(runs == 1)
    }

    @Test func notConcurrentByDefault() {
        let reply = Subject<Int>()
        var runs = 0
        let command = Command<Void, Int> { _ in
            runs += 1
            return reply.signal
        }
        command.execute(())
        var failure: (any Error)?
        command.execute(()).subscribe(error: { failure = $0 })
        #expect(failure is CommandDisabledError)
        #expect(runs == 1)
    }

    @Test func concurrentCommandStaysEnabledWhileExecuting() {
        let replies = [Subject<Int>(), Subject<Int>()]
        var runs = 0
        let command = Command<Void, Int>(allowsConcurrentExecution: true) { _ in
            defer { runs += 1 }
            return replies[runs].signal
        }
        let executing = Recorder(command.executing)
        command.execute(())
        #expect(command.isEnabled)
        command.execute(())
        replies[0].sendCompleted()
        #expect(command.isExecuting)
        replies[1].sendCompleted()
        #expect(!command.isExecuting)
        #expect(executing.values == [false, true, false])
    }

    @Test func errorsSeesRunsStartedBeforeSubscribing() {
        let reply = Subject<Int>()
        let command = Command<Void, Int> { _ in reply.signal }
        command.execute(())
        let errors = Recorder(command.errors.map { "\($0)" })
        let executing = Recorder(command.executing)
        reply.sendError(TestError("login failed"))
        #expect(errors.values == ["login failed"])
        #expect(executing.values == [true, false])
        #expect(command.isEnabled)
    }

    @Test func throwingRunIsAFailedRun() {
        let command = Command<Void, Int> { _ in throw TestError("no network") }
        let errors = Recorder(command.errors.map { "\($0)" })
        #expect(Recorder(command.execute(())).events == [.error("no network")])
        #expect(errors.values == ["no network"])
        #expect(!command.isExecuting)
    }

    @Test func reexecutingFromTheCompletionHandlerWorks() {
        var runs = 0
        let command = Command<Void, Int> { _ in
            runs += 1
            return .just(runs)
        }
        var results: [Int] = []
        command.execute(()).subscribe(next: { results.append($0) }, completed: {
            command.execute(()).subscribe(next: { results.append($0) })
        })
        #expect(results == [1, 2])
    }

    @Test func reentrantExecuteWhileExecutingIsRejected() {
        let reply = Subject<Int>()
        let command = Command<Void, Int> { _ in reply.signal }
        var nested: (any Error)?
        command.values.subscribe(next: { [unowned command] _ in
            command.execute(()).subscribe(error: { nested = $0 })
        })
        command.execute(())
        reply.sendNext(1)
        #expect(nested is CommandDisabledError)
    }

    @Test func enabledFollowsTheEnabledSignalAndExecution() {
        let gate = Property(true)
        let reply = Subject<Int>()
        let command = Command<Void, Int>(enabled: gate.signal) { _ in reply.signal }
        let enabled = Recorder(command.enabled)
        gate.value = false
        gate.value = true
        command.execute(())
        gate.value = false
        reply.sendCompleted()
        gate.value = true
        #expect(enabled.values == [true, false, true, false, true])
    }
}
