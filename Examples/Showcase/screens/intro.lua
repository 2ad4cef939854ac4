-- The introduction page: static content about the architecture.
local ui = require("lunar.ui")
local nav = require("lunar.navigator")
local host = require("native.host")

local screen = { title = "Introduction" }

local POINTS = {
  { id = "aop", text = "No base classes: interceptors give every screen its common behaviour" },
  { id = "mvvm", text = "MVVM: views bind to view-models through signals" },
  { id = "net", text = "Requests with reformers deliver plain tables" },
  { id = "routes", text = "Navigation is routing: /navPush/:screen, /navPresent/:screen" },
}

function screen:render()
  local info = host.info()
  return ui.Column {
    ui.Text "Lunar: Lua screens on a Swift core",
    ui.List { items = POINTS, key = "id", row = function(point) return ui.Text(point.text) end },
    ui.Text("Running on " .. info.platform .. " with the " .. info.renderer .. " renderer"),
    ui.Spacer(),
    ui.Button { title = "Close", onPress = function() nav.back() end },
  }
end

return screen
