-- A screen that calls the host's Swift module, synchronously and awaited.
local ui = require("lunar.ui")
local greeter = require("native.greeter")
local lunar = require("lunar")

local screen = { title = "Greeter" }

function screen:load() self.name = "" self.message = greeter.hello("stranger") end

function screen:render()
  return ui.Column {
    ui.Text(self.message),
    ui.TextField { placeholder = "Name", value = self.name, onChange = function(t) self.name = t end },
    ui.Button { title = "Greet", onPress = function()
      -- An async Swift function, awaited inside a coroutine the runtime manages.
      lunar.async(function() self.message = greeter.slowHello(self.name) end)
    end },
  }
end

return screen
