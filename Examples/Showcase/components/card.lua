-- A card (docs/lua/components.md): an image placeholder (its alt text shows where images
-- cannot) beside a title, a subtitle and whatever else it is given as children. A card with
-- `onPress` is pressed as a whole (a list row that opens its item). A card with `details` has
-- a More button that shows them and a Less button that hides them again: whether it is open
-- is the card's own state, kept while its screen renders again and across a hot reload of
-- this file, and setState renders this card alone.
local ui = require("lunar.ui")
local theme = require("theme")

return ui.component {
  name = "Card",
  state = { expanded = false },

  ---@param props { id: string?, title: string?, subtitle: string?, image: string?, details: string?,
  ---  onPress: function? }
  render = function(self, props, children)
    local details = props.details ~= "" and props.details or nil
    local open = details ~= nil and self.state.expanded
    return ui.Row { id = props.id, style = theme.card, onPress = props.onPress,
      props.image and ui.Image { alt = props.image, style = theme.thumb },
      ui.Column { style = theme.cardBody,
        props.title and ui.Text { props.title, style = theme.cardTitle },
        props.subtitle and ui.Text { props.subtitle, style = theme.cardSubtitle },
        open and ui.Text { details, id = props.id and (props.id .. "-text"), style = theme.body },
        table.unpack(children),
      },
      details and ui.Button {
        id = props.id and (props.id .. "-details"), title = open and "Less" or "More", style = theme.link,
        accessibilityLabel = (open and "Hide" or "Show") .. " details of " .. (props.title or "this card"),
        accessibilityState = { expanded = open },
        onPress = function() self:setState { expanded = not self.state.expanded } end,
      },
    }
  end,
}
