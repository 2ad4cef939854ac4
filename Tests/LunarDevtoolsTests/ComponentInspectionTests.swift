import Foundation
import LunarBundle
import LunarDevtools
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import LunarWeb
import Testing

/// The Elements panel's components (docs/devtools.md): a node a component rendered carries the
/// component, its props and its state, as the view-model's values are shown; a component whose
/// root is another component's output shows both.
@Suite(.timeLimit(.minutes(2))) struct ComponentInspectionTests {
    static let card = """
        local ui = require("lunar.ui")
        return ui.component {
          name = "Card",
          state = function(props) return { open = false, taps = 0, tags = { "new" } } end,
          render = function(self, props)
            return ui.Column {
              ui.Text { text = props.title .. (self.state.open and " (open)" or "") },
              ui.Button { title = "Toggle " .. props.title, onPress = function()
                self:setState { open = not self.state.open, taps = self.state.taps + 1 }
              end },
            }
          end,
        }
        """
    /// A component whose root is another component (a Card).
    static let featured = """
        local ui = require("lunar.ui")
        local Card = require("components.card")
        return ui.component {
          name = "Featured",
          state = { pinned = true },
          render = function(_, props) return Card { title = props.title } end,
        }
        """
    static let home = """
        local ui = require("lunar.ui")
        local signal = require("lunar.signal")
        local Card = require("components.card")
        local Featured = require("components.featured")
        local screen = { title = "Home" }
        function screen:load() self.rating = signal.value(4) end
        function screen:render()
          return ui.Column {
            ui.Text "Books",
            Card { title = "Dune", rating = self.rating, onPick = function() end, key = "dune" },
            Featured { title = "Emma" },
          }
        end
        return screen
        """

    /// Every node of a `tree` message, preorder.
    func nodes(_ node: [String: Any]) -> [[String: Any]] {
        [node] + ((node["children"] as? [[String: Any]]) ?? []).flatMap(nodes)
    }

    /// The root of the last `tree` message in `log`.
    func lastTree(_ log: SharedLog<String>) throws -> [String: Any] {
        let trees = log.all.compactMap { text -> [String: Any]? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  object["t"] as? String == "tree" else { return nil }
            return object
        }
        return try #require(trees.last?["root"] as? [String: Any])
    }

    /// name → value of a component's props or state rows.
    func values(_ rows: Any?) -> [String: String] {
        var out: [String: String] = [:]
        for row in (rows as? [[String: String]]) ?? [] { out[row["name"] ?? ""] = row["value"] }
        return out
    }

    /// The component list of the node (preorder first) whose text starts with `text`'s Text.
    func components(renderingText text: String, in root: [String: Any]) throws -> [[String: Any]] {
        let all = nodes(root)
        let owner = try #require(all.first { node in
            (node["components"] != nil) && nodes(node).contains { ($0["props"] as? [String: Any])?["text"] as? String == text }
                && !(((node["children"] as? [[String: Any]]) ?? []).contains { $0["components"] != nil })
        }, "no component node above the text \(text)")
        #expect(owner["kind"] as? String == "Column")
        return try #require(owner["components"] as? [[String: Any]])
    }

    /// The bundle (`home`: its home screen) started headless, and an inspector connected to it.
    func inspect(home: String = Self.home, _ body: (LunarRuntime, SharedLog<String>, any WebInspectorConnection) async throws -> Void) async throws {
        let bundle = try BundleDirectory(files: [
            "manifest.json": BundleDirectory.manifest(), "screens/home.lua": home,
            "components/card.lua": Self.card, "components/featured.lua": Self.featured,
        ])
        defer { bundle.remove() }
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: RuntimeOptions(clock: .virtual))
        _ = try await runtime.startHeadless()
        let targets = DevtoolsTargets()
        await targets.add(runtime, label: "headless")
        let log = SharedLog<String>()
        let connection = await targets.connect(outbox: WebOutbox { log.append($0) })
        try await body(runtime, log, connection)
        await connection.close()
    }

    @Test func aComponentNodeCarriesItsPropsAndStateAndANestedOneBoth() async throws {
        try await inspect { runtime, log, connection in
            let root = try lastTree(log)
            #expect(root["components"] == nil)  // the screen's own Column
            let dune = try components(renderingText: "Dune", in: root)
            #expect(dune.map { $0["name"] as? String } == ["Card"])
            let props = values(dune[0]["props"])
            #expect(props == ["title": "\"Dune\"", "rating": "4", "onPick": "function"])  // a signal as its value; no `key`
            let kinds = Dictionary(uniqueKeysWithValues: ((dune[0]["props"] as? [[String: String]]) ?? []).map { ($0["name"] ?? "", $0["kind"] ?? "") })
            #expect(kinds == ["title": "string", "rating": "signal", "onPick": "function"])
            #expect(values(dune[0]["state"]) == ["open": "false", "taps": "0", "tags": "{1 = \"new\"}"])

            // Nested: the Featured component's root is a Card; the node carries both, outermost first.
            let emma = try components(renderingText: "Emma", in: root)
            #expect(emma.map { $0["name"] as? String } == ["Featured", "Card"])
            #expect(values(emma[0]["props"]) == ["title": "\"Emma\""])
            #expect(values(emma[0]["state"]) == ["pinned": "true"])
            #expect(values(emma[1]["props"]) == ["title": "\"Emma\""])

            // setState: the next tree carries the new state.
            try await runtime.perform(.tap("Toggle Dune"))
            _ = await runtime.wait(timeout: 10)
            #expect(await connection.receive(#"{"t":"tree"}"#) == nil)
            let after = try components(renderingText: "Dune (open)", in: try lastTree(log))
            #expect(values(after[0]["state"])["open"] == "true")
            #expect(values(after[0]["state"])["taps"] == "1")
        }
    }

    @Test func theRowsOfAListThatAreComponentsShowAsComponents() async throws {
        let rows = """
            local ui = require("lunar.ui")
            local Card = require("components.card")
            local items = {}
            for i = 1, 50 do items[i] = { id = i, title = "t" .. i } end
            return { title = "Rows", render = function()
              return ui.List { id = "rows", items = items, key = "id", row = function(item) return Card { title = item.title } end }
            end }
            """
        try await inspect(home: rows) { runtime, log, connection in
            try await runtime.perform(.tap("Toggle t2"))
            _ = await runtime.wait(timeout: 10)
            #expect(await connection.receive(#"{"t":"tree"}"#) == nil)
            let root = try lastTree(log)
            #expect(root["kind"] as? String == "List")
            let cards = ((root["children"] as? [[String: Any]]) ?? []).compactMap { $0["components"] as? [[String: Any]] }
            #expect(cards.count == ((root["children"] as? [Any])?.count ?? -1) && cards.count > 2)
            #expect(cards.map { values($0.first?["props"])["title"] }.prefix(3) == ["\"t1\"", "\"t2\"", "\"t3\""])
            #expect(cards.map { values($0.first?["state"])["open"] }.prefix(3) == ["false", "true", "false"])
        }
    }
}
