local ui = require("lunar.ui")
local net = require("lunar.net")
local api = require("api")
local theme = require("theme")
local Card = require("components.card")

local screen = {}

function screen:load(params)
  self.id = params.id
  self.title = "Item " .. params.id
  self.detail = nil
  net.send(api.item(self.id), function(detail, err)
    self.detail = detail or { title = "Not found", body = tostring(err and err.message), tags = {} }
  end):tie(self.lifetime)
end

function screen:render()
  if not self.detail then return theme.Page("Item " .. self.id, { ui.Text { "Loading...", style = theme.muted } }) end
  local tags = { style = theme.tags }
  for i, tag in ipairs(self.detail.tags) do tags[i] = ui.Text { "#" .. tag, style = theme.tag } end
  return theme.Page("Item " .. self.id, {
    Card { title = self.detail.title, image = self.detail.title,
      ui.Text { self.detail.body, style = theme.body },
    },
    ui.Row(tags),
  })
end

return screen
