import Foundation

/// One function as stubs show it: its bridge signature plus, when known, the
/// names of its parameters (bridged Swift closures have none, so stubs call
/// them `arg1`, `arg2`, ...).
public struct LuaFunctionDescription: Sendable, Hashable {
    /// The declared shape: name, LuaLS parameter and result types, async or not.
    public var signature: LuaFunctionSignature
    /// Parameter names, position by position; missing ones are `argN`.
    public var parameterNames: [String]

    /// Wraps a bridge signature.
    public init(_ signature: LuaFunctionSignature, parameterNames: [String] = []) {
        self.signature = signature
        self.parameterNames = parameterNames
    }

    /// Describes a function by hand, with named parameters:
    /// `LuaFunctionDescription("string", ["t: table?", "key: string", "default: string?"], returns: ["string"])`.
    /// A parameter written without a type (`"key"`) is `any`.
    public init(_ name: String, _ parameters: [String] = [], returns results: [String] = [], isAsync: Bool = false, summary: String? = nil) {
        var names: [String] = []
        var types: [String] = []
        for parameter in parameters {
            let parts = parameter.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            names.append(parts[0])
            types.append(parts.count == 2 ? parts[1] : "any")
        }
        self.init(
            LuaFunctionSignature(name: name, parameters: types, results: results, isAsync: isAsync, summary: summary),
            parameterNames: names)
    }

    /// The name of parameter `index` (0-based) in stubs.
    func parameterName(at index: Int) -> String {
        if signature.parameters[index].hasSuffix("...") { return "..." }
        return index < parameterNames.count ? parameterNames[index] : "arg\(index + 1)"
    }
}
