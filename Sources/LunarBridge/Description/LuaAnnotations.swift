/// A malformed LuaLS annotation in a Lua source: where and what.
public struct LuaAnnotationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source's name (`lunar.ui`).
    public var file: String
    /// The 1-based line of the annotation.
    public var line: Int
    /// What is wrong.
    public var message: String

    public var description: String { "\(file):\(line): \(message)" }
}

extension LuaModuleDescription {
    /// Describes a module written in Lua from the LuaLS annotations in its
    /// source, so the stubs and the bridge API version follow the file itself.
    ///
    /// The module is the local the chunk returns (`return ui`). Its functions
    /// are the `function ui.name(...)` definitions and the `ui.name = f`
    /// assignments of a local function, each described by the `---` block
    /// directly above its definition: a summary line, `---@param name type`,
    /// `---@return type`, `---@generic T`. Fields come from `---@field` lines
    /// under the module's `---@class` line; a `ui.name = value` assignment no
    /// field declares is a field of type `any`. Every other `---@class` block
    /// is a class: above `local Name = ...` its `function Name:m()` and
    /// `function Name.f()` definitions are its methods and functions. A
    /// function without annotations still counts (parameters of type `any`);
    /// names starting with `_` are private. Only top-level statements (not
    /// indented) are read.
    ///
    /// Throws ``LuaAnnotationError`` (`lunar.ui:12: ...`) for a malformed
    /// annotation or one that names no parameter of its function.
    public init(annotated source: LuaSource) throws(LuaAnnotationError) {
        var reader = LuaAnnotationReader(source)
        self = try reader.module()
    }
}

/// The reader behind ``LuaModuleDescription/init(annotated:)``.
struct LuaAnnotationReader {
    struct Block {
        var summary: [String] = []
        var className: String?
        var classLine = 0
        var supertypes: [String] = []
        var fields: [LuaPropertySignature] = []
        var params: [(line: Int, name: String, type: String)] = []
        var returns: [String] = []
        var generics: [String] = []
        /// `---@type fun(...)`: the type of a re-exported function.
        var functionType: LuaDeclaration?
    }

    /// What a top-level local holds, as far as annotations tell.
    struct Local {
        var className: String?
        var summary: String?
        var supertypes: [String] = []
        var fields: [LuaPropertySignature] = []
        /// `function X.name` (false) and `function X:name` (true), in order.
        var members: [(function: LuaFunctionDescription, isMethod: Bool)] = []
        /// `X.name = value` assignments, in order: the name, the assigned expression and,
        /// when a `---@type fun(...)` stands above it, the function it is.
        var assignments: [(name: String, value: String, function: LuaFunctionDescription?)] = []
        /// Set for `local function name(...)`.
        var function: LuaFunctionDescription?
    }

    let source: LuaSource
    var locals: [String: Local] = [:]
    var localOrder: [String] = []
    /// Classes declared in blocks not above a local.
    var standaloneClasses: [LuaClassDescription] = []
    var returned: String?

    init(_ source: LuaSource) { self.source = source }

    func error(_ line: Int, _ message: String) -> LuaAnnotationError {
        LuaAnnotationError(file: source.name, line: line, message: message)
    }

    mutating func module() throws(LuaAnnotationError) -> LuaModuleDescription {
        try read()
        let lineCount = source.text.split(separator: "\n", omittingEmptySubsequences: false).count
        guard let name = returned, let module = locals[name] else {
            throw error(lineCount, "the chunk returns no top-level local table (end it with `return M`)")
        }
        var description = LuaModuleDescription(name: source.name, summary: module.summary)
        description.fields = module.fields.map { LuaModuleDescription.Field(name: $0.name, type: $0.type) }
        for member in module.members where !member.function.signature.name.hasPrefix("_") {
            description.functions.append(member.function)
        }
        for (field, value, typed) in module.assignments where !field.hasPrefix("_") {
            if let typed {
                description.functions.append(typed)
            } else if var function = locals[value]?.function {
                function.signature.name = field
                description.functions.append(function)
            } else if description.fields.contains(where: { $0.name == field }) {
                continue
            } else if let local = locals[value], local.className != nil || !local.members.isEmpty {
                let className = local.className ?? source.name + "." + field
                if local.className == nil { locals[value]?.className = className }
                description.fields.append(.init(name: field, type: className))
            } else {
                description.fields.append(.init(name: field, type: "any"))
            }
        }
        for localName in localOrder where localName != name {
            guard let local = locals[localName], let className = local.className else { continue }
            let members = local.members.filter { !$0.function.signature.name.hasPrefix("_") }
            description.classes.append(LuaClassDescription(
                name: className, summary: local.summary, supertypes: local.supertypes,
                methods: members.filter(\.isMethod).map(\.function),
                functions: members.filter { !$0.isMethod }.map(\.function),
                properties: local.fields))
        }
        description.classes += standaloneClasses
        return description
    }

