-- The home screen's view-model: the name typed (a signal property), the greeting
-- derived from it, and a command that asks the API for a message.
local signal = require("lunar.signal")
local net = require("lunar.net")
local decode = require("lunar.decode")

local ViewModel = {}

function ViewModel:initialize()
  self.name = signal.value("")
  self.greeting = self.name:map(function(name)
    if name == "" then return "Who are you?" end
    return "Hello, " .. name .. "!"
  end)
  self.message = signal.value("")
  self.fetch = signal.command {
    run = function()
      return signal.create(function(observer)
        net.send(net.request { path = "/hello" }, function(result, err)
          if err then
            observer:fail(err)
            return
          end
          observer:send(decode.string(result, "message"))
          observer:complete()
        end)
      end)
    end,
  }
  self.fetch.values:subscribe(function(message) self.message:set(message) end)
  self.fetch.errors:subscribe(function(err) self.message:set("Failed: " .. tostring(err.message)) end)
end

return ViewModel
