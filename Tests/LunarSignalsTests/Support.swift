import LunarSignals

/// A recorded event with a comparable shape, so tests can compare whole histories.
enum Recorded<Value: Equatable>: Equatable, CustomStringConvertible {
    case next(Value)
    case error(String)
    case completed

    init(_ event: Event<Value>) {
        switch event {
        case .next(let value): self = .next(value)
        case .failed(let error): self = .error(String(describing: error))
        case .completed: self = .completed
        }
    }

    var description: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let message): return "error(\(message))"
        case .completed: return "completed"
        }
    }
}

/// Subscribes to a signal and records everything it sends.
final class Recorder<Value: Equatable> {
    private(set) var events: [Recorded<Value>] = []
    private(set) var subscription: (any Disposable)!

    /// Runs for every event after it is recorded (to send into sources re-entrantly).
    var onEvent: ((Event<Value>) -> Void)?

    init(_ signal: Signal<Value>) {
        subscription = signal.subscribe { [unowned self] event in
            self.events.append(Recorded(event))
            self.onEvent?(event)
        }
    }

    /// Ends the subscription with the test: one left running holds itself together (each
    /// operator's observer and the one above it hold each other until it ends).
    deinit {
        subscription.dispose()
    }

    var values: [Value] {
        events.compactMap { if case .next(let value) = $0 { return value } else { return nil } }
    }

    var isTerminated: Bool {
        events.last.map { $0 == .completed || { if case .error = $0 { return true } else { return false } }($0) } ?? false
    }
}

struct TestError: Error, Equatable, CustomStringConvertible {
    let name: String
    init(_ name: String = "boom") { self.name = name }
    var description: String { name }
}

/// A hot source that counts its subscriptions and disposals, to check that operators let go.
final class ProbeSource<Value> {
    let subject = Subject<Value>()
    private(set) var subscriptions = 0
    private(set) var disposals = 0

    var live: Int { subscriptions - disposals }

    var signal: Signal<Value> {
        // Weak: the subject holds the subscription, which must not hold the probe back (a cycle).
        Signal { [weak self] observer in
            guard let self else { return nil }
            self.subscriptions += 1
            let inner = self.subject.signal.subscribe(observer.send)
            return ActionDisposable { [weak self] in
                self?.disposals += 1
                inner.dispose()
            }
        }
    }
}

func nexts<Value: Equatable>(_ values: [Value]) -> [Recorded<Value>] {
    values.map { .next($0) }
}
