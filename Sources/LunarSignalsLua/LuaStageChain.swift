import LunarBridge
import LunarSignals

/// Consecutive `map`, `filter` and `scan` stages whose functions are written in Lua, kept
/// together so that a value passes all of them in one call into Lua (and, when the subscriber is
/// a Lua function too, reaches it in that same call) instead of one protected call per stage.
///
/// The stages' Lua code is generated once per shape (the sequence of stage kinds) and made
/// anew for each subscription, so each subscription has its own `scan` accumulators, as with
/// separate operators. The semantics are those of the separate operators: a stage function's
/// error fails the signal (and disposes its source); a subscriber's error is reported with
/// file:line and the subscription goes on.
struct LuaStageChain {
    enum Stage {
        case map(LuaFunction)
        case filter(LuaFunction)
        case scan(initial: LuaValue, LuaFunction)
    }

    /// A chain longer than this starts a new one over it: generated functions keep every stage
    /// function in a local, and Lua allows 200 locals per function.
    static let maximumLength = 48

    let upstream: Signal<LuaValue>
    let stages: [Stage]
    /// The subject `upstream` is, when the chain starts right at a plain subject: a chain
    /// ending in a Lua subscriber then joins the subject's lane (see ``LuaSubject``).
    var subject: LuaSubject? = nil

    /// The chain with `stage` after its stages.
    func appending(_ stage: Stage, in context: SignalContext) -> LuaStageChain {
        if stages.count >= Self.maximumLength {
            return LuaStageChain(upstream: signal(in: context), stages: [stage])
        }
        return LuaStageChain(upstream: upstream, stages: stages + [stage], subject: subject)
    }

    /// The values after the last stage; or, with a Lua subscriber `sink`, the chain ending in
    /// it: the step calls it itself (a subscriber error is told apart from a stage error by the
    /// step's probe, reported, and the subscription goes on), and the signal sends no values,
    /// only the chain's end.
    func signal(in context: SignalContext, deliveringTo sink: LuaFunction? = nil) -> Signal<LuaValue> {
        let stages = self.stages
        if let sink, let subject {
            return subject.laneSignal {
                let (step, probe) = try context.step(through: stages, deliveringTo: sink)
                return (step, .chain(probe: probe))
            }
        }
        return upstream.compactMap(makingTransformPerSubscription: {
            let (step, probe) = try context.step(through: stages, deliveringTo: sink)
            guard sink != nil else { return { value in try context.run(step, value) } }
            return { value in
                try context.deliver(value, through: step, probe: probe)
                return nil
            }
        })
    }
}

extension SignalContext {
    /// A fresh step function for `stages`: `step(v)` returns the value after the last stage
    /// (the skip marker when a filter drops it), or, with a `sink`, passes it to the sink; then
    /// `probe()` also comes, telling (once) whether the step's last error was the sink's.
    func step(through stages: [LuaStageChain.Stage], deliveringTo sink: LuaFunction?) throws -> (LuaFunction, LuaFunction?) {
        var shape = ""
        var arguments: [LuaValue] = []
        for stage in stages {
            switch stage {
            case .map(let function):
                shape += "m"
                arguments.append(.function(function))
            case .filter(let function):
                shape += "f"
                arguments.append(.function(function))
            case .scan(let initial, let function):
                shape += "s"
                arguments += [.function(function), initial]
            }
        }
        do {
            let made = try state.callReturningAll(
                chainHelper(),
                [.string(shape), sink.map { .function($0) } ?? .nil] + arguments,
                keepingReferences: true)
            guard case .function(let step)? = made.first else {
                throw LuaSignalError(value: .string("lunar.signal: could not build a pipeline step"))
            }
            if case .function(let probe)? = made.dropFirst().first { return (step, probe) }
            return (step, nil)
        } catch let error as LuaScriptError {
            throw LuaSignalError(error)
        }
    }

    /// One value through a step that ends in a subscriber: the subscriber's error is reported
    /// (the subscription goes on); a stage's error becomes the signal's.
    func deliver(_ value: LuaValue, through step: LuaFunction, probe: LuaFunction?) throws {
        do { _ = try state.call(step, value, returning: IgnoredResult.self) } catch {
            if let failure = stepError(error, probe: probe) { throw failure }
        }
    }

    /// A step's error, wherever it was caught: the subscriber's (the probe says so) is reported
    /// and nil comes back; a stage's comes back as the signal's error.
    func stepError(_ error: LuaScriptError, probe: LuaFunction?) -> LuaSignalError? {
        if let probe, (try? state.call(probe, returning: LuaTruth.self))?.isTrue == true {
            state.report(error)
            return nil
        }
        return LuaSignalError(error)
    }

    /// One value through a step; nil when a filter dropped it. A Lua error becomes the signal's.
    func run(_ step: LuaFunction, _ value: LuaValue) throws -> LuaValue? {
        do { return try state.call(step, value, returning: StepOutput.self).value } catch {
            throw LuaSignalError(error)
        }
    }
}

/// What a step returns: a value, or the skip marker of a dropped one.
struct StepOutput: LuaReadable {
    let value: LuaValue?

    static var luaTypeName: String { "any" }

    static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> StepOutput {
        if stack.type(at: index) == .table, SignalContext.of(stack.state).isSkipMarker(at: index, in: stack) {
            return StepOutput(value: nil)
        }
        return StepOutput(value: SignalValue.value(at: index, in: stack))
    }
}
