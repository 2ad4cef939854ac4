import LunarBridge
import LunarSignals

/// `Subject` in Lua (`signal.subject()`, `signal.replay(n)`): a hot signal a script sends into
/// with `:send(v)`, `:fail(err)` and `:complete()`, plus every operator method.
///
/// A plain subject reaches only the subscribers present when a value is sent; a replay subject
/// also replays its last `n` values (and its end) to each new subscriber. A send from inside a
/// subscriber is delivered after the current value has reached every subscriber.
///
/// The lane: while every subscriber of a plain subject is a Lua step (a Lua subscriber, or fused
/// Lua stages ending in one), a script's `send` hands the value to those steps from C
/// (`lunar_lane_send`) without a call into Swift. The subject keeps its own list of subscribers
/// (``members``) in the order of the underlying `Subject`'s, so the lane calls the same steps
/// in the same order the Swift delivery would; the lane's `busy` flag and the subject's queue
/// keep the rule that a send made during a delivery waits for it, whichever side delivers.
package final class LuaSubject: SignalSource {
    private enum Hot {
        case plain(Subject<LuaValue>)
        case replaying(ReplaySubject<LuaValue>)
    }

    /// A subscriber of a plain subject, as the lane sees it.
    private struct Member {
        let id: Int
        /// nil for a subscriber in Swift (an operator, a binding): the lane is then off.
        let step: LaneStep?
    }

    private let hot: Hot
    let context: SignalContext
    private var members: [Member] = []
    /// Steps whose subscriptions ended while the lane delivered: an error they raise in that
    /// delivery is still theirs to report. Let go of when the delivery is over.
    private var retired: [Int: LaneStep] = [:]
    private var nextMemberID = 0
    /// The lane, once a Lua step subscribed.
    private var lane: LuaLane?
    /// Deliveries Swift has under way (a lane made during one starts busy).
    private var swiftDeliveries: Int32 = 0

    /// A subject without replay.
    init(context: SignalContext) {
        hot = .plain(Subject<LuaValue>())
        self.context = context
    }

    /// A subject replaying its last `capacity` values.
    init(replaying capacity: Int, context: SignalContext) {
        hot = .replaying(ReplaySubject<LuaValue>(capacity: capacity))
        self.context = context
    }

    /// The subject's events; subscribing records the subscriber (see the lane).
    var signal: Signal<LuaValue> {
        switch hot {
        case .replaying(let subject): return subject.signal
        case .plain: return Signal { [self] observer in attach(observer, step: nil) }
        }
    }

    /// Whether subscribers can join the lane (a plain subject; a replay subject has none).
    var hasLane: Bool {
        if case .plain = hot { return true }
        return false
    }

    /// Sends any event to the subscribers.
    func send(_ event: Event<LuaValue>) {
        switch hot {
        case .replaying(let subject):
            subject.send(event)
        case .plain(let subject):
            if let lane, laneIsDelivering, !subject.isDelivering {
                // The lane is delivering a value from Lua: this event waits until that value
                // has reached every subscriber, as any send made during a delivery does.
                subject.enqueue(event)
                lane.markPending()
                if event.isTerminal { lane.isEnabled = false }
                return
            }
            deliver { subject.send(event) }
        }
    }

    /// Runs a Swift delivery with the lane marked busy, so a script's send meanwhile is queued.
    private func deliver(_ body: () -> Void) {
        swiftDeliveries += 1
        lane?.busy += 1
        body()
        // A lane made during `body` started with this delivery counted.
        lane?.busy -= 1
        swiftDeliveries -= 1
    }

    /// Delivers what was queued while the lane delivered (the lane calls it when done).
    private func drainQueued() {
        retired = [:]
        guard case .plain(let subject) = hot else { return }
        deliver { subject.deliverQueued() }
    }

    /// Whether the lane (not Swift) is delivering a value now.
    private var laneIsDelivering: Bool {
        guard let lane else { return false }
        return lane.busy > swiftDeliveries
    }

    // MARK: Subscribers

    /// Subscribes `observer` to the underlying subject and records it; `step` is its Lua step
    /// when it is one. Returns what unsubscribes it.
    private func attach(_ observer: Observer<LuaValue>, id: Int? = nil, step: LaneStep?) -> (any Disposable)? {
        guard case .plain(let subject) = hot else { return nil }
        guard let removal = subject.observe(observer) else { return nil }
        let id = id ?? makeMemberID()
        members.append(Member(id: id, step: step))
        updateLane()
        return ActionDisposable { [weak self] in
            removal.dispose()
            self?.detach(id)
        }
    }

    private func makeMemberID() -> Int {
        defer { nextMemberID += 1 }
        return nextMemberID
    }

    private func detach(_ id: Int) {
        guard let index = members.firstIndex(where: { $0.id == id }) else { return }
        let member = members.remove(at: index)
        if let step = member.step {
            // A delivery under way skips it from now on, as it would skip an ended observer.
            step.end(in: context.state)
            if let lane, laneIsDelivering {
                retired[member.id] = step
                lane.markPending()
            }
        }
        updateLane()
    }

    /// Subscribes a Lua step: `makeStep` makes it per subscription; its values go to the step
    /// (from the lane or from Swift), its errors as `LaneStep` says; the signal itself sends
    /// only the end.
    func laneSignal(_ makeStep: @escaping () throws -> (function: LuaFunction, kind: LaneStep.Kind)) -> Signal<LuaValue> {
        Signal { [self] downstream in
            let made: (function: LuaFunction, kind: LaneStep.Kind)
            do { made = try makeStep() } catch {
                downstream.sendError(error)
                return nil
            }
            let context = self.context
            let id = makeMemberID()
            let step = LaneStep(function: made.function, kind: made.kind, id: id, downstream: downstream, in: context.state)
            let upstream = Observer<LuaValue> { event in
                switch event {
                case .next(let value): step.run(value, in: context)
                case .failed(let error): downstream.sendError(error)
                case .completed: downstream.sendCompleted()
                }
            }
            downstream.attach(upstream)
            upstream.attach(attach(upstream, id: id, step: step))
            return upstream
        }
    }

    /// Turns the lane on when every subscriber is a Lua step (off otherwise) and gives it the
    /// steps in the subject's order.
    private func updateLane() {
        guard case .plain(let subject) = hot else { return }
        let usable = !subject.isTerminated && !members.isEmpty && members.allSatisfy { $0.step != nil }
        guard usable || lane != nil else { return }
        let state = context.state
        // The subject's userdata finds its lane through its user value.
        let lane = self.lane ?? LuaLane(attachingTo: self, busy: swiftDeliveries, in: state)
        self.lane = lane
        lane.isEnabled = usable
        guard usable else { return }
        lane.setSteps(members.lazy.map { $0.step!.entry }, in: state)
    }

    /// A step's error, caught by the lane (`failed(self, id, status, err)`).
    private func laneFailed(id: Int, error: LuaScriptError) {
        let step = members.first(where: { $0.id == id })?.step ?? retired[id]
        step?.failed(error, in: context)
    }

    package static var luaTypeName: String { "Subject" }

    package static func describe(_ luaClass: inout LuaClassBuilder<LuaSubject>) {
        luaClass.generic("T")
        luaClass.method("send(value: T)", summary: "Sends value to the subscribers.") { (subject: LuaSubject, value: SignalValue) in
            subject.context.writes &+= 1
            subject.send(.next(value.value))
        }
        luaClass.method("fail(err)", summary: "Fails the subject with err.") { (subject: LuaSubject, error: StackSlot) in
            // Where the script failed it: the report of an error nobody handles says so.
            let value = SignalValue.value(at: error.index, in: error.stack)
            subject.send(.failed(LuaSignalError(value: value, location: error.stack.callerLocation())))
        }
        luaClass.method("complete", summary: "Completes the subject.") { (subject: LuaSubject) in subject.send(.completed) }
        luaClass.method("_laneFailed") { (subject: LuaSubject, id: Int, status: Int, error: StackSlot) in
            let caught = error.stack.state.caughtError(at: error.index, status: Int32(clamping: status), in: error.stack)
            subject.laneFailed(id: id, error: caught)
        }
        luaClass.method("_laneDrain") { (subject: LuaSubject) in subject.drainQueued() }
        luaClass.laneFront("send", upvalues: ["send", "_laneFailed", "_laneDrain"], hiding: ["_laneFailed", "_laneDrain"])
        describeSignalMethods(&luaClass)
    }
}

