local native = require("lunar.ui.native")

---Element constructors, HUD, toast and alert.
---@class lunar.ui
---@field hud { show: fun(text: string?), hide: fun() } The HUD: `ui.hud.show("Saving")`, `ui.hud.hide()`.
local ui = {}

---An element: a plain table the renderer draws.
---@class lunar.ui.Element
---@field kind string
---@field id string?
---@field key string?
---@field props table
---@field events table
---@field children lunar.ui.Element[]

-- Keyword unions make long lines.
-- luacheck: push no max comment line length
---A style: React Native's style keys (docs/lua/styles.md). A key's value may be a signal.
---@class lunar.ui.Style
---@field direction? "inherit"|"ltr"|"rtl"|Signal Layout direction; default "inherit".
---@field flexDirection? "column"|"row"|"column-reverse"|"row-reverse"|Signal Main axis; default "column".
---@field justifyContent? "flex-start"|"center"|"flex-end"|"space-between"|"space-around"|"space-evenly"|Signal Main-axis distribution; default "flex-start".
---@field alignItems? "flex-start"|"center"|"flex-end"|"stretch"|"baseline"|Signal Cross-axis alignment of children; default "stretch".
---@field alignSelf? "auto"|"flex-start"|"center"|"flex-end"|"stretch"|"baseline"|Signal Overrides the parent's alignItems; default "auto".
---@field alignContent? "flex-start"|"center"|"flex-end"|"stretch"|"space-between"|"space-around"|"space-evenly"|Signal Lines of a wrapping container; default "flex-start".
---@field flexWrap? "nowrap"|"wrap"|"wrap-reverse"|Signal Default "nowrap".
---@field flex? number|Signal Positive grows (basis 0), negative shrinks.
---@field flexGrow? number|Signal Default 0.
---@field flexShrink? number|Signal Default 0.
---@field flexBasis? number|"auto"|string|Signal Points, "50%" or "auto"; default "auto".
---@field width? number|"auto"|string|Signal Points, "50%" or "auto"; default "auto".
---@field height? number|"auto"|string|Signal Points, "50%" or "auto"; default "auto".
---@field minWidth? number|string|Signal Points or "50%"; default none.
---@field minHeight? number|string|Signal Points or "50%"; default none.
---@field maxWidth? number|string|Signal Points or "50%"; default none.
---@field maxHeight? number|string|Signal Points or "50%"; default none.
---@field margin? number|"auto"|string|Signal Points, "50%" or "auto"; default 0.
---@field marginTop? number|"auto"|string|Signal Points, "50%" or "auto"; default 0.
---@field marginRight? number|"auto"|string|Signal Points, "50%" or "auto"; default 0.
---@field marginBottom? number|"auto"|string|Signal Points, "50%" or "auto"; default 0.
---@field marginLeft? number|"auto"|string|Signal Points, "50%" or "auto"; default 0.
---@field marginStart? number|"auto"|string|Signal Points, "50%" or "auto"; default 0.
---@field marginEnd? number|"auto"|string|Signal Points, "50%" or "auto"; default 0.
---@field marginHorizontal? number|"auto"|string|Signal Points, "50%" or "auto"; default 0.
---@field marginVertical? number|"auto"|string|Signal Points, "50%" or "auto"; default 0.
---@field padding? number|string|Signal Points or "50%"; default 0.
---@field paddingTop? number|string|Signal Points or "50%"; default 0.
---@field paddingRight? number|string|Signal Points or "50%"; default 0.
---@field paddingBottom? number|string|Signal Points or "50%"; default 0.
---@field paddingLeft? number|string|Signal Points or "50%"; default 0.
---@field paddingStart? number|string|Signal Points or "50%"; default 0.
---@field paddingEnd? number|string|Signal Points or "50%"; default 0.
---@field paddingHorizontal? number|string|Signal Points or "50%"; default 0.
---@field paddingVertical? number|string|Signal Points or "50%"; default 0.
---@field borderWidth? number|Signal Points; default 0.
---@field borderTopWidth? number|Signal Points; default 0.
---@field borderRightWidth? number|Signal Points; default 0.
---@field borderBottomWidth? number|Signal Points; default 0.
---@field borderLeftWidth? number|Signal Points; default 0.
---@field borderStartWidth? number|Signal Points; default 0.
---@field borderEndWidth? number|Signal Points; default 0.
---@field position? "relative"|"absolute"|"static"|Signal Default "relative".
---@field top? number|"auto"|string|Signal Inset when positioned: points, "50%" or "auto"; default none.
---@field right? number|"auto"|string|Signal Inset when positioned: points, "50%" or "auto"; default none.
---@field bottom? number|"auto"|string|Signal Inset when positioned: points, "50%" or "auto"; default none.
---@field left? number|"auto"|string|Signal Inset when positioned: points, "50%" or "auto"; default none.
---@field start? number|"auto"|string|Signal Inset when positioned: points, "50%" or "auto"; default none.
---@field end? number|"auto"|string|Signal Inset when positioned: points, "50%" or "auto"; default none.
---@field gap? number|string|Signal Space between children: points or "50%"; default 0.
---@field rowGap? number|string|Signal Space between children: points or "50%"; default 0.
---@field columnGap? number|string|Signal Space between children: points or "50%"; default 0.
---@field aspectRatio? number|string|Signal Width / height: a number or "16/9"; default none.
---@field boxSizing? "border-box"|"content-box"|Signal Default "border-box".
---@field display? "flex"|"none"|"contents"|Signal "none" hides the element; default "flex".
---@field overflow? "visible"|"hidden"|"scroll"|Signal Default "visible".
---@field color? string|Signal Text colour: "#rgb", "#rrggbb", "#rrggbbaa", "rgb()", "rgba()" or a CSS name.
---@field backgroundColor? string|Signal Fill colour; default transparent.
---@field borderColor? string|Signal Colour of every border edge.
---@field borderTopColor? string|Signal One edge's border colour.
---@field borderRightColor? string|Signal One edge's border colour.
---@field borderBottomColor? string|Signal One edge's border colour.
---@field borderLeftColor? string|Signal One edge's border colour.
---@field borderStartColor? string|Signal One edge's border colour.
---@field borderEndColor? string|Signal One edge's border colour.
---@field borderStyle? "solid"|"dotted"|"dashed"|Signal Default "solid".
---@field borderRadius? number|Signal Corner radius in points; default 0.
---@field borderTopLeftRadius? number|Signal One corner's radius.
---@field borderTopRightRadius? number|Signal One corner's radius.
---@field borderBottomLeftRadius? number|Signal One corner's radius.
---@field borderBottomRightRadius? number|Signal One corner's radius.
---@field opacity? number|Signal 0 (invisible) to 1 (opaque); default 1.
---@field zIndex? number|Signal Stacking order among siblings; default 0.
---@field fontSize? number|Signal Text size in points.
---@field fontWeight? "normal"|"bold"|"100"|"200"|"300"|"400"|"500"|"600"|"700"|"800"|"900"|number|Signal Default "normal".
---@field fontStyle? "normal"|"italic"|Signal Default "normal".
---@field fontFamily? string|Signal A family name the renderer resolves.
---@field textAlign? "auto"|"left"|"right"|"center"|"justify"|Signal Default "auto".
---@field textDecorationLine? "none"|"underline"|"line-through"|"underline line-through"|Signal Default "none".
---@field textTransform? "none"|"uppercase"|"lowercase"|"capitalize"|Signal Default "none".
---@field lineHeight? number|Signal Line height in points.
---@field letterSpacing? number|Signal Extra space between characters in points.
---@field numberOfLines? integer|Signal The most lines a text shows (0: no limit); the rest is cut with an ellipsis.
-- luacheck: pop

