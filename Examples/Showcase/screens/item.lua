local ui = require("lunar.ui")
local net = require("lunar.net")
local api = require("api")

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
  if not self.detail then return ui.Text "Loading..." end
  local tags = {}
  for i, tag in ipairs(self.detail.tags) do tags[i] = ui.Text("#" .. tag) end
  return ui.Column { ui.Text(self.detail.title), ui.Text(self.detail.body), ui.Row(tags) }
end

return screen
