/// The fan-out behind every hot source: the current observers, the terminal event once sent,
/// and a queue that serialises re-entrant sends.
///
/// Re-entrancy rule: an event sent while another is being delivered (from inside a subscriber)
/// is queued and delivered once the current delivery has reached every observer, to the
/// observers that were subscribed when it was sent. So every observer sees the same order, and
/// an observer added mid-delivery never gets an event twice.
@usableFromInline
///
/// Its state is read and written on every send; the accesses never overlap (one executor, no
/// inout across calls), so they skip the runtime's exclusivity bookkeeping.
final class ObserverSet<Value> {
    @usableFromInline @exclusivity(unchecked)
    var observers: ContiguousArray<Observer<Value>> = []

    /// The terminal event, once one has been sent; later sends are ignored.
    @usableFromInline @exclusivity(unchecked)
    var terminal: Event<Value>?

    @usableFromInline @exclusivity(unchecked)
    var isDelivering = false

    /// Set once nothing can send to the set any more (its subject went away): a later
    /// subscriber (through a signal that outlived the subject) is ended at once.
    @usableFromInline @exclusivity(unchecked)
    var isAbandoned = false

    @usableFromInline @exclusivity(unchecked)
    var queued: [(event: Event<Value>, recipients: ContiguousArray<Observer<Value>>)] = []

    @usableFromInline
    init() {}

    /// Once the set is gone nothing can send to its observers again, so their subscriptions
    /// end here (without an event; an operator chain below an observer ends with it). Without
    /// this, a subscription whose source went away without a terminal event would live on: an
    /// operator's downstream observer holds its upstream one (to dispose it) and the upstream
    /// one's handler holds the downstream one, a cycle only ending breaks.
    deinit {
        disposeAll()
    }

    /// Ends every subscription without an event: for when nothing can send to them any more.
    @usableFromInline
    func disposeAll() {
        isAbandoned = true
        let ending = observers
        observers = []
        for observer in ending {
            observer.dispose()
        }
    }

    /// Adds an observer, or sends it the terminal event if there was one. Returns what removes it.
    @usableFromInline
    func add(_ observer: Observer<Value>) -> (any Disposable)? {
        if let terminal {
            observer.send(terminal)
            return nil
        }
        if isAbandoned {
            observer.dispose()
            return nil
        }
        observers.append(observer)
        return ActionDisposable { [weak self, weak observer] in
            if let observer { self?.remove(observer) }
        }
    }

    @usableFromInline
    func remove(_ observer: Observer<Value>) {
        if let index = observers.firstIndex(where: { $0 === observer }) {
            observers.remove(at: index)
        }
    }

    /// Sends `event` to the observers now (or, when re-entered, after the current delivery).
    @inlinable
    func send(_ event: Event<Value>) {
        guard let recipients = recipients(of: event) else { return }
        if isDelivering {
            queued.append((event, recipients))
            return
        }
        isDelivering = true
        for observer in recipients {
            observer.send(event)
        }
        if !queued.isEmpty {
            drainQueue()
        }
        isDelivering = false
    }

    /// Queues `event` for the current observers as a send made during a delivery would be,
    /// without delivering anything: for a delivery that runs outside this type (see
    /// `Subject.enqueue(_:)`).
    func enqueue(_ event: Event<Value>) {
        guard let recipients = recipients(of: event) else { return }
        queued.append((event, recipients))
    }

    /// Who `event` goes to: the observers now, or nil once the set has ended. A terminal
    /// event ends the set here.
    @inlinable
    func recipients(of event: Event<Value>) -> ContiguousArray<Observer<Value>>? {
        guard terminal == nil else { return nil }
        let recipients = observers
        if event.isTerminal {
            terminal = event
            observers = []
        }
        return recipients
    }

    /// Delivers what `enqueue(_:)` queued, unless a delivery is under way (it will).
    func deliverQueued() {
        guard !isDelivering, !queued.isEmpty else { return }
        isDelivering = true
        drainQueue()
        isDelivering = false
    }

    @usableFromInline
    func drainQueue() {
        var index = 0
        while index < queued.count {
            let (event, recipients) = queued[index]
            index += 1
            for observer in recipients {
                observer.send(event)
            }
        }
        queued.removeAll(keepingCapacity: true)
    }
}
