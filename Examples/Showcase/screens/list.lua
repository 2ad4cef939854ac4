local ui = require("lunar.ui")
local nav = require("lunar.navigator")

local screen = { title = "Sample list", viewModel = "viewmodels.list" }

function screen:bindViewModel()
  self.viewModel.refresh.errors:subscribe(function(err)
    ui.toast("Could not load: " .. tostring(err.message))
  end):disposeWith(self.lifetime)
  self.viewModel.refresh:execute()
end

function screen:render()
  local vm = self.viewModel
  local items = vm.items:get()
  local content
  if #items == 0 then
    content = ui.Text { vm.loaded:get() and "Nothing here yet" or "Loading...", id = "empty" }
  else
    content = ui.List {
      id = "items", items = items, key = "id",
      row = function(item)
        return ui.Text { item.title, onPress = function() nav.push("/items/" .. item.id) end }
      end,
    }
  end
  return ui.Column {
    content,
    ui.Button { id = "refresh", title = "Refresh", command = vm.refresh },
  }
end

return screen
