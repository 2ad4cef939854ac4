local ui = require("lunar.ui")
local nav = require("lunar.navigator")
local theme = require("theme")
local Card = require("components.card")

local screen = { title = "Sample list", viewModel = "viewmodels.list" }

function screen:bindViewModel()
  self.viewModel.refresh.errors:subscribe(function(err)
    ui.toast("Could not load: " .. tostring(err.message))
  end):disposeWith(self.lifetime)
  self.viewModel.refresh:execute()
end

-- One card per item (components/card.lua): pressing anywhere on it opens the item; an item
-- with details has a More button that opens them in place, and each card remembers that
-- itself while the list renders again (a refresh, a row scrolled back into view).
local function card(item)
  return Card { id = "item-" .. item.id, title = item.title, subtitle = item.subtitle, image = item.title .. " icon",
                details = item.details, onPress = function() nav.push("/items/" .. item.id) end }
end

function screen:render()
  local vm = self.viewModel
  local items = vm.items:get()
  local content
  if #items == 0 then
    content = ui.Text { vm.loaded:get() and "Nothing here yet" or "Loading...", id = "empty", style = theme.muted }
  else
    -- A card is 96 points tall (two lines, padding and a border), 112 with the gap.
    content = ui.List { id = "items", items = items, key = "id", row = card, style = theme.list,
                        estimatedItemSize = 112 }
  end
  return theme.Page("Samples from the mock API", {
    content,
    ui.Button { id = "refresh", title = "Refresh", command = vm.refresh, style = theme.primary },
  })
end

return screen
