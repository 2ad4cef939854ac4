import Foundation
import LunarUI
@testable import LunarWeb
import Testing

/// The wire protocol is declared once in Swift (`PageMessageKind`, `ServerMessageKind`); these
/// tests hold the Swift reader and writer, the page (lunar.js) and docs/web.md's protocol tables
/// to that list, so a message kind or field added on one side only fails here.
@Suite struct WireProtocolTableTests {
    // MARK: Swift

    @Test func theReaderTakesEveryPageKindWithItsFieldsAndNeedsEachOne() throws {
        for kind in PageMessageKind.allCases {
            _ = try PageMessage.parse(Self.pageMessage(kind, fields: kind.fields))
            for missing in kind.fields {
                do {
                    _ = try PageMessage.parse(Self.pageMessage(kind, fields: kind.fields.filter { $0 != missing }))
                    Issue.record("\(kind) was read without \"\(missing)\"")
                } catch {
                    #expect(error.reason == "malformed \(kind.rawValue) (no \"\(missing)\")")
                }
            }
        }
    }

    @Test func theWriterSendsEveryServerKindWithItsFields() throws {
        for kind in ServerMessageKind.allCases {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(Self.serverMessage(kind).utf8)) as? [String: Any])
            #expect(object["t"] as? String == kind.rawValue)
            #expect(Set(object.keys).subtracting(["t"]) == Set(kind.fields), "\(kind)")
        }
    }

    // MARK: The page

    @Test func thePageHandlesEveryServerKind() throws {
        let script = try Self.read("Sources/LunarWeb/Page/lunar.js")
        let handler = try #require(Self.section(of: script, from: "function handle(m) {", to: "\n  }\n"))
        let handled = Set(Self.captures(#"case "(\w+)":"#, in: handler).map { $0[0] })
        #expect(handled == Set(ServerMessageKind.allCases.map(\.rawValue)))
    }

    @Test func thePageSendsEveryPageKindWithItsFields() throws {
        let script = try Self.read("Sources/LunarWeb/Page/lunar.js")
        var sent: [String: Set<String>] = [:]
        // send({ t: "back", s: id }), send({ t: "ping", id }): a kind and its keys.
        for capture in Self.captures(#"send\(\{ t: "(\w+)",([^}]*)\}\)"#, in: script) {
            let keys = capture[1].split(separator: ",").map { $0.split(separator: ":")[0].trimmingCharacters(in: .whitespaces) }
            sent[capture[0], default: []].formUnion(keys)
        }
        // The element events: eventValueFields names each and the field its value travels in.
        let table = try #require(Self.section(of: script, from: "const eventValueFields = {", to: "};"))
        let events = Self.captures(#"(\w+): (?:null|"(\w+)")"#, in: table)
        for capture in events {
            sent[capture[0], default: []].formUnion(["s", "n"] + (capture[1].isEmpty ? [] : [capture[1]]))
        }
        #expect(sent == Dictionary(uniqueKeysWithValues: PageMessageKind.allCases.map { ($0.rawValue, Set($0.fields)) }))
        // Every event the page reports is one of those.
        let reported = Set(Self.captures(#"report\(s, n, "(\w+)""#, in: script).map { $0[0] })
        #expect(reported.isSubset(of: Set(events.map { $0[0] })), "\(reported)")
    }

    // MARK: docs/web.md

    @Test func theServerToPageTableListsEveryKindWithItsFields() throws {
        let table = try #require(Self.section(of: try Self.read("docs/web.md"), from: "### Server to page", to: "\nMutations are arrays"))
        #expect(Self.documented(in: table) == Dictionary(uniqueKeysWithValues: ServerMessageKind.allCases.map { ($0.rawValue, Set($0.fields)) }))
    }

    @Test func thePageToServerTableListsEveryKindWithItsFields() throws {
        let table = try #require(Self.section(of: try Self.read("docs/web.md"), from: "### Page to server", to: "\nEvery number is read"))
        #expect(Self.documented(in: table) == Dictionary(uniqueKeysWithValues: PageMessageKind.allCases.map { ($0.rawValue, Set($0.fields)) }))
    }

    // MARK: Helpers

    /// A page message of `kind` with a valid value for each of `fields`.
    static func pageMessage(_ kind: PageMessageKind, fields: [String]) -> String {
        let values = ["s": "1", "n": "5", "v": kind == .appearance ? "\"dark\"" : "\"ann\"", "y": "120", "id": "1", "i": "0",
                      "w": "420", "h": "760", "scale": "2", "fontScale": "1"]
        return "{" + ([#""t":"\#(kind.rawValue)""#] + fields.map { "\"\($0)\":\(values[$0]!)" }).joined(separator: ",") + "}"
    }

    /// One message of `kind` as ``ServerMessage`` writes it, with every field it can carry.
    static func serverMessage(_ kind: ServerMessageKind) -> String {
        let screen = ScreenID(1)
        switch kind {
        case .push: return ServerMessage.show(screen, title: "Login", path: "/login", modal: false)
        case .present: return ServerMessage.show(screen, title: nil, path: nil, modal: true)
        case .pop: return ServerMessage.close(screen, modal: false)
        case .dismiss: return ServerMessage.close(screen, modal: true)
        case .title: return ServerMessage.title("Items", of: screen)
        case .mutations: return ServerMessage.mutations([.remove(NodeID(2), parent: nil)], on: screen)
        case .focus: return ServerMessage.focus(NodeID(5), on: screen)
        case .error:
            return ServerMessage.error(ErrorOverlay(message: "boom", file: "a.lua", line: 1, codeFrame: [.init(number: 1, text: "x")]), on: screen)
        case .noerror: return ServerMessage.hideError(on: screen)
        case .scrollTo: return ServerMessage.scroll(NodeID(5), to: .end, animated: true, on: screen)
        case .hud: return ServerMessage.hud("Loading")
        case .nohud: return ServerMessage.hideHUD
        case .toast: return ServerMessage.toast("Saved")
        case .alert: return ServerMessage.alert(Alert(id: AlertID(1), title: "Sure?"))
        case .noalert: return ServerMessage.dismissAlert(AlertID(1))
        case .refused: return ServerMessage.refused("no")
        case .notice: return ServerMessage.notice("reloaded")
        case .pong: return ServerMessage.pong(7)
        case .highlight: return ServerMessage.highlight(screen: screen, node: NodeID(5))
        case .busy: return ServerMessage.busy("full")
        }
    }

    /// The kinds a docs table's examples show, each with the keys its examples use besides `t`.
    static func documented(in table: String) -> [String: Set<String>] {
        var kinds: [String: Set<String>] = [:]
        for row in table.split(separator: "\n") where row.hasPrefix("| `{") {
            let cell = String(row.dropFirst(2).prefix { $0 != "|" })
            for example in captures(#"\{"t":"(\w+)"([^}]*)\}"#, in: cell) {
                kinds[example[0], default: []].formUnion(captures(#""(\w+)":"#, in: example[1]).map { $0[0] })
            }
        }
        return kinds
    }

    /// A file of the repository, by its path from the root.
    static func read(_ path: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The text from `start` up to the first `end` after it.
    static func section(of text: String, from start: String, to end: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else { return nil }
        return String(text[from.upperBound..<to.lowerBound])
    }

    /// Each match's capture groups ("" for a group that took no part).
    static func captures(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }
}

/// The inspector's protocol (docs/devtools.md): its Swift side lives in LunarDevtools, above this
/// module, so devtools.js, the docs tables and `DevtoolsCommand.parse`'s switch are compared as text.
@Suite struct InspectorProtocolTableTests {
    typealias Table = WireProtocolTableTests

    /// What the web server itself sends an inspector page (docs/devtools.md says so above its table).
    static let serverOwnKinds: Set = [ServerMessageKind.refused.rawValue, ServerMessageKind.busy.rawValue]

    @Test func thePageHandlesEveryDocumentedKind() throws {
        let script = try Table.read("Sources/LunarWeb/Page/devtools.js")
        let handler = try #require(Table.section(of: script, from: "function handle(m) {", to: "\n  }\n"))
        let handled = Set(Table.captures(#"case "([\w.]+)":"#, in: handler).map { $0[0] })
        let docs = try #require(Table.section(of: try Table.read("docs/devtools.md"), from: "Runtime to page (", to: "\nThe app's page"))
        #expect(handled == Set(Self.kinds(in: docs)).union(Self.serverOwnKinds))
    }

    @Test func thePageSendsWhatTheRuntimeReadsAndTheDocsList() throws {
        let script = try Table.read("Sources/LunarWeb/Page/devtools.js")
        let sent = Set(Table.captures(#"send\(\{ t: "([\w.]+)""#, in: script).map { $0[0] })
        let docs = try #require(Table.section(of: try Table.read("docs/devtools.md"), from: "Page to runtime", to: "\nRuntime to page ("))
        let parser = try #require(Table.section(of: try Table.read("Sources/LunarDevtools/DevtoolsCommand.swift"), from: "switch kind {", to: "default:"))
        let read = Set(Table.captures(#"case "([\w.]+)":"#, in: parser).map { $0[0] })
        #expect(sent == Set(Self.kinds(in: docs)))
        #expect(read == sent)
    }

    /// The `t` of each example in a docs table.
    static func kinds(in table: String) -> [String] {
        table.split(separator: "\n").filter { $0.hasPrefix("| `{") }.flatMap { row in
            Table.captures(#"`\{"t":"([\w.]+)""#, in: String(row.dropFirst(2).prefix { $0 != "|" })).map { $0[0] }
        }
    }
}
