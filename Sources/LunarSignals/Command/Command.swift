/// An action a button can drive, with its state as signals (ReactiveObjC's `RACCommand`).
///
/// `execute(input)` runs the signal-producing function and subscribes to its signal at once
/// (even if nobody subscribes to what `execute` returns). While a run is in flight `executing`
/// is true; `enabled` is the enabled signal's latest value (true until it sends) AND (concurrent
/// execution allowed OR not executing). Executing while disabled returns a signal that fails
/// with `CommandDisabledError` and runs nothing.
///
/// `values` carries the values of every run and `errors` the error of every failed run; both
/// are fed by the command itself from the moment it is made, so they also see runs started
/// before anyone subscribed (like RACCommand's `errors`, they are hot: no replay).
///
/// Order when a run ends: `executing`/`enabled` update first, then `errors` gets the error (if
/// any), then the signal returned by `execute` ends; so a subscriber may execute again from
/// its completion handler. Confined to one executor.
public final class Command<Input, Output> {
    /// Whether a new run may start while another is in flight. `false` unless asked for.
    public let allowsConcurrentExecution: Bool

    private let run: (Input) throws -> Signal<Output>
    private let executingState = Property(false)
    private let enabledState = Property(true)
    private let valueStream = Subject<Output>()
    private let errorStream = Subject<any Error>()
    private var enabledByInput = true
    private var runsInFlight = 0
    private var enabledInput: (any Disposable)?

    /// Makes a command running `run` per execution. `enabled` (optional) gates it; a throw from
    /// `run` counts as a failed run: it goes to `errors` and to the signal `execute` returns.
    public init(
        enabled: Signal<Bool>? = nil,
        allowsConcurrentExecution: Bool = false,
        _ run: @escaping (Input) throws -> Signal<Output>
    ) {
        self.run = run
        self.allowsConcurrentExecution = allowsConcurrentExecution
        enabledInput = enabled?.subscribe(next: { [weak self] isEnabled in
            guard let self else { return }
            self.enabledByInput = isEnabled
            self.refreshState()
        })
    }

    deinit {
        enabledInput?.dispose()
    }

    /// Whether a run is in flight now.
    public var isExecuting: Bool { executingState.value }

    /// Whether `execute` would start a run now.
    public var isEnabled: Bool { enabledState.value }

    /// Sends whether a run is in flight: the current state at once, then each change.
    public var executing: Signal<Bool> { executingState.signal }

    /// Sends whether the command can execute: the current state at once, then each change.
    public var enabled: Signal<Bool> { enabledState.signal }

    /// The values of every run, as they come. Never ends.
    public var values: Signal<Output> { valueStream.signal }

    /// The error of every failed run. Never ends (a failed run does not fail this signal).
    public var errors: Signal<any Error> { errorStream.signal }

    /// Starts a run with `input` if the command is enabled. Returns the run's events, replayed
    /// to any subscriber (so subscribing late still sees them); if the command is disabled, a
    /// signal failing with `CommandDisabledError` (not sent to `errors`).
    @discardableResult
    public func execute(_ input: Input) -> Signal<Output> {
        guard isEnabled else { return .fail(CommandDisabledError()) }
        let produced: Signal<Output>
        do {
            produced = try run(input)
        } catch {
            errorStream.sendNext(error)
            return .fail(error)
        }
        let outcome = ReplaySubject<Output>()
        runsInFlight += 1
        refreshState()
        produced.subscribe { [weak self] event in
            guard let self else { return outcome.send(event) }
            switch event {
            case .next(let value):
                self.valueStream.sendNext(value)
            case .failed(let error):
                self.runsInFlight -= 1
                self.refreshState()
                self.errorStream.sendNext(error)
            case .completed:
                self.runsInFlight -= 1
                self.refreshState()
            }
            outcome.send(event)
        }
        return outcome.signal
    }

    /// Recomputes `executing` and `enabled`, notifying only on change.
    private func refreshState() {
        let executingNow = runsInFlight > 0
        if executingState.value != executingNow {
            executingState.value = executingNow
        }
        let enabledNow = enabledByInput && (allowsConcurrentExecution || !executingNow)
        if enabledState.value != enabledNow {
            enabledState.value = enabledNow
        }
    }
}
