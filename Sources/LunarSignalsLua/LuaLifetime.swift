import LunarBridge
import LunarSignals

/// `Lifetime` in Lua (`signal.lifetime()`): an owner for a group of subscriptions that ends them
/// all at once; what a screen holds as `self.lifetime`, disposed when the screen closes.
///
/// `:add(x)` takes a disposable, another lifetime (ended with this one) or a function (called at
/// the end); `:dispose()` ends it: `ended` sends `true` and completes (so `s:takeUntil(lifetime)`
/// completes), then everything added is disposed, in the order added. Anything added after the
/// end is disposed at once. Idempotent.
///
/// Unlike the Swift `Lifetime`, it never ends by itself when collected: garbage collection runs
/// at unpredictable points where Lua handlers must not run. Confined to the executor.
package final class LuaLifetime: LuaObject {
    private let members = CompositeDisposable()
    private let endings = ReplaySubject<LuaValue>(capacity: 1)
    let context: SignalContext
    private lazy var endedObject = LuaSignal(ended, context: context)

    /// Makes a lifetime that has not ended.
    init(context: SignalContext) {
        self.context = context
    }

    /// Whether `end()` has run.
    var isEnded: Bool { members.isDisposed }

    /// Sends `true` and completes when the lifetime ends (at once if it already has).
    var ended: Signal<LuaValue> { endings.signal }

    /// Ties `disposable` to the lifetime (disposed at once if it has ended).
    func add(_ disposable: (any Disposable)?) {
        members.add(disposable)
    }

    /// Ends the lifetime: notifies `ended`, then disposes what was added. Idempotent.
    func end() {
        guard !members.isDisposed else { return }
        endings.sendNext(.boolean(true))
        endings.sendCompleted()
        members.dispose()
    }

    package static var luaTypeName: String { "Lifetime" }

    package static func describe(_ luaClass: inout LuaClassBuilder<LuaLifetime>) {
        luaClass.method("add(member)", summary: "Disposes member (a disposable, lifetime, function or {dispose=}) when this lifetime ends.") { (lifetime: LuaLifetime, member: LifetimeMember) in
            lifetime.add(member.disposable(in: lifetime.context))
        }
        luaClass.method("dispose", summary: "Ends the lifetime now.") { (lifetime: LuaLifetime) in lifetime.end() }
        luaClass.property("ended", get: { $0.endedObject })
        luaClass.property("disposed", get: { $0.isEnded })
    }
}

/// What `lifetime:add(x)` accepts: a disposable, a lifetime, a function to call at the end, or
/// any table with a `dispose` function (called as `t:dispose()`), such as `net`'s request ties.
enum LifetimeMember: LuaReadable {
    case disposable(any Disposable)
    case lifetime(LuaLifetime)
    case function(LuaFunction)
    case disposeMethod(LuaFunction, of: LuaValue)

    static var luaTypeName: String { "Disposable|Lifetime|fun()|{dispose: fun(self)}" }

    static func read(from stack: LuaStack, at index: Int32) throws(LuaTypeMismatch) -> LifetimeMember {
        if let object = try? LuaDisposable.read(from: stack, at: index) { return .disposable(object.disposable) }
        if let lifetime = try? LuaLifetime.read(from: stack, at: index) { return .lifetime(lifetime) }
        if let function = try? LuaFunction.read(from: stack, at: index) { return .function(function) }
        if let table = try? LuaTableView.read(from: stack, at: index),
           case .function(let dispose) = table["dispose"] {
            return .disposeMethod(dispose, of: .reference(stack.reference(to: index)))
        }
        throw LuaTypeMismatch(expected: "disposable, lifetime or function", got: SignalArgument.typeName(at: index, in: stack))
    }

    /// The disposable the lifetime keeps for this member; a function's error is reported.
    func disposable(in context: SignalContext) -> any Disposable {
        switch self {
        case .disposable(let disposable): disposable
        case .lifetime(let lifetime): ActionDisposable { lifetime.end() }
        case .function(let function): ActionDisposable { context.deliver(function) }
        case .disposeMethod(let dispose, let table): ActionDisposable { context.deliver(dispose, table) }
        }
    }
}