---What every element's spec table may hold; the array part is its children.
---@class lunar.ui.Spec
---@field id? string What tests and the headless driver name the element by.
---@field key? string Identity among siblings across renders.
---@field style? lunar.ui.Style|(lunar.ui.Style|false)[]|Signal A style, or a list merged in order.
---@field [integer] lunar.ui.Element

---A Text: its label is `text`.
---@class lunar.ui.TextSpec: lunar.ui.Spec
---@field text? string|number|Signal
---@field onPress? fun()

---A TextField: its label is `placeholder`; `bind` is a property it shows and sets.
---@class lunar.ui.TextFieldSpec: lunar.ui.Spec
---@field placeholder? string|Signal
---@field value? string|Signal
---@field secure? boolean|Signal
---@field maxLength? integer
---@field disabled? boolean|Signal
---@field bind? Property
---@field onChange? fun(text: string)
---@field onSubmit? fun(text: string)

---A Button: its label is `title`; a `command` runs on press and disables it while not enabled.
---@class lunar.ui.ButtonSpec: lunar.ui.Spec
---@field title? string|Signal
---@field disabled? boolean|Signal
---@field command? Command
---@field input? any What the command's execute receives.
---@field onPress? fun()

---A List: one `row(item, index)` element per item, keyed by `key`.
---@class lunar.ui.ListSpec: lunar.ui.Spec
---@field items? any[]
---@field key? string|fun(item: any, index: integer): any
---@field row? fun(item: any, index: integer): lunar.ui.Element

