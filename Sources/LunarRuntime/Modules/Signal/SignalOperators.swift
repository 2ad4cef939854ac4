import LunarBridge
import LunarSignals

extension SignalSource {
    /// Declares `subscribe` and the operator methods every signal-like class has.
    ///
    /// Lua functions given to operators run on the executor; an error they raise fails the
    /// resulting signal with that error (and disposes its source), like a throw in Swift.
    static func describeSignalMethods(_ c: inout LuaClassBuilder<Self>) {
        c.method("subscribe") { (source: Self, handlers: SubscriberArgument, error: LuaFunction?, completed: LuaFunction?) -> LuaDisposable in
            if handlers.isTable {
                return source.subscribe(next: handlers.next, error: handlers.error, completed: handlers.completed)
            }
            return source.subscribe(next: handlers.next, error: error, completed: completed)
        }
        describeTransforming(&c)
        describeCombining(&c)
        describeTiming(&c)
        describeRecovering(&c)
    }

    private static func describeTransforming(_ c: inout LuaClassBuilder<Self>) {
        c.method("map") { (source: Self, transform: LuaFunction) -> LuaSignal in
            source.appending(.map(transform))
        }
        c.method("filter") { (source: Self, isIncluded: LuaFunction) -> LuaSignal in
            source.appending(.filter(isIncluded))
        }
        c.method("scan") { (source: Self, initial: SignalValue, combine: LuaFunction) -> LuaSignal in
            source.appending(.scan(initial: initial.value, combine))
        }
        c.method("take") { (source: Self, count: Int) -> LuaSignal in source.derive(source.signal.take(count)) }
        c.method("skip") { (source: Self, count: Int) -> LuaSignal in source.derive(source.signal.skip(count)) }
        c.method("distinct") { (source: Self, isSame: LuaFunction?) -> LuaSignal in
            let context = source.context
            if let isSame {
                return source.derive(source.signal.distinctUntilChanged { try context.test(isSame, $0, $1) })
            }
            return source.derive(source.signal.distinctUntilChanged { $0.isRawEqual(to: $1, in: context.state) })
        }
        c.method("startWith") { (source: Self, value: SignalValue) -> LuaSignal in
            source.derive(source.signal.startWith(value.value))
        }
        c.method("takeUntil") { (source: Self, trigger: TriggerArgument) -> LuaSignal in
            source.derive(source.signal.takeUntil(trigger.signal))
        }
        c.method("doNext") { (source: Self, action: LuaFunction) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.doNext { try context.perform(action, $0) })
        }
        c.method("doError") { (source: Self, action: LuaFunction) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.doError { try context.perform(action, LuaSignalError.luaValue(for: $0)) })
        }
        c.method("doCompleted") { (source: Self, action: LuaFunction) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.doCompleted { try context.perform(action) })
        }
        c.method("collect") { (source: Self) -> LuaSignal in
            source.derive(source.signal.collect().map { .table(LuaTable(array: $0)) })
        }
        c.method("materialize") { (source: Self) -> LuaSignal in
            source.derive(source.signal.materialize().map { event in
                switch event {
                case .next(let value): ["kind": "next", "value": value]
                case .failed(let error): ["kind": "error", "error": LuaSignalError.luaValue(for: error)]
                case .completed: ["kind": "completed"]
                }
            })
        }
        c.method("dematerialize") { (source: Self) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.map { try context.event(from: $0) }.dematerialize())
        }
        c.method("share") { (source: Self) -> LuaSignal in source.derive(source.signal.share()) }
        c.method("replay") { (source: Self, capacity: Int?) -> LuaSignal in
            guard (capacity ?? 0) >= 0 else { throw LuaArgumentError(position: 1, problem: "capacity must be >= 0") }
            return source.derive(source.signal.replay(capacity ?? .max))
        }
    }

    private static func describeCombining(_ c: inout LuaClassBuilder<Self>) {
        c.method("flatMap") { (source: Self, transform: LuaFunction) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.flatMap { try context.signal(returnedBy: transform, $0, role: "the flatMap function's result") })
        }
        c.method("switchMap") { (source: Self, transform: LuaFunction) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.switchMap { try context.signal(returnedBy: transform, $0, role: "the switchMap function's result") })
        }
        c.method("switchToLatest") { (source: Self) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.switchMap { try context.signal(from: $0, role: "a switchToLatest value") })
        }
        c.method("flatten") { (source: Self) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.flatMap { try context.signal(from: $0, role: "a flatten value") })
        }
        c.method("merge") { (source: Self, others: SignalList) -> LuaSignal in
            source.derive(.merge([source.signal] + others.signals))
        }
        c.method("concat") { (source: Self, others: SignalList) -> LuaSignal in
            source.derive(.concat([source.signal] + others.signals))
        }
        c.method("combineLatest") { (source: Self, others: SignalList) -> LuaSignal in
            source.derive(Signal.combineLatest([source.signal] + others.signals).map { .table(LuaTable(array: $0)) })
        }
        c.method("zip") { (source: Self, others: SignalList) -> LuaSignal in
            source.derive(Signal.zip([source.signal] + others.signals).map { .table(LuaTable(array: $0)) })
        }
    }

    private static func describeTiming(_ c: inout LuaClassBuilder<Self>) {
        c.method("throttle") { (source: Self, seconds: Double) -> LuaSignal in
            let scheduler = try source.context.requireScheduler("throttle")
            return source.derive(source.signal.throttle(try checkedSeconds(seconds), on: scheduler))
        }
        c.method("debounce") { (source: Self, seconds: Double) -> LuaSignal in
            let scheduler = try source.context.requireScheduler("debounce")
            return source.derive(source.signal.debounce(try checkedSeconds(seconds), on: scheduler))
        }
        c.method("delay") { (source: Self, seconds: Double) -> LuaSignal in
            let scheduler = try source.context.requireScheduler("delay")
            return source.derive(source.signal.delay(try checkedSeconds(seconds), on: scheduler))
        }
        c.method("timeout") { (source: Self, seconds: Double) -> LuaSignal in
            let scheduler = try source.context.requireScheduler("timeout")
            return source.derive(source.signal.timeout(try checkedSeconds(seconds), on: scheduler))
        }
    }

    private static func describeRecovering(_ c: inout LuaClassBuilder<Self>) {
        c.method("catch") { (source: Self, handler: LuaFunction) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.catch { error in
                try context.signal(returnedBy: handler, LuaSignalError.luaValue(for: error), role: "the catch function's result")
            })
        }
        c.method("retry") { (source: Self, count: Int) -> LuaSignal in
            guard count >= 0 else { throw LuaArgumentError(position: 1, problem: "count must be >= 0") }
            return source.derive(source.signal.retry(count))
        }
    }
}

extension SignalContext {
    /// The event a `materialize` table stands for: `{kind="next", value=}`,
    /// `{kind="error", error=}` or `{kind="completed"}`.
    func event(from value: LuaValue) throws -> Event<LuaValue> {
        switch field("kind", of: value) {
        case "next": return .next(field("value", of: value))
        case "error": return .failed(LuaSignalError(value: field("error", of: value)))
        case "completed": return .completed
        default:
            throw LuaSignalError(value: .string("dematerialize: value is not an event table ({kind=\"next\"|\"error\"|\"completed\"})"))
        }
    }

    /// A field of a table value (raw access); nil for anything that is not a table.
    func field(_ name: String, of value: LuaValue) -> LuaValue {
        switch value {
        case .table(let table):
            return table[name]
        case .reference(let reference) where reference.typeName == "table":
            let stack = state.stack
            _ = stack.reserve(1)
            value.push(to: stack)
            defer { stack.pop() }
            return stack.table(at: -1)?.withField(name) { field in SignalValue.value(at: field, in: stack) } ?? .nil
        default:
            return .nil
        }
    }
}
