-- A row of a form (docs/lua/components.md): the field it is given as its child, and under it a
-- hint that says what the field needs. The field stays the screen's: its events and bindings
-- are the screen's own, so typing renders the screen as before.
local ui = require("lunar.ui")
local theme = require("theme")

return ui.component {
  name = "FormRow",

  ---@param props { hint: string? }
  render = function(_, props, children)
    local row = {}
    for i, child in ipairs(children) do row[i] = child end
    if props.hint then row[#row + 1] = ui.Text { props.hint, style = theme.hint } end
    return ui.Column(row)
  end,
}
