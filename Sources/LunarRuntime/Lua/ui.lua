local native = require("lunar.ui.native")

-- The keys each element kind's spec takes, from Swift (ElementSpec, the one list `lunar check`
-- reads too): KEYS.TextField.bind == "field", .placeholder == "prop", .onSubmit == "event". A
-- kind not declared there (a host's own) takes any key as a prop.
local ANY_KEY = setmetatable({}, { __index = function() return "prop" end })
local KEYS = setmetatable(native.elementKeys(), { __index = function() return ANY_KEY end })

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
---@field accessibilityLabel? string|Signal What assistive technology reads; a pressable element with no text needs one.
---@field accessibilityRole? string|Signal "button", "link", "header", "image", "switch", "search", "text", ...
---@field accessibilityHint? string|Signal What activating the element does, read after the label.
---@field accessibilityState? lunar.ui.AccessibilityState
---@field [integer] lunar.ui.Element

---The states assistive technology announces.
---@class lunar.ui.AccessibilityState
---@field disabled? boolean
---@field selected? boolean
---@field checked? boolean|"mixed"
---@field busy? boolean
---@field expanded? boolean

---A ScrollView: its children scroll; `onScroll(offset)` gets the offset in points.
---@class lunar.ui.ScrollViewSpec: lunar.ui.Spec
---@field horizontal? boolean
---@field onScroll? fun(offset: number)

---What a Pressable's style function receives.
---@class lunar.ui.PressableState
---@field pressed boolean Whether a touch (or key) is holding the Pressable down.

---A Pressable: its children are its content; its `style` may be a function of its state.
---@class lunar.ui.PressableSpec: lunar.ui.Spec
---@field style? lunar.ui.Style|(lunar.ui.Style|false)[]|Signal|fun(state: lunar.ui.PressableState): any
---@field disabled? boolean|Signal
---@field onPress? fun()
---@field onLongPress? fun()

---A Switch: `value` or `bind` (a property it shows and sets); `onValueChange(value)`.
---@class lunar.ui.SwitchSpec: lunar.ui.Spec
---@field value? boolean|Signal
---@field disabled? boolean|Signal
---@field bind? Property
---@field onValueChange? fun(value: boolean)

---An ActivityIndicator: spins while `animating` (default true).
---@class lunar.ui.ActivityIndicatorSpec: lunar.ui.Spec
---@field animating? boolean|Signal
---@field size? "small"|"large"|number

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
---@field multiline? boolean A text area of several lines (Enter adds a line; read when the field is made).
---@field numberOfLines? integer How many lines tall a multiline field is.
---@field keyboardType? "default"|"number"|"decimal"|"email"|"phone"|"url"|Signal The keyboard it asks for.
---@field autoFocus? boolean Takes focus when it appears.
---@field autoCapitalize? "none"|"sentences"|"words"|"characters"|Signal
---@field autoCorrect? boolean|Signal Corrects and spell-checks what is typed.
---@field returnKeyType? "default"|"done"|"go"|"next"|"search"|"send"|Signal What the return key says.
---@field onChange? fun(text: string)
---@field onSubmit? fun(text: string)

---A Button: its label is `title`; a `command` runs on press and disables it while not enabled.
---@class lunar.ui.ButtonSpec: lunar.ui.Spec
---@field title? string|Signal
---@field disabled? boolean|Signal
---@field command? Command
---@field input? any What the command's execute receives.
---@field onPress? fun()

---A List: one `row(item, index)` element per item, keyed by `key`; only the rows near the viewport are built.
---@class lunar.ui.ListSpec: lunar.ui.Spec
---@field items? any[]
---@field key? string|fun(item: any, index: integer): any
---@field row? fun(item: any, index: integer): lunar.ui.Element
---@field estimatedItemSize? number A row's assumed size in points (44).
---@field drawDistance? number Points beyond the viewport, on each side, whose rows are built too (a quarter viewport).
---@field initialNumToRender? integer Rows built before the renderer reports a viewport (10).
---@field horizontal? boolean
---@field onScroll? fun(offset: number)
---@field onEndReached? fun() Called once per item count when the end is within the threshold.
---@field onEndReachedThreshold? number How near the end, in viewports, counts as reached (0.5).

---An Image: its label is `alt`; `source` is a bundle file or an http(s) URL (or `{ uri = ... }`).
---@class lunar.ui.ImageSpec: lunar.ui.Spec
---@field alt? string|Signal
---@field source? string|{uri: string}|Signal
---@field resizeMode? "cover"|"contain"|"stretch"|"center"
---@field onLoad? fun(event: {source: string, cache: "memory"|"disk"|"none", bytes: integer})
---@field onError? fun(error: {source: string, message: string, kind: string?, status: integer?})

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

local EVENTS = {
  onPress = "press", onChange = "change", onSubmit = "submit", onLongPress = "longPress",
  onScroll = "scroll", onEndReached = "endReached", onLoad = "load", onError = "error",
  onLayout = "layout",
}

-- Asks the renderer for an event the runtime handles itself (a list's scroll and viewport
-- reports, a Pressable's press in and out) even when the script has no handler for it.
local function ignore() end

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

-- "file:line: " of the script code that called into lunar.ui (one rule with components').
local callerPosition = require("lunar.ui.component").callerPosition

-- accessibilityState = { selected = true } travels as flat props (accessibilitySelected = true).
local STATES = {
  disabled = "accessibilityDisabled", selected = "accessibilitySelected", checked = "accessibilityChecked",
  busy = "accessibilityBusy", expanded = "accessibilityExpanded",
}
local function accessibilityState(node, state)
  if type(state) ~= "table" then
    error(callerPosition() .. "accessibilityState must be a table ({ selected = true, ... }), got " .. type(state), 0)
  end
  for name, value in pairs(state) do
    local prop = STATES[name]
    if prop == nil then
      error(callerPosition() .. "accessibilityState has no '" .. tostring(name)
        .. "' (disabled, selected, checked, busy, expanded)", 0)
    end
    node.props[prop] = value
  end
end

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

-- A style that is a function of the pressed state (ui.Pressable only), as React Native's
-- `style={({pressed}) => ...}`: resolved now as not pressed; the runtime calls
-- node.pressStyle(pressed) when the renderer reports a press in or out, and sends the
-- node's new style alone (no render).
local function setPressStyle(node, fn)
  if node.kind ~= "Pressable" then
    error(callerPosition() .. "style may be a function only on ui.Pressable, not on ui." .. node.kind, 0)
  end
  node.pressStyle = function(pressed)
    local style = fn({ pressed = pressed })
    if not styleHasSignal(style, 0) then return style end
    local flat = {}
    flattenStyle(style, flat, {}, 0)
    return flat
  end
  setStyle(node, fn({ pressed = false }))
  node.events.pressIn = ignore
  node.events.pressOut = ignore
end

-- Builds an element: `label` names the prop a bare string fills (Text's text).
local function element(kind, spec, label)
  local node = { kind = kind, props = {}, events = {}, children = {} }
  if type(spec) ~= "table" then
    if spec ~= nil and label then node.props[label] = spec end
    return node
  end
  -- The array part may have holes (`{ a, cond and b, c }`, `{ a, nil, c }`): children run to
  -- the largest integer key, and a nil or false among them is no child (as in React).
  local last, keys = 0, KEYS[kind]
  for k, v in pairs(spec) do
    if math.type(k) == "integer" then
      if k > last then last = k end
    elseif type(k) == "string" then
      local event = EVENTS[k]
      if event then
        node.events[event] = v
      elseif k == "id" or k == "key" then
        node[k] = v
      elseif k == "style" and type(v) == "function" then
        setPressStyle(node, v)
      elseif k == "style" and not signalLike(v) then
        setStyle(node, v)
      elseif k == "accessibilityState" then
        accessibilityState(node, v)
      else
        -- A prop is sent to the renderer; a field (`bind`, `items`, ...) is the constructor's to
        -- read; any other key is an error at the script's line (a known key costs one table read, no call).
        local role = keys[k]
        if role == "prop" then
          if signalLike(v) then
            node.bound = node.bound or {}
            node.bound[k] = v
            node.props[k] = current(v)
          else
            node.props[k] = v
          end
        elseif role == nil then
          error(callerPosition() .. native.unknownKey(kind, k), 0)
        end
      end
    end
  end
  for i = 1, last do
    local child = spec[i]
    if i == 1 and label and type(child) ~= "table" then
      if node.props[label] == nil then node.props[label] = child end -- `text = ...` wins, as before
    elseif child ~= nil and child ~= false then
      node.children[#node.children + 1] = child
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

--- An image: `ui.Image { alt = "Logo", source = "images/logo.png" }` or a URL; the runtime loads and caches it.
---@param spec string|lunar.ui.ImageSpec
---@return lunar.ui.Element
function ui.Image(spec)
  local node = element("Image", spec, "alt")
  local source = node.props.source
  if type(source) == "table" and not signalLike(source) then
    node.props.source = source.uri
  end
  return node
end

--- A box: the generic container (a column unless its style says otherwise).
---@param spec lunar.ui.Spec?
---@return lunar.ui.Element
function ui.View(spec) return element("View", spec) end

--- A box whose children scroll: `ui.ScrollView { horizontal = true, onScroll = function(offset) end, ... }`.
---@param spec lunar.ui.ScrollViewSpec?
---@return lunar.ui.Element
function ui.ScrollView(spec) return element("ScrollView", spec) end

--- Makes its children pressable: `ui.Pressable { onPress = open, accessibilityLabel = "Open", ui.Text "Open" }`.
--- Its `style` may be a function of its state:
--- `style = function(state) return { s.card, state.pressed and s.pressed } end`.
---@param spec lunar.ui.PressableSpec
---@return lunar.ui.Element
function ui.Pressable(spec) return element("Pressable", spec) end

--- An on/off switch: `ui.Switch { bind = vm.notifications }` or `{ value = on, onValueChange = fn }`.
---@param spec lunar.ui.SwitchSpec
---@return lunar.ui.Element
function ui.Switch(spec)
  local node = element("Switch", spec)
  if type(spec) ~= "table" then spec = {} end
  local onValueChange = spec.onValueChange
  if onValueChange ~= nil then node.events.change = onValueChange end
  local bind = spec.bind
  if bind ~= nil then
    -- Two-way binding, as TextField's: the switch shows the property; flipping it sets it.
    node.props.value = bind:get()
    if signalLike(bind) then
      node.bound = node.bound or {}
      node.bound.value = bind
    end
    node.events.change = function(value)
      bind:set(value)
      if onValueChange then onValueChange(value) end
    end
  end
  if node.props.value == nil then node.props.value = false end
  return node
end

--- A spinner: `ui.ActivityIndicator { animating = vm.loading, size = "large" }`.
---@param spec lunar.ui.ActivityIndicatorSpec?
---@return lunar.ui.Element
function ui.ActivityIndicator(spec)
  local node = element("ActivityIndicator", spec)
  if node.props.animating == nil then node.props.animating = true end
  return node
end

-- ElementSpec's rules for a TextField's text-input props: "boolean", "positiveCount", or a set of names.
local TEXT_INPUT = native.textInputRules()

-- Raises at the script's line when a text-input prop (or a signal's value) breaks its rule.
local function checkTextInput(props)
  for prop, rule in pairs(TEXT_INPUT) do
    local v = props[prop]
    if v ~= nil then
      local ok
      if rule == "boolean" then
        ok = type(v) == "boolean"
      elseif rule == "positiveCount" then
        ok = type(v) == "number" and v >= 1 and v <= 1e6 and v == math.floor(v)
      else
        ok = type(v) == "string" and rule[v] == true
      end
      if not ok then
        local got = type(v) == "string" and string.format("%q", v)
          or (type(v) == "number" or type(v) == "boolean") and tostring(v) or ("a " .. type(v))
        error(callerPosition() .. native.badValue(prop, got), 0)
      end
    end
  end
end

--- A text field: `ui.TextField { placeholder = "Account", bind = vm.account }`;
--- `ui.TextField { placeholder = "Age", keyboardType = "number", returnKeyType = "done" }`;
--- `ui.TextField { placeholder = "Notes", multiline = true, numberOfLines = 4 }`.
---@param spec string|lunar.ui.TextFieldSpec
---@return lunar.ui.Element
function ui.TextField(spec)
  local node = element("TextField", spec, "placeholder")
  checkTextInput(node.props)
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

-- Raises at the line that called ui.List (three levels up) when `value` is outside the range
-- `kind` names (the native rule, LuaNumberRange).
local function checkNumber(kind, value, what)
  local problem = native.numberProblem(kind, value, what)
  if problem then error("ui.List: " .. problem, 3) end
end

--- A list: `ui.List { items = items, key = "id", row = function(item) return ui.Text(item.name) end }`.
--- Virtualized: the runtime calls `row` only for the rows near the viewport.
---@param spec lunar.ui.ListSpec
---@return lunar.ui.Element
function ui.List(spec)
  local node = element("List", spec)
  local items, row, key = spec.items, spec.row, spec.key
  if items ~= nil then
    if type(row) ~= "function" then error("ui.List: 'row' must be a function(item, index)", 2) end
    if type(items) ~= "table" then error("ui.List: 'items' must be a table", 2) end
    local size = spec.estimatedItemSize or 44
    if type(size) ~= "number" or size <= 0 then error("ui.List: 'estimatedItemSize' must be a positive number", 2) end
    -- The one number rule (LuaNumberRange, docs/lua/numbers.md): no conversion overflows below.
    checkNumber("positiveSize", size, "'estimatedItemSize'")
    if spec.drawDistance ~= nil then checkNumber("size", spec.drawDistance, "'drawDistance'") end
    if spec.initialNumToRender ~= nil then
        checkNumber("positiveCount", spec.initialNumToRender, "'initialNumToRender'")
    end
    local threshold = spec.onEndReachedThreshold or 0.5
    if type(threshold) ~= "number" then error("ui.List: 'onEndReachedThreshold' must be a number", 2) end
    checkNumber("size", threshold, "'onEndReachedThreshold'")
    -- Where the list was built, for errors in rows the runtime builds later.
    local where = callerPosition()
    node.props.itemCount = #items
    node.props.estimatedItemSize = size
    node.virtual = {
      items = items, row = row, key = key, where = where, threshold = threshold,
      drawDistance = spec.drawDistance, initial = spec.initialNumToRender,
    }
    node.events.scroll = node.events.scroll or ignore
    node.events.viewport = ignore
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

-- The options of ui.scrollTo and ui.scrollToEnd, checked; raises at the script's line.
local function scrollOptions(name, id, options)
  if type(id) ~= "string" and math.type(id) ~= "integer" then
    error("ui." .. name .. ": argument #1 must be the id of a ScrollView or List (a string), got " .. type(id), 3)
  end
  if options == nil then return {} end
  if type(options) ~= "table" then
    error("ui." .. name .. ": argument #2 must be a table of options, got " .. type(options), 3)
  end
  for key, value in pairs(options) do
    local number = name == "scrollTo" and (key == "x" or key == "y")
    if not number and key ~= "animated" then
      error("ui." .. name .. ": unknown option '" .. tostring(key) .. "' (" .. (name == "scrollTo" and "x, y, " or "")
        .. "animated)", 3)
    elseif number and (type(value) ~= "number" or value ~= value or value == math.huge or value == -math.huge) then
      error("ui." .. name .. ": option '" .. key .. "' must be a finite number of points, got " .. tostring(value), 3)
    elseif key == "animated" and type(value) ~= "boolean" then
      error("ui." .. name .. ": option 'animated' must be a boolean, got " .. type(value), 3)
    end
  end
  return options
end

--- Scrolls the ScrollView or List with this `id` on the visible screen to an offset in points:
--- `ui.scrollTo("feed", { y = 0 })` (`x` for a horizontal one); `animated` (default true).
--- The element's `onScroll` then reports where it went.
---@param id string
---@param options? { x: number?, y: number?, animated: boolean? }
function ui.scrollTo(id, options)
  options = scrollOptions("scrollTo", id, options)
  local problem = native.scrollTo(tostring(id), options.x, options.y, options.animated ~= false, false)
  if problem then error("ui.scrollTo: " .. problem, 2) end
end

--- Scrolls the ScrollView or List with this `id` on the visible screen to its end:
--- `ui.scrollToEnd("messages")`; `animated` (default true).
---@param id string
---@param options? { animated: boolean? }
function ui.scrollToEnd(id, options)
  options = scrollOptions("scrollToEnd", id, options)
  local problem = native.scrollTo(tostring(id), nil, nil, options.animated ~= false, true)
  if problem then error("ui.scrollToEnd: " .. problem, 2) end
end

--- Moves keyboard focus to the TextField with this `id` on the visible screen: `ui.focus("email")`.
--- The field must be rendered (one that appears in the same turn takes focus with `autoFocus`).
---@param id string
function ui.focus(id)
  if type(id) ~= "string" then
    error(callerPosition() .. "ui.focus: argument #1 must be the id of a TextField (a string), got " .. type(id), 0)
  end
  local problem = native.focus(id)
  if problem then error(callerPosition() .. "ui.focus: " .. problem, 0) end
end

--- Takes keyboard focus away from the visible screen's fields (a touch keyboard goes away).
function ui.blur()
  native.focus(nil)
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

--- The device's look, `"light"` or `"dark"` (the system setting the renderer reports): a read-only
--- property, `ui.appearance:get()` or a prop `color = ui.appearance:map(function(a) ... end)`.
--- A screen whose `render()` reads it renders again when it changes.
---@type Property<"light"|"dark">
ui.appearance = native.appearance()

---The window the app is shown in: what ui.window holds.
---@class lunar.ui.Window
---@field width number Points.
---@field height number Points.
---@field scale number Pixels per point.
---@field fontScale number The user's text size (1 is the default).

--- The window the app is shown in, `{ width =, height =, scale =, fontScale = }`: a read-only
--- property like `ui.appearance` (a screen reading it in `render()` renders again on a change).
---@type Property<lunar.ui.Window>
ui.window = native.window()

-- luacheck: push no max comment line length
---A component's declaration (docs/lua/components.md).
---@class lunar.ui.ComponentSpec
---@field name? string Shown in the inspector and in errors; unique in its file, it keeps instances' state across reloads when lines move.
---@field render fun(self: lunar.ui.ComponentInstance, props: table, children: lunar.ui.Element[]): lunar.ui.Element
---@field state? table|fun(props: table): table Each new instance's initial state (a table is copied).
---@field mount? fun(self: lunar.ui.ComponentInstance) After its first render reached the renderer.
---@field update? fun(self: lunar.ui.ComponentInstance, oldProps: table) After each later render of it.
---@field unmount? fun(self: lunar.ui.ComponentInstance) When its place is gone; then `self.lifetime` ends.
---@field viewModel? string|table A view-model module (or table) each instance gets as `self.viewModel`.
---@field bindViewModel? fun(self: lunar.ui.ComponentInstance, props: table) After it is made, before `mount`.

---An instance of a component: what its functions receive as `self`.
---@class lunar.ui.ComponentInstance
---@field state table Its own state; change it with `setState`.
---@field props table The props of its last render.
---@field lifetime Lifetime Ends when it unmounts.
---@field viewModel any Its view-model, when its component names one.
---@field setState fun(self: lunar.ui.ComponentInstance, patch: table|fun(state: table, props: table): table?) Merges `patch` into `state` and renders this instance again.

---A component's constructor: `Card { title = "Dune", key = id, ui.Text "child" }` makes its element.
---@alias lunar.ui.Component fun(props: table?): lunar.ui.Element
-- luacheck: pop

--- Declares a component, a piece of a screen with state and a lifecycle of its own
--- (docs/lua/components.md): `local Card = ui.component { name = "Card", state = { open = false },
--- render = function(self, props, children) return ui.Column { ... } end }`, then `Card { title = t, key = id }`.
---@param spec lunar.ui.ComponentSpec
---@return lunar.ui.Component
function ui.component(spec)
  local constructor = require("lunar.ui.component").define(spec)
  return constructor
end

return ui
