import Foundation
import LunarBridge
import LunarRouter
import LunarUI

extension BundleCheck {
    /// What the bridge offers scripts, for `lunar check`'s static reading: each module's name
    /// and the names scripts may call or read on it. Built from the description behind
    /// `lunar types` (``init(_:)``), which holds the native modules and, from their annotations,
    /// the Lua-written ones (`lunar.decode`, `lunar.ui`, ...); LunarBundle does not install the
    /// bridge modules itself.
    ///
    /// ```swift
    /// let check = BundleCheck(directory: url, bridgeAPI: BridgeAPI.version, api: BundleCheck.APIShape(BridgeAPI.described()))
    /// ```
    public struct APIShape: Sendable, Hashable {
        /// Module name (`lunar.decode`) to the names of its functions and fields (`string`, `bool`, ...).
        public var modules: [String: Set<String>]

        /// The shape `modules` gives.
        public init(modules: [String: Set<String>]) { self.modules = modules }

        /// The shape of every module `api` describes: its functions and its fields (and `on`, for
        /// a module with events).
        public init(_ api: LuaAPIDescription) {
            var modules: [String: Set<String>] = [:]
            for module in api.modules {
                modules[module.name, default: []].formUnion(module.functions.map(\.signature.name) + module.fields.map(\.name))
                // A module with events has `on(event, fn)`, which the bridge adds.
                if !module.events.isEmpty { modules[module.name, default: []].insert("on") }
            }
            self.modules = modules
        }
    }
}

/// `lunar check`'s reading of a bundle's app scripts (not `spec/`, not `mock-api/`), from
/// their tokens and without running them. Each finding is a problem with the script's
/// `file:line`:
///
/// - a call or read of a function a `lunar.*` module does not have (`decode.boolean` where
///   `local decode = require("lunar.decode")`), with the module's functions or a did-you-mean;
/// - `nav.push`/`nav.present` of a literal target (a `/...` route URL or a screen name) that no
///   manifest route (or screen module) matches, and `router.open` of a literal `/...` URL no
///   route matches (manifest routes, `/navPush`, `/navPresent` and the literal patterns the
///   bundle's scripts `router.add`; skipped when a script adds a route whose pattern is not a
///   literal, or sets `router.unmatched`/`router.scheme`); a URL with a scheme is not judged;
/// - `require` of a literal module name that is neither a bundle file nor a `lunar` module
///   (`native.*` names a host's modules, which `lunar check` does not know, and is not judged);
/// - an element constructor (`ui.TextField { ... }`, `ui` being `require("lunar.ui")`) whose
///   literal spec table has a key the element does not take (``ElementSpec``, the list the
///   constructors enforce at run time).
///
/// Only names bound once, by `local NAME = require("...")`, are followed: a name declared or
/// assigned again anywhere in the file is not judged, so a false problem is rare.
struct ScriptReading {
    /// What the reading needs to know about the bundle.
    struct Bundle {
        var root: URL
        var manifest: BundleManifest?
        var api: BundleCheck.APIShape?
        /// The patterns of the routes the bundle's scripts add, or nil when not knowable statically.
        var addedRoutes: [String]?
        /// Fields scripts set on modules (`ui.card = function ... end`), by module name.
        var moduleAssignments: [String: Set<String>] = [:]
    }

    private let tokens: [LuaTokens.Token]
    /// Local name to the module it holds, for names bound once to a literal `require`.
    private let modules: [String: String]

    init(source: String) {
        tokens = LuaTokens(source).all
        modules = Self.boundModules(tokens)
    }

    // MARK: - Facts across the bundle

    /// The literal patterns this script's `router.add` calls register, or nil when one is not a
    /// literal (or the script sets `router.unmatched` or uses `router.scheme`).
    var addedRoutes: [String]? {
        var patterns: [String] = []
        for (index, module, member) in memberUses() where module == "lunar.router" {
            switch member {
            case "add":
                guard let literal = literalArgument(after: index + 3) else { return nil }
                patterns.append(literal.text)
            case "unmatched", "scheme":
                return nil
            default:
                continue
            }
        }
        return patterns
    }

    /// The fields this script assigns on modules (`ui.card = ...`), by module name.
    var moduleAssignments: [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for (index, module, member) in memberUses() {
            if index + 3 < tokens.count, tokens[index + 3].kind == .symbol, tokens[index + 3].text == "=" {
                found[module, default: []].insert(member)
            }
        }
        return found
    }

    // MARK: - Problems

