-- App-wide set-up, run once before the entry route opens.
local intercept = require("lunar.intercept")
local log = require("lunar.log")
local net = require("lunar.net")

-- A Lua interceptor: log every screen that appears (no base class needed).
intercept.screen("didAppear", "after", function(screen)
  log.info("screen appeared", { title = tostring(screen.title) })
end)

-- Every request carries the client's name; the server answers JSON.
net.config { headers = { ["X-Client"] = "lunar-showcase" }, timeout = 10 }
