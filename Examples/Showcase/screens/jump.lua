-- The jump page: navigation by URL. Push and present through /navPush and
-- /navPresent, a scheme route, a wildcard callback route, URLs built with the
-- router's helpers, and an unmatched URL handled.
local ui = require("lunar.ui")
local router = require("lunar.router")
local theme = require("theme")

local screen = { title = "Jump page" }

local function say(text) ui.toast(text) end

function screen:load()
  self.routes = {
    router.add("/callBack/*", function(params, match)
      say("callback: " .. table.concat(match.wildcard, "/") .. (params.status and (" (" .. params.status .. ")") or ""))
    end),
    router.add("/settings/:section", function(params)
      say("showcase scheme: " .. params.section)
    end, { scheme = "showcase" }),
  }
  router.unmatched(function(url) say("no route for " .. url) end)
end

function screen:unload()
  for _, route in ipairs(self.routes) do route:remove() end
  router.unmatched(nil)
end

local function open(url) return function() router.open(url) end end

function screen:render()
  local itemURL = router.url("/items/:id", { 2 }, { ref = "jump page" })
  return theme.Page("Navigation is routing", {
    ui.Row { style = theme.columns,
      ui.Column { style = theme.column,
        ui.Text { "Screens", style = theme.section },
        ui.Button { title = "Push intro", onPress = open("/navPush/intro"), style = theme.link },
        ui.Button { title = "Present intro", onPress = open("/navPresent/intro"), style = theme.link },
        ui.Button { title = "Open " .. itemURL, onPress = open(itemURL), style = theme.link },
      },
      ui.Column { style = theme.column,
        ui.Text { "Routes", style = theme.section },
        ui.Button { title = "Scheme route", onPress = open("showcase://settings/privacy"), style = theme.link },
        ui.Button { title = "Callback", onPress = open("/callBack/login/done?status=ok"), style = theme.link },
        ui.Button { title = "Unmatched", onPress = open("/nowhere/at/all"), style = theme.link },
      },
    },
  })
end

return screen
