-- The home screen: a field bound to the view-model's name, the greeting it derives,
-- and a button that runs the view-model's fetch command.
local ui = require("lunar.ui")

local screen = { title = "Home", viewModel = "viewmodels.home" }

function screen:render()
  local vm = self.viewModel
  return ui.Column {
    ui.TextField { id = "name", placeholder = "Name", bind = vm.name, maxLength = 40 },
    ui.Text { id = "greeting", text = vm.greeting },
    ui.Button { id = "fetch", title = "Say hello", command = vm.fetch },
    ui.Text { id = "message", text = vm.message },
  }
end

return screen
