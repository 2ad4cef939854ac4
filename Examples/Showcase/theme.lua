-- The showcase's look: named styles checked once by ui.styles, and the pieces every page
-- shares (a header bar above the content). Lengths are points, as in React Native; the terminal
-- shows 8 points as a column and 16 as a row (docs/terminal.md), so vertical gaps and paddings
-- are whole rows (16) where half a row would round one way here and the other way there.
local ui = require("lunar.ui")

local colors = {
  brand = "#3b5bdb",
  brandDark = "#364fc7",
  onBrand = "#dbe4ff",
  page = "#f1f3f5",
  card = "white",
  text = "#212529",
  muted = "#868e96",
  line = "#ced4da",
  chip = "#e7f5ff",
}

local theme = ui.styles {
  page = { flex = 1, backgroundColor = colors.page },
  header = { backgroundColor = colors.brand, paddingHorizontal = 16, paddingVertical = 8 },
  headerTitle = { color = "white", fontSize = 20, fontWeight = "bold" },
  headerSubtitle = { color = colors.onBrand },
  content = { flex = 1, padding = 16, gap = 16 },
  section = { color = colors.muted, fontWeight = "600", textTransform = "uppercase" },
  body = { color = colors.text },
  muted = { color = colors.muted },

  -- Cards (components/card.lua): a row with a square image placeholder beside two lines of text.
  list = { gap = 16 },
  card = {
    flexDirection = "row", alignItems = "center", columnGap = 16, paddingHorizontal = 8, paddingVertical = 16,
    backgroundColor = colors.card, borderWidth = 1, borderColor = colors.line, borderRadius = 8,
  },
  thumb = { width = 48, height = 32, backgroundColor = colors.chip, color = colors.brandDark, borderRadius = 4 },
  cardBody = { flex = 1 },
  cardTitle = { color = colors.text, fontWeight = "bold" },
  cardSubtitle = { color = colors.muted },

  -- Forms (a form row, components/form_row.lua: a field above its hint) and buttons.
  form = { gap = 16, padding = 16, backgroundColor = colors.card, borderWidth = 1, borderColor = colors.line,
           borderRadius = 8 },
  field = { borderColor = colors.line, backgroundColor = "white" },
  hint = { color = colors.muted },
  primary = { backgroundColor = colors.brand, color = "white", fontWeight = "bold", alignSelf = "flex-start" },
  link = { color = colors.brand },
  links = { flexDirection = "row", justifyContent = "space-between" },

  -- Two columns that share the width.
  columns = { flexDirection = "row", columnGap = 16, alignItems = "flex-start" },
  column = { flex = 1, gap = 16, paddingHorizontal = 8, paddingVertical = 16, backgroundColor = colors.card,
             borderWidth = 1, borderColor = colors.line, borderRadius = 8 },

  tags = { flexDirection = "row", flexWrap = "wrap", gap = 8 },
  tag = { backgroundColor = colors.chip, color = colors.brandDark, paddingHorizontal = 8, borderRadius = 8 },
}

--- The bar at the top of every page: the app's name and what the page is for.
---@param subtitle string
function theme.Header(subtitle)
  return ui.Column { style = theme.header,
    ui.Text { "Lunar showcase", style = theme.headerTitle },
    ui.Text { subtitle, style = theme.headerSubtitle },
  }
end

--- A page: the header bar above the content (a list of elements).
---@param subtitle string
---@param content table
function theme.Page(subtitle, content)
  content.style = theme.content
  return ui.Column { style = theme.page, theme.Header(subtitle), ui.Column(content) }
end

return theme