/// A subscription's Lua step on a subject: a Lua subscriber, or fused Lua stages ending in one.
final class LaneStep {
    enum Kind {
        /// The subscriber itself: its error is reported and the subscription goes on.
        case subscriber
        /// Fused stages ending in the subscriber: `probe()` tells whether the last error was the
        /// subscriber's (reported) or a stage's (the subscription fails with it).
        case chain(probe: LuaFunction?)
    }

    let function: LuaFunction
    let kind: Kind
    /// The lane's entry `{ step, id }`.
    let entry: LuaReference
    private weak var downstream: Observer<LuaValue>?

    init(function: LuaFunction, kind: Kind, id: Int, downstream: Observer<LuaValue>, in state: LuaState) {
        self.function = function
        self.kind = kind
        self.downstream = downstream
        let stack = state.stack
        _ = stack.reserve(1)
        let table = stack.pushNewTable(arrayCapacity: 2)
        table.set(1, LuaValue.function(function))
        table.set(2, id)
        entry = stack.popReference()
    }

    /// One value through the step from Swift (the lane is off or busy).
    func run(_ value: LuaValue, in context: SignalContext) {
        do { _ = try context.state.call(function, value, returning: IgnoredResult.self) } catch {
            failed(error, in: context)
        }
    }

    /// The step's error, wherever it was caught.
    func failed(_ error: LuaScriptError, in context: SignalContext) {
        switch kind {
        case .subscriber:
            context.state.report(error)
        case .chain(let probe):
            if let failure = context.stepError(error, probe: probe) { downstream?.sendError(failure) }
        }
    }

    /// Marks the entry ended, so a lane delivery under way skips it.
    func end(in state: LuaState) {
        let stack = state.stack
        _ = stack.reserve(1)
        LuaValue.reference(entry).push(to: stack)
        stack.table(at: -1)?.set(1, false)
        stack.pop()
    }
}

/// An argument left where it is: the stack and its index, for a value a method reads itself
/// (the error a lane's protected call caught, read with that call's status).
struct StackSlot: LuaReadable {
    let stack: LuaStack
    let index: Int32

    static var luaTypeName: String { "any" }

    static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> StackSlot {
        StackSlot(stack: stack, index: stack.absoluteIndex(index))
    }
}
