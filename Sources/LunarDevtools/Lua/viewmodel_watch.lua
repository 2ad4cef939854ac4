-- The devtools State panel's view-model rows (ViewModelWatch): read and watched in Lua so
-- metamethods and signal methods run inside protected calls.
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
local function values(vm)
  local out = {}
  if type(vm) ~= "table" then return end
  for _, name in ipairs(names(vm)) do
    local v = vm[name]
    local k = kind(v)
    local value
    if k == "signal" then
      local ok, x = pcall(v.get, v)
      value = ok and show(x) or ("error: " .. tostring(x))
    elseif k == "command" then
      local ok1, busy = pcall(function() return v.executing:get() end)
      local ok2, enabled = pcall(function() return v.enabled:get() end)
      value = "enabled=" .. show(ok2 and enabled) .. " executing=" .. show(ok1 and busy)
    elseif k == "stream" then
      value = "(a stream: no current value)"
    elseif type(v) ~= "function" then
      k, value = type(v), show(v)
    end
    if value then
      out[#out + 1] = name; out[#out + 1] = k; out[#out + 1] = value
    end
  end
  return table.unpack(out)
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
return values, watch, unwatch, field, copy