---An Image: its label is `alt`.
---@class lunar.ui.ImageSpec: lunar.ui.Spec
---@field alt? string|Signal
---@field source? string|Signal

---An alert's title, message and buttons.
---@class lunar.ui.AlertSpec
---@field title? string
---@field message? string
---@field buttons? lunar.ui.AlertButton[]

---One alert button.
---@class lunar.ui.AlertButton
---@field title string
---@field role? "cancel"|"destructive"
---@field onPress? fun()

local EVENTS = { onPress = "press", onChange = "change", onSubmit = "submit" }

-- A prop may be a signal (anything with :subscribe): the runtime subscribes
-- and updates just that node when it sends; :get() gives the first value.
local function signalLike(v)
  local t = type(v)
  if t ~= "table" and t ~= "userdata" then return false end
  local ok, subscribe = pcall(function() return v.subscribe end)
  return ok and type(subscribe) == "function"
end

local function current(v)
  local ok, get = pcall(function() return v.get end)
  if ok and type(get) == "function" then return v:get() end
  return nil
end
local FIELDS = { id = true, key = true, items = true, row = true, bind = true, command = true }

-- Style tables ui.styles checked: they hold no signals, so binding skips them.
local checkedStyles = setmetatable({}, { __mode = "k" })

-- Whether a style (a table, or a list of them) has a signal as a value.
local function styleHasSignal(style, depth)
  if type(style) ~= "table" or checkedStyles[style] or depth > 16 then return false end
  for k, v in pairs(style) do
    local t = type(v)
    if t == "table" or t == "userdata" then
      if type(k) == "string" then
        if signalLike(v) then return true end
      elseif styleHasSignal(v, depth + 1) then
        return true
      end
    end
  end
  return false
end

