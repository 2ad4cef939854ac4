import CLunar

/// A bridge module declared once in Swift: functions typed by their Swift
/// signatures, constants and events. Scripts get it with `require(name)`.
///
/// ```swift
/// let greeter = LuaModule("native.greeter", summary: "Greets people.") { m in
///     m.function("hello(name)", summary: "A greeting for name.") { (name: String) -> String in "hello, \(name)" }
///     m.constant("version", "1.0")
///     m.event("changed")
/// }
/// ```
/// A function is named by a declaration: `hello(name)` names its parameters
/// for stubs (their types come from the Swift closure); a type written there
/// (`push(target, params: table?)`) or results after it (`stack(): string[]`)
/// replace what the Swift types say, for `LuaValue` and other loose types;
/// `map<U>(fn: fun(value: T): U): Signal<U>` declares generics. A bare name
/// (`hello`) leaves the parameters unnamed (`arg1`, ... in stubs).
/// A module is a value: register it on any number of states.
public struct LuaModule: Sendable {
    public let name: String
    /// One line about the module, for stubs.
    public let summary: String?
    package var members: [Member] = []

    /// The short name used in messages: `log` for `lunar.log`.
    public var shortName: String { name.split(separator: ".").last.map(String.init) ?? name }

    package enum Member: Sendable {
        case function(LuaFunctionDescription, @Sendable () -> (LuaCallFrame) throws -> LuaReturn)
        case cFunction(LuaFunctionDescription, lua_CFunction)
        case constant(String, @Sendable (LuaStack) -> Void, String)
        case event(String)
        case raw(String, @Sendable (LuaState) -> Void)
    }

    public init(_ name: String, summary: String? = nil, _ build: (inout LuaModuleBuilder) -> Void) {
        self.name = name
        self.summary = summary
        var builder = LuaModuleBuilder(moduleName: name)
        build(&builder)
        members = builder.members
    }

    /// Every function as declared, in declaration order.
    public var functions: [LuaFunctionDescription] {
        members.compactMap {
            switch $0 {
            case .function(let s, _), .cFunction(let s, _): s
            default: nil
            }
        }
    }
    /// The names of the events Swift can emit.
    public var events: [String] { members.compactMap { if case .event(let e) = $0 { e } else { nil } } }
    /// The names and LuaLS types of the constants.
    public var constants: [(name: String, type: String)] {
        members.compactMap { if case .constant(let n, _, let t) = $0 { (n, t) } else { nil } }
    }
}
