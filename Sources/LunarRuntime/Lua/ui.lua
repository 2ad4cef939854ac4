local native = require("lunar.ui.native")
local ui = {}

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

local function maker(kind, label)
  return function(spec) return element(kind, spec, label) end
end

ui.Column = maker("Column")
ui.Row = maker("Row")
ui.Text = maker("Text", "text")
ui.Spacer = maker("Spacer")
ui.Divider = maker("Divider")
ui.Image = maker("Image", "alt")

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
ui.toast = native.toast
ui.alert = native.alert

return ui
