/// The `ui.component_update` scenario (issue 30), shared by its benchmark and its test: a screen
/// of `count` keyed cards (a `ui.component` rendering a Column with a Text and a Button, counting
/// its renders in the global `cardRenders`); the button "Tap N" calls card N's `setState`.
public enum ComponentCards {
    /// The bundle's files, manifest included.
    public static func files(count: Int) -> [String: String] {
        [
            "manifest.json": BundleDirectory.manifest(name: "cards"),
            "components/card.lua": """
                local ui = require("lunar.ui")
                cardRenders = 0
                return ui.component {
                  name = "Card",
                  state = { taps = 0 },
                  render = function(self, props)
                    cardRenders = cardRenders + 1
                    return ui.Column {
                      ui.Text("Card " .. props.index .. ": " .. self.state.taps),
                      ui.Button { title = "Tap " .. props.index, onPress = function()
                        self:setState { taps = self.state.taps + 1 }
                      end },
                    }
                  end,
                }
                """,
            "screens/home.lua": """
                local ui = require("lunar.ui")
                local Card = require("components.card")
                local screen = { title = "Cards" }
                function screen:render()
                  local cards = {}
                  for i = 1, \(count) do cards[i] = Card { key = "card-" .. i, index = i } end
                  return ui.Column(cards)
                end
                return screen
                """,
        ]
    }
}
