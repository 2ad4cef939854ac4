-- The devtools State panel's view-model rows and the Elements panel's components
-- (ViewModelWatch): read and watched in Lua so metamethods and signal methods run inside
-- protected calls.
local function kind(v)
  local t = type(v)
  if t ~= "userdata" and t ~= "table" then return nil end
  local ok, k = pcall(function()
    if v.execute ~= nil and v.executing ~= nil then return "command" end
    if v.get ~= nil and v.subscribe ~= nil then return "signal" end
    if v.subscribe ~= nil then return "stream" end
    return nil
  end)
  return ok and k or nil
end
local function show(v)
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) == "table" then
    local parts, n = {}, 0
    for k, x in pairs(v) do
      n = n + 1
      if n > 8 then parts[#parts + 1] = "…"; break end
      parts[#parts + 1] = tostring(k) .. " = " .. (type(x) == "string" and string.format("%q", x) or tostring(x))
    end
    return "{" .. table.concat(parts, ", ") .. "}"
  end
  return tostring(v)
end
local function names(vm)
  local list = {}
  for k in pairs(vm) do if type(k) == "string" then list[#list + 1] = k end end
  table.sort(list)
  return list
end
-- A value's kind and text as the panels show it (a function: "function", "function").
local function describe(v)
  local k = kind(v)
  if k == "signal" then
    local ok, x = pcall(v.get, v)
    return k, ok and show(x) or ("error: " .. tostring(x))
  elseif k == "command" then
    local ok1, busy = pcall(function() return v.executing:get() end)
    local ok2, enabled = pcall(function() return v.enabled:get() end)
    return k, "enabled=" .. show(ok2 and enabled) .. " executing=" .. show(ok1 and busy)
  elseif k == "stream" then
    return k, "(a stream: no current value)"
  end
  return type(v), type(v) == "function" and "function" or show(v)
end
local function values(vm)
  local out = {}
  if type(vm) ~= "table" then return end
  for _, name in ipairs(names(vm)) do
    local v = vm[name]
    if type(v) ~= "function" then
      local k, value = describe(v)
      out[#out + 1] = name; out[#out + 1] = k; out[#out + 1] = value
    end
  end
  return table.unpack(out)
end
-- A component's props or state as rows { name =, kind =, value = }, by name.
local function rows(t)
  local out = {}
  if type(t) ~= "table" then return out end
  for _, name in ipairs(names(t)) do
    local k, value = describe(t[name])
    out[#out + 1] = { name = name, kind = k, value = value }
  end
  return out
end
-- The components of a screen's last tree (its reconciled Lua elements): { [path] = list }, the
-- path the element's child positions from the root, 0-based, joined by "." ("" the root), the
-- list the components whose output begins there, outermost first, each { name, props, state }.
local function components(tree)
  local found = {}
  local loaded, component = pcall(require, "lunar.ui.component")
  if not loaded or type(tree) ~= "table" or component.placeholdersMade() == 0 then return found end
  local function visit(node, path)
    if node.component ~= nil then
      local list = component.describe(node)
      for i, c in ipairs(list) do
        list[i] = { name = tostring(c.name), props = rows(c.props), state = rows(c.state) }
      end
      if list[1] ~= nil then found[path] = list end
    end
    local children = node.children
    if type(children) ~= "table" then return end
    for i = 1, #children do
      local child = children[i]
      if type(child) == "table" then visit(child, path == "" and tostring(i - 1) or path .. "." .. (i - 1)) end
    end
  end
  local ok, problem = pcall(visit, tree, "")
  if not ok then return found, tostring(problem) end
  return found
end
local function watch(vm, changed)
  local subs = {}
  if type(vm) ~= "table" then return subs end
  for _, name in ipairs(names(vm)) do
    local v = vm[name]
    local k = kind(v)
    local sources = {}
    if k == "signal" then sources = { v } elseif k == "command" then sources = { v.executing, v.enabled } end
    for _, s in ipairs(sources) do
      local ok, sub = pcall(function() return s:changes():subscribe(function() changed() end) end)
      if ok then subs[#subs + 1] = sub end
    end
  end
  return subs
end
local function unwatch(subs)
  for _, s in ipairs(subs) do pcall(function() s:dispose() end) end
end
local function field(t, name) local ok, v = pcall(function() return t[name] end); if ok then return v end end
local function copy(v) return v end
return values, watch, unwatch, field, copy, components
