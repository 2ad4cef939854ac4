-- The jump page: navigation by URL. Push and present through /navPush and
-- /navPresent, a scheme route, a wildcard callback route, URLs built with the
-- router's helpers, and an unmatched URL handled.
local ui = require("lunar.ui")
local router = require("lunar.router")

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

function screen:render()
  local itemURL = router.url("/items/:id", { 2 }, { ref = "jump page" })
  return ui.Column {
    ui.Button { title = "Push intro", onPress = function() router.open("/navPush/intro") end },
    ui.Button { title = "Present intro", onPress = function() router.open("/navPresent/intro") end },
    ui.Button { title = "Open " .. itemURL, onPress = function() router.open(itemURL) end },
    ui.Button { title = "Scheme route", onPress = function() router.open("showcase://settings/privacy") end },
    ui.Button { title = "Callback", onPress = function() router.open("/callBack/login/done?status=ok") end },
    ui.Button { title = "Unmatched", onPress = function() router.open("/nowhere/at/all") end },
  }
end

return screen