    /// The script's problems by line, in source order.
    func problems(in bundle: Bundle) -> [(line: Int, message: String)] {
        var found: [(line: Int, message: String)] = []
        found += requireProblems(in: bundle)
        for (index, module, member) in memberUses() {
            let line = tokens[index].line
            let name = tokens[index].text
            if let known = bundle.api?.modules[module], !known.contains(member),
               !(bundle.moduleAssignments[module]?.contains(member) ?? false) {
                found.append((line, "\(name).\(member): \(module) has no function '\(member)'" + Self.hint(member, among: known)))
                continue
            }
            switch (module, member) {
            case ("lunar.navigator", "push"), ("lunar.navigator", "present"):
                if let literal = literalArgument(after: index + 3), let problem = navigationProblem(literal.text, in: bundle) {
                    found.append((literal.line, "\(name).\(member)(\(Self.quoted(literal.text))): \(problem)"))
                }
            case ("lunar.router", "open"):
                if let literal = literalArgument(after: index + 3), let problem = routerProblem(literal.text, in: bundle) {
                    found.append((literal.line, "\(name).\(member)(\(Self.quoted(literal.text))): \(problem)"))
                }
            case ("lunar.ui", _):
                found += propProblems(kind: member, after: index + 3)
            default:
                break
            }
        }
        // By line; problems on one line keep the order found (stable).
        return found.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }

    /// ` (did you mean 'bool'?)`, or the names there are.
    private static func hint(_ name: String, among known: Set<String>) -> String {
        let suggestion = NameSuggestion.didYouMean(name, among: known)
        return suggestion.isEmpty ? " (it has " + known.sorted().joined(separator: ", ") + ")" : suggestion
    }

    private static func quoted(_ text: String) -> String { "\"" + text + "\"" }

    private func requireProblems(in bundle: Bundle) -> [(line: Int, message: String)] {
        var found: [(line: Int, message: String)] = []
        for index in tokens.indices where tokens[index].kind == .name && tokens[index].text == "require" && !isField(index) {
            guard let literal = literalArgument(after: index + 1) else { continue }
            let name = literal.text
            if ModulePath.file(forModule: name, in: bundle.root) != nil || name.hasPrefix("native.") { continue }
            if name == "lunar" || name.hasPrefix("lunar.") {
                guard let api = bundle.api, api.modules[name] == nil else { continue }
                if name.hasSuffix(".native"), api.modules[String(name.dropLast(7))] != nil { continue }
                found.append((literal.line, "require(\(Self.quoted(name))): there is no module '\(name)'"
                    + NameSuggestion.didYouMean(name, among: api.modules.keys)))
                continue
            }
            let files = (try? ModulePath.candidates(forModule: name)) ?? []
            let looked = files.isEmpty ? "it is not a module name" : "there is no " + files.joined(separator: " or ") + " in the bundle"
            found.append((literal.line, "require(\(Self.quoted(name))): \(looked), and it is not a lunar module"))
        }
        return found
    }

    private func navigationProblem(_ target: String, in bundle: Bundle) -> String? {
        // A URL with a scheme is left alone: how it matches depends on the router's options.
        guard let manifest = bundle.manifest, !target.contains("://") else { return nil }
        if target.hasPrefix("/") {
            let router = Router()
            for pattern in manifest.routes.keys { _ = try? router.add(pattern) { _ in true } }
            if router.canOpen(target) { return nil }
            return "no manifest route matches '\(target)' (routes: \(manifest.routes.keys.sorted().joined(separator: ", ")))"
        }
        if manifest.routes["/" + target] != nil { return nil }
        for candidate in ["screens." + target, target]
        where BundleManifest.isModuleName(candidate) && ModulePath.file(forModule: candidate, in: bundle.root) != nil {
            return nil
        }
        return "no screen '\(target)': no manifest route '/\(target)', no module 'screens.\(target)' or '\(target)'"
    }

    private func routerProblem(_ url: String, in bundle: Bundle) -> String? {
        guard url.hasPrefix("/"), let manifest = bundle.manifest, let added = bundle.addedRoutes else { return nil }
        let router = Router()
        for pattern in Array(manifest.routes.keys) + ["/navPush/:screen", "/navPresent/:screen"] + added {
            _ = try? router.add(pattern) { _ in true }
        }
        if router.canOpen(url) { return nil }
        return "no route matches '\(url)' (the manifest's, /navPush/:screen, /navPresent/:screen"
            + (added.isEmpty ? "" : " and the router.add patterns " + added.sorted().joined(separator: ", ")) + ")"
    }

    /// Unknown keys of a literal spec table after `ui.Kind` (at `index`: `{` or `(` then `{`),
    /// and a `TextField`'s text-input prop given a string literal its rule refuses
    /// (`keyboardType = "numeric"`), with the constructor's message.
    private func propProblems(kind name: String, after index: Int) -> [(line: Int, message: String)] {
        guard let kind = ElementKind(rawValue: name) else { return [] }
        var open = index
        if open < tokens.count, tokens[open].kind == .symbol, tokens[open].text == "(" { open += 1 }
        guard open < tokens.count, tokens[open].kind == .symbol, tokens[open].text == "{" else { return [] }
        let keys = ElementSpec.keys(kind)
        let spec = AccessibilityLint.Spec(tokens, open: open)
        var problems: [(line: Int, message: String)] = spec.keyLines.compactMap { entry in
            keys[entry.key] == nil ? (entry.line, ElementSpec.unknownKeyMessage(kind: kind, key: entry.key)) : nil
        }
        guard kind == .textField else { return problems }
        for entry in spec.stringValues {
            let prop = PropName(rawValue: entry.key)
            guard let rule = ElementSpec.textInputRules[prop] else { continue }
            if case .oneOf(let names) = rule, names.contains(entry.value) { continue }
            problems.append((entry.line, ElementSpec.badValueMessage(prop: prop, got: Self.quoted(entry.value))))
        }
        return problems
    }

