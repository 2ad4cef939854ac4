/// Finds, in a script's source, pressable elements that assistive technology cannot name:
/// a `Pressable`, a `Button` without a title, or any element with `onPress`/`onLongPress`, whose
/// spec has no `accessibilityLabel` and no text (`lunar check`'s warnings).
///
/// A source-level scan, so it runs nothing and sees every screen, shown or not: it reads Lua
/// tokens (comments and strings skipped), finds element constructor calls (`ui.Pressable { ... }`,
/// any receiver), and looks at the spec table's own fields and what it contains. A spec built at
/// run time (`ui.Pressable(spec)`) is not judged.
struct AccessibilityLint {
    /// One warning: the line of the constructor and what is missing.
    struct Finding: Equatable {
        var line: Int
        var message: String
    }

    /// The findings in `source`, in source order.
    static func findings(in source: String) -> [Finding] {
        let tokens = LuaTokens(source).all
        var found: [Finding] = []
        for index in tokens.indices {
            let token = tokens[index]
            guard token.kind == .name, elementKinds.contains(token.text), index >= 2,
                  tokens[index - 1].text == ".", tokens[index - 1].kind == .symbol, tokens[index - 2].kind == .name
            else { continue }
            var next = index + 1
            if next < tokens.count, tokens[next].text == "(" { next += 1 }
            guard next < tokens.count, tokens[next].kind == .symbol, tokens[next].text == "{" else { continue }
            let spec = Spec(tokens, open: next)
            if let problem = problem(kind: token.text, spec: spec) {
                found.append(Finding(line: token.line, message: problem))
            }
        }
        return found
    }

    private static let elementKinds: Set<String> = [
        "Column", "Row", "Text", "TextField", "Button", "List", "Image", "Spacer", "Divider",
        "View", "ScrollView", "Pressable", "Switch", "ActivityIndicator",
    ]

    private static func problem(kind: String, spec: Spec) -> String? {
        if spec.keys.contains("accessibilityLabel") { return nil }
        let pressed = spec.keys.contains("onPress") || spec.keys.contains("onLongPress")
        switch kind {
        case "Pressable":
            if spec.containsText || spec.hasLabelEntry { return nil }
            return "Pressable has no accessibilityLabel and no text, so a screen reader cannot name it"
        case "Button":
            if spec.keys.contains("title") || spec.hasLabelEntry { return nil }
            return "Button has no title and no accessibilityLabel, so a screen reader cannot name it"
        case "Text":
            return nil  // a text is its own label
        case "Image":
            if !pressed || spec.keys.contains("alt") || spec.hasLabelEntry { return nil }
            return "Image with onPress has no alt and no accessibilityLabel, so a screen reader cannot name it"
        default:
            if !pressed || spec.containsText { return nil }
            return "\(kind) with onPress has no accessibilityLabel and no text, so a screen reader cannot name it"
        }
    }

    /// What a spec table constructor holds: its own keys (and the line of each), whether its
    /// first positional entry is a value (a label) rather than a child element, and whether a
    /// `Text` is built inside it. `lunar check`'s unknown-prop scan reads the keys too.
    struct Spec {
        var keys: Set<String> = []
        var keyLines: [(key: String, line: Int)] = []
        /// The keys whose value is one plain string literal (`keyboardType = "number"`), with it.
        var stringValues: [(key: String, value: String, line: Int)] = []
        var hasLabelEntry = false
        var containsText = false

        init(_ tokens: [LuaTokens.Token], open: Int) {
            var depth = 1
            var entryStart = true
            var firstEntry = true
            var index = open + 1
            while index < tokens.count, depth > 0 {
                let token = tokens[index]
                if token.kind == .name, token.text == "Text", tokens[index - 1].text == "." { containsText = true }
                if depth == 1, entryStart, !(token.kind == .symbol && (token.text == "}" || token.text == ")")) {
                    entryStart = false
                    let isKey = token.kind == .name && index + 1 < tokens.count
                        && tokens[index + 1].kind == .symbol && tokens[index + 1].text == "="
                    if isKey {
                        keys.insert(token.text)
                        keyLines.append((token.text, token.line))
                        if index + 3 < tokens.count, tokens[index + 2].kind == .string, let value = tokens[index + 2].value,
                           tokens[index + 3].kind == .symbol, [",", ";", "}"].contains(tokens[index + 3].text) {
                            stringValues.append((token.text, value, tokens[index + 2].line))
                        }
                    } else if token.text != "[", firstEntry {
                        firstEntry = false
                        hasLabelEntry = !Self.startsElement(tokens, at: index)
                    }
                }
                if token.kind == .symbol {
                    switch token.text {
                    case "{", "(", "[": depth += 1
                    case "}", ")", "]": depth -= 1
                    case ",", ";": if depth == 1 { entryStart = true }
                    default: break
                    }
                }
                index += 1
            }
        }