    // MARK: - Statements

    mutating func read() throws(LuaAnnotationError) {
        var block: Block?
        var lineNumber = 0
        for rawLine in source.text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.hasPrefix("---") {
                if block == nil { block = Block() }
                try annotate(&block!, line.dropFirst(3), line: lineNumber)
                continue
            }
            let pending = block
            block = nil
            try statement(line, block: pending, line: lineNumber)
        }
        if let block { try standalone(block) }
    }

    /// A class block that no local follows is a type of its own (a spec table's fields, say).
    mutating func standalone(_ block: Block) throws(LuaAnnotationError) {
        guard let name = block.className else { return }
        standaloneClasses.append(LuaClassDescription(
            name: name, summary: Self.summary(block), supertypes: block.supertypes, properties: block.fields))
    }

    mutating func statement(_ line: Substring, block: Block?, line number: Int) throws(LuaAnnotationError) {
        if line.first?.isWhitespace == true || line.isEmpty || line.hasPrefix("--") {
            if let block { try standalone(block) }
            return
        }
        if let rest = line.dropPrefix("local function ") {
            let (name, params) = Self.header(rest)
            define(name)
            let described = try function(name, params, block, line: number)
            locals[name]?.function = described
        } else if let rest = line.dropPrefix("local ") {
            let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            guard !name.isEmpty, rest.dropFirst(name.count).drop(while: { $0 == " " }).first == "=" else {
                if let block { try standalone(block) }
                return
            }
            define(name)
            if let block, let className = block.className {
                locals[name]?.className = className
                locals[name]?.summary = Self.summary(block)
                locals[name]?.supertypes = block.supertypes
                locals[name]?.fields = block.fields
            }
        } else if let rest = line.dropPrefix("function ") {
            let (qualified, params) = Self.header(rest)
            let separator = qualified.firstIndex { $0 == "." || $0 == ":" }
            guard let separator, locals[String(qualified[..<separator])] != nil else { return }
            let owner = String(qualified[..<separator])
            let name = String(qualified[qualified.index(after: separator)...])
            let isMethod = qualified[separator] == ":"
            let described = try function(name, params, block, line: number, isMethod: isMethod)
            locals[owner]?.members.append((described, isMethod))
        } else if let rest = line.dropPrefix("return ") {
            let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            if locals[name] != nil { returned = name }
        } else if let dot = line.firstIndex(of: "."), let equals = line.firstIndex(of: "="), dot < equals {
            let owner = String(line[..<dot])
            let field = String(line[line.index(after: dot)..<equals]).trimmingSpaces
            guard locals[owner] != nil, field.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !field.isEmpty,
                  line[line.index(after: equals)...].first != "=" else { return }
            let value = String(line[line.index(after: equals)...]).trimmingSpaces
            var function: LuaFunctionDescription?
            if let block, let type = block.functionType {
                let names = type.parameters?.map(\.name) ?? []
                let types: [String] = type.parameters?.map { parameter -> String in
                    let type = parameter.type ?? "any"
                    return parameter.name == "..." ? type + "..." : type
                } ?? []
                function = LuaFunctionDescription(
                    LuaFunctionSignature(
                        name: field, parameters: types, results: type.results ?? [], isAsync: false, summary: Self.summary(block)),
                    parameterNames: names, generics: block.generics)
            }
            locals[owner]?.assignments.append((field, value, function))
        } else if let block {
            try standalone(block)
        }
    }

    mutating func define(_ name: String) {
        if locals[name] == nil {
            localOrder.append(name)
            locals[name] = Local()
        }
    }

    /// `name(a, b)` → the name and the parameter names.
    static func header(_ text: Substring) -> (String, [String]) {
        guard let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") else {
            return (String(text).trimmingSpaces, [])
        }
        let params = text[text.index(after: open)..<close].split(separator: ",").map { String($0).trimmingSpaces }
        return (String(text[..<open]).trimmingSpaces, params.filter { !$0.isEmpty })
    }

    func function(
        _ name: String, _ params: [String], _ block: Block?, line: Int, isMethod: Bool = false
    ) throws(LuaAnnotationError) -> LuaFunctionDescription {
        var types = params.map { _ in "any" }
        if params.last == "..." { types[types.count - 1] = "..." }
        if let block {
            if block.className != nil {
                throw error(block.classLine, "---@class \(block.className!) stands above function \(name); put it above the table's local")
            }
            for param in block.params where !(isMethod && param.name == "self") {
                guard let index = params.firstIndex(of: param.name) else {
                    throw error(param.line, "---@param \(param.name) names no parameter of \(name)(\(params.joined(separator: ", ")))")
                }
                types[index] = param.name == "..." ? param.type + "..." : param.type
            }
        }
        let signature = LuaFunctionSignature(
            name: name, parameters: types, results: block?.returns ?? [], isAsync: false,
            summary: block.flatMap(Self.summary))
        return LuaFunctionDescription(signature, parameterNames: params, generics: block?.generics ?? [])
    }

    static func summary(_ block: Block) -> String? {
        block.summary.isEmpty ? nil : block.summary.joined(separator: " ")
    }

    // MARK: - Annotation lines

    func annotate(_ block: inout Block, _ text: Substring, line: Int) throws(LuaAnnotationError) {
        let text = LuaTypeText.trimmed(text)
        guard text.first == "@" else {
            if !text.isEmpty, text.first != "|" { block.summary.append(String(text)) }
            return
        }
        let tag = text.dropFirst().prefix { $0.isLetter }
        let rest = LuaTypeText.trimmed(text.dropFirst(tag.count + 1))
        switch tag {
        case "class":
            var rest = rest
            while rest.first == "(" { rest = LuaTypeText.trimmed(rest.drop { $0 != ")" }.dropFirst()) }  // (exact)
            let parts = rest.split(separator: ":", maxSplits: 1)
            let name = parts.first.map { String(LuaTypeText.trimmed($0)) } ?? ""
            guard !name.isEmpty, !name.contains(" ") else { throw error(line, "---@class needs a name: ---@class Name[: Parent]") }
            block.className = name
            block.classLine = line
            if parts.count == 2 { block.supertypes = LuaTypeText.splitTopLevel(parts[1]).map(String.init) }
        case "field":
            var rest = rest
            for scope in ["public ", "protected ", "private ", "package "] { if let r = rest.dropPrefix(scope) { rest = r } }
            let name = rest.prefix { !$0.isWhitespace }
            guard !name.isEmpty, let (type, _) = LuaTypeText.leadingType(rest.dropFirst(name.count)) else {
                throw error(line, "---@field needs a name and a type: ---@field name type")
            }
            if name.hasPrefix("[") { return }  // an index signature says nothing stubs list
            let optional = name.hasSuffix("?")
            block.fields.append(LuaPropertySignature(
                name: String(optional ? name.dropLast() : name), type: optional ? LuaTypeText.optional(type) : type, isWritable: true))
        case "param":
            let name = rest.prefix { !$0.isWhitespace }
            guard !name.isEmpty, let (type, _) = LuaTypeText.leadingType(rest.dropFirst(name.count)) else {
                throw error(line, "---@param needs a name and a type: ---@param name type")
            }
            let optional = name.hasSuffix("?")
            block.params.append((line, String(optional ? name.dropLast() : name), optional ? LuaTypeText.optional(type) : type))
        case "return":
            guard let (type, _) = LuaTypeText.leadingType(rest) else {
                throw error(line, "---@return needs a type: ---@return type [name]")
            }
            block.returns.append(type)
        case "type":
            guard let (type, _) = LuaTypeText.leadingType(rest) else { throw error(line, "---@type needs a type") }
            if type.hasPrefix("fun(") {
                guard let parsed = LuaDeclaration(type), parsed.parameters != nil else {
                    throw error(line, "---@type \(type) is not a function type: fun(name: type, ...): result")
                }
                block.functionType = parsed
            }
        case "generic":
            let names = LuaTypeText.splitTopLevel(rest).map(String.init)
            guard !names.isEmpty, names.allSatisfy({ $0.first?.isLetter == true }) else {
                throw error(line, "---@generic needs names: ---@generic T, U: Parent")
            }
            block.generics += names
        default:
            break  // other LuaLS tags (@see, @async, @nodiscard, ...) say nothing stubs repeat
        }
    }
}

extension Substring {
    /// The text after `prefix`, or nil when it does not start with it (the annotation readers' one scanning step).
    package func dropPrefix(_ prefix: String) -> Substring? {
        hasPrefix(prefix) ? dropFirst(prefix.count) : nil
    }
}

extension String {
    var trimmingSpaces: String { String(LuaTypeText.trimmed(Substring(self))) }
}
