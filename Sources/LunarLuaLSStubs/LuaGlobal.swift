import LunarBridge

/// A global name scripts see, for stubs: a function or a value of some type.
public enum LuaGlobal: Sendable, Hashable {
    /// A global function (`describe(name, fn)`).
    case function(LuaFunctionDescription)
    /// A global value (`app`), with its LuaLS type.
    case value(name: String, type: String, summary: String?)

    /// The global's name.
    public var name: String {
        switch self {
        case .function(let function): function.signature.name
        case .value(let name, _, _): name
        }
    }

    /// The globals a prelude chunk makes of `module`'s members: each top-level
    /// assignment `a, b = m.x, m.y` or `_G.a = m.x` (with `local m = require("<module>")`)
    /// makes global `a` the member `x`, described as `module` describes it (a
    /// member it does not describe is a value of type `any`).
    public static func globals(assignedBy prelude: LuaSource, from module: LuaModuleDescription) -> [LuaGlobal] {
        var aliases: Set<String> = []
        var result: [LuaGlobal] = []
        for rawLine in prelude.text.split(separator: "\n") {
            let line = LuaTypeText.trimmed(rawLine)
            if let rest = line.dropPrefix("local "), rest.contains("require(\"\(module.name)\")") || rest.contains("require('\(module.name)')") {
                aliases.insert(String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
                continue
            }
            guard rawLine.first?.isWhitespace == false, !line.hasPrefix("local "), !line.hasPrefix("--"),
                  let equals = line.firstIndex(of: "="), !line[equals...].hasPrefix("==") else { continue }
            let names = line[..<equals].split(separator: ",").map { name in
                let name = LuaTypeText.trimmed(name)
                return String(name.hasPrefix("_G.") ? name.dropFirst(3) : name)
            }
            let values = line[line.index(after: equals)...].split(separator: ",").map { String(LuaTypeText.trimmed($0)) }
            guard names.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) else { continue }
            for (name, value) in zip(names, values) {
                let parts = value.split(separator: ".", maxSplits: 1).map(String.init)
                guard parts.count == 2, aliases.contains(parts[0]) else { continue }
                if var function = module.functions.first(where: { $0.signature.name == parts[1] }) {
                    function.signature.name = name
                    result.append(.function(function))
                } else {
                    let type = module.fields.first { $0.name == parts[1] }?.type ?? "any"
                    result.append(.value(name: name, type: type, summary: nil))
                }
            }
        }
        return result
    }
}