-- Flattens a style with signals into one table of current values, in merge order
-- (list entries, then the table's own keys); each key a signal sets is bound as
-- "style.<key>", and a later plain value for the key drops that binding.
local function flattenStyle(style, into, bound, depth)
  if style == nil or style == false then return end
  if type(style) ~= "table" or depth > 16 then
    into[#into + 1] = style -- not a style: left for the reader to reject
    return
  end
  for i = 1, #style do flattenStyle(style[i], into, bound, depth + 1) end
  for k, v in pairs(style) do
    if type(k) == "string" then
      if signalLike(v) then
        bound["style." .. k] = v
        into[k] = current(v)
      else
        bound["style." .. k] = nil
        into[k] = v
      end
    elseif math.type(k) ~= "integer" or k < 1 or k > #style then
      into[k] = v -- a bad key: left for the reader to name
    end
  end
end

-- Sets an element's style: as it is, or flattened when a key's value is a signal.
local function setStyle(node, style)
  if not styleHasSignal(style, 0) then
    node.props.style = style
    return
  end
  node.bound = node.bound or {}
  local flat = {}
  flattenStyle(style, flat, node.bound, 0)
  node.props.style = flat
end

-- Builds an element: `label` names the prop a bare string fills (Text's text).
local function element(kind, spec, label)
  local node = { kind = kind, props = {}, events = {}, children = {} }
  if type(spec) ~= "table" then
    if spec ~= nil and label then node.props[label] = spec end
    return node
  end
  for i, child in ipairs(spec) do
    if i == 1 and label and type(child) ~= "table" then
      node.props[label] = child
    else
      node.children[#node.children + 1] = child
    end
  end
  for k, v in pairs(spec) do
    if type(k) == "string" then
      local event = EVENTS[k]
      if event then
        node.events[event] = v
      elseif k == "id" or k == "key" then
        node[k] = v
      elseif k == "style" and not signalLike(v) then
        setStyle(node, v)
      elseif not FIELDS[k] then
        if signalLike(v) then
          node.bound = node.bound or {}
          node.bound[k] = v
          node.props[k] = current(v)
        else
          node.props[k] = v
        end
      end
    end
  end
  return node
end

--- A column: children top to bottom.
---@param spec lunar.ui.Spec?
---@return lunar.ui.Element
function ui.Column(spec) return element("Column", spec) end

--- A row: children left to right.
---@param spec lunar.ui.Spec?
---@return lunar.ui.Element
function ui.Row(spec) return element("Row", spec) end

--- A text: `ui.Text "hi"` or `ui.Text { "hi", id = "greeting" }`.
---@param spec string|number|lunar.ui.TextSpec
---@return lunar.ui.Element
function ui.Text(spec) return element("Text", spec, "text") end

--- Empty space that grows.
---@param spec lunar.ui.Spec?
---@return lunar.ui.Element
function ui.Spacer(spec) return element("Spacer", spec) end

--- A line between elements.
---@param spec lunar.ui.Spec?
---@return lunar.ui.Element
function ui.Divider(spec) return element("Divider", spec) end

--- An image: `ui.Image { alt = "Logo", source = "logo.png" }`.
---@param spec string|lunar.ui.ImageSpec
---@return lunar.ui.Element
function ui.Image(spec) return element("Image", spec, "alt") end

--- A text field: `ui.TextField { placeholder = "Account", bind = vm.account }`.
---@param spec string|lunar.ui.TextFieldSpec
---@return lunar.ui.Element
function ui.TextField(spec)
  local node = element("TextField", spec, "placeholder")
  local bind = type(spec) == "table" and spec.bind or nil
  if bind ~= nil then
    -- Two-way binding to a property (anything with :get() and :set(v)):
    -- the field shows the property and follows it; typing sets it.
    node.props.value = bind:get()
    if signalLike(bind) then
      node.bound = node.bound or {}
      node.bound.value = bind
    end
    local onChange = node.events.change
    node.events.change = function(text)
      bind:set(text)
      if onChange then onChange(text) end
    end
  end
  return node
end

-- One `disabled` signal per command, so each render binds the same object
-- (the runtime keeps a subscription while its source stays the same).
local disabledSignals = setmetatable({}, { __mode = "k" })
local function disabledSignal(command)
  local s = disabledSignals[command]
  if s == nil then
    s = command.enabled:map(function(enabled) return not enabled end)
    disabledSignals[command] = s
  end
  return s
end

--- A button: `ui.Button { title = "Log in", command = vm.login }`.
---@param spec string|lunar.ui.ButtonSpec
---@return lunar.ui.Element
function ui.Button(spec)
  local node = element("Button", spec, "title")
  local command = type(spec) == "table" and spec.command or nil
  if command ~= nil then
    -- Disabled while the command is not enabled (which includes executing):
    -- bound, so the button follows the command without a re-render.
    node.props.disabled = not command.enabled:get()
    node.bound = node.bound or {}
    node.bound.disabled = disabledSignal(command)
    local onPress = node.events.press
    node.events.press = function()
      if onPress then onPress() end
      command:execute(spec.input)
    end
  end
  return node
end

--- A list: `ui.List { items = items, key = "id", row = function(item) return ui.Text(item.name) end }`.
---@param spec lunar.ui.ListSpec
---@return lunar.ui.Element
function ui.List(spec)
  local node = element("List", spec)
  local items, row, key = spec.items, spec.row, spec.key
  if items ~= nil then
    if type(row) ~= "function" then error("ui.List: 'row' must be a function(item, index)", 2) end
    if type(items) ~= "table" then error("ui.List: 'items' must be a table", 2) end
    for i, item in ipairs(items) do
      local child = row(item, i)
      if type(child) ~= "table" then error("ui.List: row " .. i .. " did not return an element", 2) end
      local k
      if type(key) == "function" then k = key(item, i)
      elseif key ~= nil and type(item) == "table" then k = item[key]
      end
      child.key = k ~= nil and tostring(k) or tostring(i)
      node.children[#node.children + 1] = child
    end
  end
  return node
end

--- Checks named styles once, where they are defined (React Native's `StyleSheet.create`),
--- and returns the same table: `local s = ui.styles { card = { padding = 8 } }`,
--- then `style = s.card` or `style = { s.card, active and s.active }`.
---@generic T: table<string, lunar.ui.Style>
---@param styles T
---@return T
function ui.styles(styles)
  local checked = native.styles(styles, checkedStyles) -- not a tail call: its errors name our caller's line
  return checked
end

ui.hud = {
  show = function(text) native.showHUD(text) end,
  hide = function() native.hideHUD() end,
}
-- The renderer's own functions, re-exported as they are (so lunar.intercept sees them native).

--- Shows a short message that goes away by itself.
---@type fun(text: string)
ui.toast = native.toast

--- Shows an alert: `ui.alert { title = "Delete?", buttons = { { title = "Cancel", role = "cancel" } } }`.
---@type fun(spec: lunar.ui.AlertSpec)
ui.alert = native.alert

return ui
