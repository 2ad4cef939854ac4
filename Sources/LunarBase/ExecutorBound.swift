/// Carries a value confined to one serial executor (a Lua runtime's, a renderer's, a network
/// client's callback queue) through the threads between a hop away and a hop back.
///
/// `@unchecked` because the compiler cannot see the rule that makes it safe: the value is made
/// on its executor and only touched in jobs that run on that same executor; the threads it
/// passes through in between only hold it. Use it for nothing else.
public struct ExecutorBound<Value>: @unchecked Sendable {
    /// The value; touch it only on the executor it belongs to.
    public let value: Value

    /// Boxes `value`, which belongs to the executor the box is made on.
    public init(_ value: Value) {
        self.value = value
    }
}
