import LunarBridge
import LunarSignals

extension SignalSource {
    /// Declares `subscribe` and the operator methods every signal-like class has.
    ///
    /// Lua functions given to operators run on the executor; an error they raise fails the
    /// resulting signal with that error (and disposes its source), like a throw in Swift.
    static func describeSignalMethods(_ c: inout LuaClassBuilder<Self>) {
        c.method("subscribe(next: fun(value: T)|{next: fun(value: T)?, error: fun(err: any)?, completed: fun()?}, error: fun(err: any)?, completed: fun()?): Disposable", summary: "Calls next with each value (or a table of next, error, completed handlers); dispose the result to stop.") { (source: Self, handlers: SubscriberArgument, error: LuaFunction?, completed: LuaFunction?) -> LuaDisposable in
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
        c.method("map<U>(transform: fun(value: T): U): Signal<U>", summary: "Each value passed through transform.") { (source: Self, transform: LuaFunction) -> LuaSignal in
            source.appending(.map(transform))
        }
        c.method("filter(isIncluded: fun(value: T): boolean): Signal<T>", summary: "The values isIncluded accepts.") { (source: Self, isIncluded: LuaFunction) -> LuaSignal in
            source.appending(.filter(isIncluded))
        }
        c.method("scan<U>(initial: U, combine: fun(accumulated: U, value: T): U): Signal<U>", summary: "Each running total of combine, starting from initial.") { (source: Self, initial: SignalValue, combine: LuaFunction) -> LuaSignal in
            source.appending(.scan(initial: initial.value, combine))
        }
        c.method("take(count): Signal<T>", summary: "The first count values, then completes.") { (source: Self, count: Int) -> LuaSignal in source.derive(source.signal.take(count)) }
        c.method("skip(count): Signal<T>", summary: "The values after the first count.") { (source: Self, count: Int) -> LuaSignal in source.derive(source.signal.skip(count)) }
        c.method("distinct(isSame: (fun(a: T, b: T): boolean)?): Signal<T>", summary: "Drops a value equal to the one before it (raw equality or isSame).") { (source: Self, isSame: LuaFunction?) -> LuaSignal in
            let context = source.context
            if let isSame {
                return source.derive(source.signal.distinctUntilChanged { try context.test(isSame, $0, $1) })
            }
            return source.derive(source.signal.distinctUntilChanged { $0.isRawEqual(to: $1, in: context.state) })
        }
        c.method("startWith(value: T): Signal<T>", summary: "Sends value first.") { (source: Self, value: SignalValue) -> LuaSignal in
            source.derive(source.signal.startWith(value.value))
        }
        c.method("takeUntil(trigger): Signal<T>", summary: "Completes when trigger sends or ends (a signal or a lifetime).") { (source: Self, trigger: TriggerArgument) -> LuaSignal in
            source.derive(source.signal.takeUntil(trigger.signal))
        }
        c.method("doNext(action: fun(value: T)): Signal<T>", summary: "Runs action on each value, passing values on.") { (source: Self, action: LuaFunction) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.doNext { try context.perform(action, $0) })
        }
        c.method("doError(action: fun(err: any)): Signal<T>", summary: "Runs action on a failure, passing it on.") { (source: Self, action: LuaFunction) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.doError { try context.perform(action, LuaSignalError.luaValue(for: $0)) })
        }
        c.method("doCompleted(action: fun()): Signal<T>", summary: "Runs action on completion.") { (source: Self, action: LuaFunction) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.doCompleted { try context.perform(action) })
        }
        c.method("collect(): Signal<T[]>", summary: "All values as one list, sent on completion.") { (source: Self) -> LuaSignal in
            source.derive(source.signal.collect().map { .table(LuaTable(array: $0)) })
        }
        c.method("materialize(): Signal<{kind: \"next\"|\"error\"|\"completed\", value: T?, error: any}>", summary: "Each event as a table {kind=, value=, error=}.") { (source: Self) -> LuaSignal in
            source.derive(source.signal.materialize().map { event in
                switch event {
                case .next(let value): ["kind": "next", "value": value]
                case .failed(let error): ["kind": "error", "error": LuaSignalError.luaValue(for: error)]
                case .completed: ["kind": "completed"]
                }
            })
        }
        c.method("dematerialize(): Signal", summary: "Turns materialized event tables back into events.") { (source: Self) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.map { try context.event(from: $0) }.dematerialize())
        }
        c.method("share(): Signal<T>", summary: "One subscription to this signal shared by all subscribers.") { (source: Self) -> LuaSignal in source.derive(source.signal.share()) }
        c.method("replay(capacity): Signal<T>", summary: "Shared, and replays the last capacity values (all if nil) to late subscribers.") { (source: Self, capacity: Int?) -> LuaSignal in
            guard (capacity ?? 0) >= 0 else { throw LuaArgumentError(position: 1, problem: "capacity must be >= 0") }
            return source.derive(source.signal.replay(capacity ?? .max))
        }
    }

    private static func describeCombining(_ c: inout LuaClassBuilder<Self>) {
        c.method("flatMap<U>(transform: fun(value: T): Signal<U>): Signal<U>", summary: "The values of the signals transform makes, merged.") { (source: Self, transform: LuaFunction) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.flatMap { try context.signal(returnedBy: transform, $0, role: "the flatMap function's result") })
        }
        c.method("switchMap<U>(transform: fun(value: T): Signal<U>): Signal<U>", summary: "The values of the latest signal transform made.") { (source: Self, transform: LuaFunction) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.switchMap { try context.signal(returnedBy: transform, $0, role: "the switchMap function's result") })
        }
        c.method("switchToLatest(): Signal", summary: "For a signal of signals: the values of the latest one.") { (source: Self) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.switchMap { try context.signal(from: $0, role: "a switchToLatest value") })
        }
        c.method("flatten(): Signal", summary: "For a signal of signals: all their values, merged.") { (source: Self) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.flatMap { try context.signal(from: $0, role: "a flatten value") })
        }
        c.method("merge(...: Signal<T>): Signal<T>", summary: "This and the other signals' values, as they come.") { (source: Self, others: SignalList) -> LuaSignal in
            source.derive(.merge([source.signal] + others.signals))
        }
        c.method("concat(...: Signal<T>): Signal<T>", summary: "This signal's values, then each other's in turn.") { (source: Self, others: SignalList) -> LuaSignal in
            source.derive(.concat([source.signal] + others.signals))
        }
        c.method("combineLatest(...: Signal): Signal<any[]>", summary: "The latest value of this and each other signal, as a list, whenever one sends.") { (source: Self, others: SignalList) -> LuaSignal in
            source.derive(Signal.combineLatest([source.signal] + others.signals).map { .table(LuaTable(array: $0)) })
        }
        c.method("zip(...: Signal): Signal<any[]>", summary: "Lists of this and the other signals' values paired in order.") { (source: Self, others: SignalList) -> LuaSignal in
            source.derive(Signal.zip([source.signal] + others.signals).map { .table(LuaTable(array: $0)) })
        }
    }

    private static func describeTiming(_ c: inout LuaClassBuilder<Self>) {
        c.method("throttle(seconds): Signal<T>", summary: "At most one value per seconds.") { (source: Self, seconds: Double) -> LuaSignal in
            let scheduler = try source.context.requireScheduler("throttle")
            return source.derive(source.signal.throttle(try checkedSeconds(seconds), on: scheduler))
        }
        c.method("debounce(seconds): Signal<T>", summary: "A value once seconds pass without another.") { (source: Self, seconds: Double) -> LuaSignal in
            let scheduler = try source.context.requireScheduler("debounce")
            return source.derive(source.signal.debounce(try checkedSeconds(seconds), on: scheduler))
        }
        c.method("delay(seconds): Signal<T>", summary: "Each event seconds later.") { (source: Self, seconds: Double) -> LuaSignal in
            let scheduler = try source.context.requireScheduler("delay")
            return source.derive(source.signal.delay(try checkedSeconds(seconds), on: scheduler))
        }
        c.method("timeout(seconds): Signal<T>", summary: "Fails if the signal has not completed within seconds.") { (source: Self, seconds: Double) -> LuaSignal in
            let scheduler = try source.context.requireScheduler("timeout")
            return source.derive(source.signal.timeout(try checkedSeconds(seconds), on: scheduler))
        }
    }

    private static func describeRecovering(_ c: inout LuaClassBuilder<Self>) {
        c.method("catch(handler: fun(err: any): Signal<T>): Signal<T>", summary: "On failure, continues with the signal handler returns.") { (source: Self, handler: LuaFunction) -> LuaSignal in
            let context = source.context
            return source.derive(source.signal.catch { error in
                try context.signal(returnedBy: handler, LuaSignalError.luaValue(for: error), role: "the catch function's result")
            })
        }
        c.method("retry(count): Signal<T>", summary: "Subscribes again after a failure, up to count times.") { (source: Self, count: Int) -> LuaSignal in
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
