/// A screen with a count and a button that adds one (counting its loads in the global `loads`):
/// what the hot-reload and headless-session tests reload and drive.
public let counterScreen = """
local ui = require("lunar.ui")
local screen = { title = "Counter" }
function screen:load() self.count = 0; loads = (loads or 0) + 1 end
function screen:render()
  return ui.Column {
    ui.Text("Count: " .. self.count),
    ui.Button { title = "Add", onPress = function() self.count = self.count + 1 end },
  }
end
return screen
"""
