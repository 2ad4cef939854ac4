/// What a state needs to run asynchronous bridged functions: a way to hop
/// back onto its executor and to count work in flight.
public protocol LuaAsyncDriver: AnyObject, Sendable {
    func enqueue(_ job: @escaping @Sendable () -> Void)
    func beginWork()
    func endWork()
}
