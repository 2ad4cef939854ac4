import Foundation

/// One function as stubs show it: its bridge signature plus the names of its
/// parameters and the generic type names it declares.
public struct LuaFunctionDescription: Sendable, Hashable {
    /// The declared shape: name, LuaLS parameter and result types, async or not.
    public var signature: LuaFunctionSignature
    /// Parameter names, position by position; missing ones are `argN`.
    public var parameterNames: [String]
    /// Type names the function is generic over (`---@generic U`).
    public var generics: [String]

    /// Wraps a bridge signature.
    public init(_ signature: LuaFunctionSignature, parameterNames: [String] = [], generics: [String] = []) {
        self.signature = signature
        self.parameterNames = parameterNames
        self.generics = generics
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

    /// Describes a function from its builder declaration (see ``LuaModule``):
    /// `parameters` and `results` are the types the Swift closure says, or nil
    /// when there is none (a raw function: the declaration's own types, `any`
    /// where it gives none, and `(...) -> any` for a bare name).
    @usableFromInline
    init(declaring declaration: String, parameters: [String]? = nil, results: [String]? = nil, isAsync: Bool = false, summary: String?) {
        guard let parsed = LuaDeclaration(declaration) else {
            preconditionFailure("bad function declaration '\(declaration)' (write name(a, b: type): result)")
        }
        var types: [String]
        var names: [String] = []
        if let declared = parsed.parameters {
            if let parameters {
                precondition(
                    declared.count == parameters.count,
                    "'\(declaration)' names \(declared.count) parameters; the function takes \(parameters.count)")
            }
            names = declared.map(\.name)
            types = declared.enumerated().map { index, parameter in
                let type = parameter.type ?? parameters?[index] ?? "any"
                return parameter.name == "..." && !type.hasSuffix("...") ? type + "..." : type
            }
        } else {
            types = parameters ?? ["..."]
        }
        self.init(
            LuaFunctionSignature(
                name: parsed.name, parameters: types,
                results: parsed.results ?? results ?? (parsed.parameters == nil ? ["any"] : []),
                isAsync: isAsync, summary: summary),
            parameterNames: names, generics: parsed.generics)
    }

    /// The function name a declaration gives (`hello` for `hello(name)`).
    @usableFromInline
    static func name(declaredBy declaration: String) -> String {
        String(declaration.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    /// The name of parameter `index` (0-based) in stubs.
    package func parameterName(at index: Int) -> String {
        if signature.parameters[index].hasSuffix("...") { return "..." }
        return index < parameterNames.count ? parameterNames[index] : "arg\(index + 1)"
    }
}
