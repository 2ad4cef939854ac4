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

---What every element's spec table may hold; the array part is its children.
---@class lunar.ui.Spec
---@field id? string What tests and the headless driver name the element by.
---@field key? string Identity among siblings across renders.
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
