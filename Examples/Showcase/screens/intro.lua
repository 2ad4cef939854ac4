-- The introduction page: static content about the architecture.
local ui = require("lunar.ui")
local nav = require("lunar.navigator")
local host = require("native.host")
local theme = require("theme")
local Card = require("components.card")

local screen = { title = "Introduction" }

local POINTS = {
  { id = "aop", text = "No base classes: interceptors give every screen its common behaviour" },
  { id = "mvvm", text = "MVVM: views bind to view-models through signals" },
  { id = "net", text = "Requests with reformers deliver plain tables" },
  { id = "routes", text = "Navigation is routing: /navPush/:screen, /navPresent/:screen" },
}

function screen:render()
  local info = host.info()
  return theme.Page("How Lunar is built", {
    ui.Text { "Lunar: Lua screens on a Swift core", style = theme.cardTitle },
    ui.List { items = POINTS, key = "id", style = theme.list, row = function(point)
      return Card { ui.Text { point.text, style = theme.body } }
    end },
    ui.Text { "Running on " .. info.platform .. " with the " .. info.renderer .. " renderer", style = theme.muted },
    ui.Spacer(),
    ui.Button { title = "Close", onPress = function() nav.back() end, style = theme.primary },
  })
end

return screen