    // MARK: - Tokens

    /// Every `NAME.member` or `NAME:member` where NAME holds a module: the index of NAME, the
    /// module and the member.
    private func memberUses() -> [(index: Int, module: String, member: String)] {
        var uses: [(index: Int, module: String, member: String)] = []
        for index in tokens.indices where tokens[index].kind == .name && !isField(index) {
            guard let module = modules[tokens[index].text], index + 2 < tokens.count,
                  tokens[index + 1].kind == .symbol, tokens[index + 1].text == "." || tokens[index + 1].text == ":",
                  tokens[index + 2].kind == .name
            else { continue }
            uses.append((index, module, tokens[index + 2].text))
        }
        return uses
    }

    /// Whether the name at `index` follows `.` or `:` (a field, not a variable).
    private func isField(_ index: Int) -> Bool {
        index > 0 && tokens[index - 1].kind == .symbol && (tokens[index - 1].text == "." || tokens[index - 1].text == ":")
    }

    /// The string literal that is the whole first argument of a call whose arguments start at
    /// `index`: `("x")`, `("x", ...)` or `"x"`; nil for anything else (`"/items/" .. id`).
    private func literalArgument(after index: Int) -> (text: String, line: Int)? {
        guard index < tokens.count else { return nil }
        if tokens[index].kind == .string, let value = tokens[index].value { return (value, tokens[index].line) }
        guard tokens[index].kind == .symbol, tokens[index].text == "(", index + 2 < tokens.count,
              tokens[index + 1].kind == .string, let value = tokens[index + 1].value,
              tokens[index + 2].kind == .symbol, tokens[index + 2].text == ")" || tokens[index + 2].text == ","
        else { return nil }
        return (value, tokens[index + 1].line)
    }

    /// Names bound by `local NAME = require("module")` (or `require "module"`) and declared or
    /// assigned nowhere else in the file.
    private static func boundModules(_ tokens: [LuaTokens.Token]) -> [String: String] {
        func symbol(_ index: Int, _ text: String) -> Bool {
            index < tokens.count && tokens[index].kind == .symbol && tokens[index].text == text
        }
        var bound: [String: String] = [:]
        var declared: [String: Int] = [:]  // how many times each name is declared or assigned
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            defer { index += 1 }
            guard token.kind == .name else { continue }
            switch token.text {
            case "local", "for":
                // `local a, b <const> = ...`, `local function f`, `for k, v in ...`: every name declared.
                var next = index + 1
                if token.text == "local", next < tokens.count, tokens[next].text == "function" { next += 1 }
                var last = index
                while next < tokens.count, tokens[next].kind == .name {
                    last = next
                    declared[tokens[next].text, default: 0] += 1
                    if token.text == "local", symbol(next + 1, "="), next + 2 < tokens.count,
                       tokens[next + 2].kind == .name, tokens[next + 2].text == "require" {
                        let argument = symbol(next + 3, "(") ? next + 4 : next + 3
                        if argument < tokens.count, tokens[argument].kind == .string, let module = tokens[argument].value,
                           !symbol(argument + 1, "..") {
                            bound[tokens[next].text] = module
                        }
                    }
                    if symbol(next + 1, "<") { next += 3 }  // an attribute: <const>, <close>
                    guard symbol(next + 1, ",") else { break }
                    next += 2
                }
                index = last  // past the names declared
            case "function":
                // Parameters: `function name(a, b)`, `function(a, b)`.
                var next = index + 1
                while next < tokens.count, !symbol(next, "(") { next += 1 }
                next += 1
                while next < tokens.count, !symbol(next, ")") {
                    if tokens[next].kind == .name { declared[tokens[next].text, default: 0] += 1 }
                    next += 1
                }
            default:
                // `NAME = ...` (not `t.NAME = `, not `==`): an assignment.
                let isField = index > 0 && tokens[index - 1].kind == .symbol && (tokens[index - 1].text == "." || tokens[index - 1].text == ":")
                if !isField, symbol(index + 1, "="), !(index > 0 && symbol(index - 1, "{")) && !(index > 0 && symbol(index - 1, ",")) {
                    declared[token.text, default: 0] += 1
                }
            }
        }
        return bound.filter { declared[$0.key, default: 0] == 1 }
    }
}
