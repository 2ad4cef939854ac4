/// Reading LuaLS type expressions out of annotation text (`---@param fn fun(x: T): U the doc`)
/// and out of declarations (`map<U>(transform: fun(value: T): U): Signal<U>`).
///
/// A type runs until whitespace outside brackets and quotes, except that
/// whitespace next to `|`, `,` or `:` continues it (`fun(): string | nil`).
package enum LuaTypeText {
    /// Splits `text` after its leading type: the type and the rest (trimmed),
    /// or nil when `text` starts with no type or a bracket is not closed.
    package static func leadingType(_ text: Substring) -> (type: String, rest: Substring)? {
        let chars = Array(text.drop { $0 == " " || $0 == "\t" })
        var depth = 0
        var quote: Character?
        var end = 0
        var index = 0
        while index < chars.count {
            let c = chars[index]
            if let open = quote {
                if c == open { quote = nil }
            } else if c == "\"" || c == "'" || c == "`" {
                quote = c
            } else if "([{<".contains(c) {
                depth += 1
            } else if ")]}>".contains(c) {
                depth -= 1
                if depth < 0 { return nil }
            } else if (c == " " || c == "\t"), depth == 0 {
                let before = chars[..<index].last { $0 != " " && $0 != "\t" }
                let after = chars[index...].first { $0 != " " && $0 != "\t" }
                let joins: Set<Character> = ["|", ",", ":"]
                if !(before.map(joins.contains) ?? false) && !(after.map { $0 == "|" || $0 == ":" } ?? false) { break }
            }
            index += 1
            end = index
        }
        guard depth == 0, quote == nil, end > 0 else { return nil }
        let type = String(chars[..<end]).split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        let rest = String(chars[end...]).drop { $0 == " " || $0 == "\t" }
        return (type, Substring(rest))
    }

    /// Splits `text` at each `separator` outside brackets and quotes, trimming the parts.
    package static func splitTopLevel(_ text: Substring, separator: Character = ",") -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var quote: Character?
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            if let open = quote {
                if c == open { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if "([{<".contains(c) {
                depth += 1
            } else if ")]}>".contains(c) {
                depth -= 1
            } else if c == separator, depth == 0 {
                parts.append(trimmed(text[start..<index]))
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        let last = trimmed(text[start...])
        if !last.isEmpty || !parts.isEmpty { parts.append(last) }
        return parts
    }

    /// The index of the bracket closing the one at `open`, or nil.
    package static func closing(_ text: Substring, from open: Substring.Index) -> Substring.Index? {
        var depth = 0
        var index = open
        while index < text.endIndex {
            let c = text[index]
            if "([{<".contains(c) { depth += 1 }
            if ")]}>".contains(c) {
                depth -= 1
                if depth == 0 { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    package static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }

    /// `type` made optional (`string` → `string?`, a union gets parentheses).
    package static func optional(_ type: String) -> String {
        if type.hasSuffix("?") || type == "any" || type == "nil" { return type }
        let members = splitTopLevel(Substring(type), separator: "|")
        if members.count > 1 {
            // A member `fun(...): R` would take a following `|nil` as part of R.
            return members.map { $0.hasPrefix("fun(") ? "(\($0))" : String($0) }.joined(separator: "|") + "|nil"
        }
        return type.hasPrefix("fun(") ? "(\(type))?" : type + "?"
    }
}

/// A function declaration as module and class builders take it:
/// `name`, `name(a, b)`, `name(a: string, b: integer?)`, `name(a): string`,
/// or `name<U>(fn: fun(value: T): U): Signal<U>`. Parameter types and results
/// written here are LuaLS types; missing ones are left nil.
package struct LuaDeclaration {
    package var name: String
    package var generics: [String] = []
    /// Nil when the declaration has no parameter list (just a name).
    package var parameters: [(name: String, type: String?)]?
    /// Nil when no `: results` follow the parameter list.
    package var results: [String]?

    /// Parses `text`; nil when it is not a declaration.
    package init?(_ text: String) {
        let text = Substring(text)
        let nameEnd = text.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? text.endIndex
        guard nameEnd > text.startIndex else { return nil }
        name = String(text[..<nameEnd])
        var rest = text[nameEnd...]
        if rest.first == "<" {
            guard let close = LuaTypeText.closing(rest, from: rest.startIndex) else { return nil }
            generics = LuaTypeText.splitTopLevel(rest[rest.index(after: rest.startIndex)..<close]).map(String.init)
            rest = rest[rest.index(after: close)...]
        }
        guard !rest.isEmpty else {
            parameters = nil
            return
        }
        guard rest.first == "(", let close = LuaTypeText.closing(rest, from: rest.startIndex) else { return nil }
        var list: [(String, String?)] = []
        for part in LuaTypeText.splitTopLevel(rest[rest.index(after: rest.startIndex)..<close]) {
            let pieces = part.split(separator: ":", maxSplits: 1)
            let name = String(LuaTypeText.trimmed(pieces[0]))
            guard name == "..." || name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !name.isEmpty else { return nil }
            list.append((name, pieces.count == 2 ? String(LuaTypeText.trimmed(pieces[1])) : nil))
        }
        parameters = list
        rest = LuaTypeText.trimmed(rest[rest.index(after: close)...])
        if rest.isEmpty { return }
        guard rest.first == ":" else { return nil }
        results = LuaTypeText.splitTopLevel(rest.dropFirst()).map(String.init)
    }
}