        /// Whether the entry starting at `index` builds an element (`ui.Text ...`, `{...}`) rather than a value.
        private static func startsElement(_ tokens: [LuaTokens.Token], at index: Int) -> Bool {
            if tokens[index].text == "{" { return true }
            guard index + 2 < tokens.count, tokens[index].kind == .name, tokens[index + 1].text == ".",
                  tokens[index + 2].kind == .name else { return false }
            return AccessibilityLint.elementKinds.contains(tokens[index + 2].text)
        }
    }
}

/// The tokens of Lua source, with their lines: names, strings, numbers and symbols; comments
/// dropped. Enough to find calls and table constructors, not a full parser.
struct LuaTokens {
    enum Kind { case name, string, number, symbol }
    struct Token {
        var kind: Kind
        /// A name's or symbol's text; "" for strings and numbers.
        var text: String
        var line: Int
        /// A string literal's content, when it has no escape sequence (`"lunar.decode"`); else nil.
        var value: String? = nil
    }

    private let bytes: [UInt8]
    init(_ source: String) { bytes = Array(source.utf8) }

    var all: [Token] {
        var tokens: [Token] = []
        var i = 0
        var line = 1
        func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }
        /// The level of a long bracket opening at `k` (`[[` 0, `[==[` 2), or nil.
        func longBracket(_ k: Int) -> Int? {
            guard at(k) == UInt8(ascii: "[") else { return nil }
            var j = k + 1
            while at(j) == UInt8(ascii: "=") { j += 1 }
            return at(j) == UInt8(ascii: "[") ? j - k - 1 : nil
        }
        /// Skips a long bracket of `level` opening at `k`; returns the index after it.
        func skipLong(_ k: Int, level: Int) -> Int {
            var j = k + level + 2
            while j < bytes.count {
                if bytes[j] == UInt8(ascii: "\n") { line += 1 }
                if bytes[j] == UInt8(ascii: "]") {
                    var e = j + 1
                    while at(e) == UInt8(ascii: "=") { e += 1 }
                    if e - j - 1 == level, at(e) == UInt8(ascii: "]") { return e + 1 }
                }
                j += 1
            }
            return j
        }
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\n") { line += 1; i += 1; continue }
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") { i += 1; continue }
            if c == UInt8(ascii: "-"), at(i + 1) == UInt8(ascii: "-") {
                if let level = longBracket(i + 2) {
                    i = skipLong(i + 2, level: level)
                } else {
                    while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
                }
                continue
            }
            let start = i
            let startLine = line
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                i += 1
                while i < bytes.count, bytes[i] != c {
                    if bytes[i] == UInt8(ascii: "\\") { i += 1 }
                    if i < bytes.count, bytes[i] == UInt8(ascii: "\n") { line += 1 }
                    i += 1
                }
                i += 1
                let content = bytes[min(start + 1, bytes.count)..<max(start + 1, min(i - 1, bytes.count))]
                let value = content.contains(UInt8(ascii: "\\")) ? nil : String(decoding: content, as: UTF8.self)
                tokens.append(Token(kind: .string, text: "", line: startLine, value: value))
                continue
            }
            if let level = longBracket(i) {
                i = skipLong(i, level: level)
                tokens.append(Token(kind: .string, text: "", line: startLine))
                continue
            }
            if c == UInt8(ascii: "_") || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) {
                while i < bytes.count, bytes[i] == UInt8(ascii: "_") || (bytes[i] | 0x20 >= UInt8(ascii: "a") && bytes[i] | 0x20 <= UInt8(ascii: "z"))
                    || (bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9")) { i += 1 }
                tokens.append(Token(kind: .name, text: String(decoding: bytes[start..<i], as: UTF8.self), line: startLine))
                continue
            }
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                while i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "_")
                    || (bytes[i] | 0x20 >= UInt8(ascii: "a") && bytes[i] | 0x20 <= UInt8(ascii: "z"))
                    || (bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9")) { i += 1 }
                tokens.append(Token(kind: .number, text: "", line: startLine))
                continue
            }
            // `==`, `..` and friends: two-character symbols matter only so `==` is not a key's `=`.
            if (c == UInt8(ascii: "=") || c == UInt8(ascii: "~") || c == UInt8(ascii: "<") || c == UInt8(ascii: ">")) && at(i + 1) == UInt8(ascii: "=") {
                tokens.append(Token(kind: .symbol, text: String(decoding: bytes[i..<i + 2], as: UTF8.self), line: startLine))
                i += 2
                continue
            }
            if c == UInt8(ascii: "."), at(i + 1) == UInt8(ascii: ".") {
                var j = i
                while at(j) == UInt8(ascii: ".") { j += 1 }
                tokens.append(Token(kind: .symbol, text: String(decoding: bytes[i..<j], as: UTF8.self), line: startLine))
                i = j
                continue
            }
            tokens.append(Token(kind: .symbol, text: String(UnicodeScalar(c)), line: startLine))
            i += 1
        }
        return tokens
    }
}
