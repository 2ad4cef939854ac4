/// Carries a value that is not `Sendable` (a closure over the renderer) to the runtime's
/// executor through `hop`.
///
/// `@unchecked` because the compiler cannot see the rule that makes it safe: the value is
/// made on the executor and only touched in jobs that `hop` runs on that same executor;
/// the threads it passes through in between only hold it.
struct ExecutorBound<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
