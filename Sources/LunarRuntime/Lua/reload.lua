local enter, leave, sameCode = ...
local support = {}
local parents = {}   -- parents[child][parent] = true: parent required child
local loading = {}
local rawrequire = require

-- require records who requires whom, and which module is loading (for
-- registrations made at a module's top level).
function require(name)
  local parent = loading[#loading]
  if parent ~= nil and parent ~= name then
    local set = parents[name]
    if set == nil then set = {}; parents[name] = set end
    set[parent] = true
  end
  if package.loaded[name] ~= nil then return package.loaded[name] end
  loading[#loading + 1] = name
  enter(name)
  local ok, value, extra = pcall(rawrequire, name)
  loading[#loading] = nil
  leave()
  if not ok then
    -- "module not found" names the requiring line; errors from the
    -- module's own code already carry their file:line.
    if type(value) == "string" and value:sub(1, 8) == "module '" then error(value, 2) end
    error(value, 0)
  end
  return value, extra
end

function support.isLoaded(name)
  return package.loaded[name] ~= nil
end

-- Modules that (transitively) required `name`, nearest first.
function support.dependents(name)
  local out, seen, queue = {}, { [name] = true }, { name }
  local i = 1
  while queue[i] do
    local current = queue[i]
    i = i + 1
    local set = parents[current]
    if set then
      local names = {}
      for parent in pairs(set) do names[#names + 1] = parent end
      table.sort(names)
      for _, parent in ipairs(names) do
        if not seen[parent] then
          seen[parent] = true
          out[#out + 1] = parent
          queue[#queue + 1] = parent
        end
      end
    end
  end
  return out
end

-- The functions a live instance ran once, when it was made, and a reload does not
-- run again: what they built (signals, commands, their functions) keeps the old code.
local onceOnly = { "initialize", "load" }

-- Which of `onceOnly` the new table changes (added, removed or other code), in order.
local function changedOnceOnly(old, new)
  local changed = {}
  for _, k in ipairs(onceOnly) do
    local before, after = rawget(old, k), rawget(new, k)
    if type(before) == "function" or type(after) == "function" then
      if type(before) ~= type(after) or not sameCode(before, after) then changed[#changed + 1] = k end
    end
  end
  return changed
end

-- Runs a module's new chunk and swaps the result into package.loaded:
-- tables in place (functions replaced, data kept), anything else replaced.
-- `reset` (a `--@refresh reset` file) takes every field from the new table,
-- data included, and drops the fields it no longer has: its screens are
-- remounted from scratch, so nothing of the old table's data is kept.
-- Returns the names of the once-only functions (`initialize`, `load`) a swap
-- without `reset` changed, whose work live instances keep from the old code.
function support.run(name, chunk, file, reset)
  loading[#loading + 1] = name
  enter(name)
  local ok, value = pcall(chunk, name, file)
  loading[#loading] = nil
  leave()
  if not ok then error(value, 0) end
  if value == nil then value = true end
  local old = package.loaded[name]
  local changed = {}
  if type(old) == "table" and type(value) == "table" and old ~= value then
    if not reset then changed = changedOnceOnly(old, value) end
    local stale = {}
    for k, v in pairs(old) do
      if rawget(value, k) == nil and (reset or type(v) == "function") then stale[#stale + 1] = k end
    end
    for _, k in ipairs(stale) do rawset(old, k, nil) end
    for k, v in pairs(value) do
      if reset or type(v) == "function" or rawget(old, k) == nil then rawset(old, k, v) end
    end
    local meta = getmetatable(value)
    if reset or (meta ~= nil and getmetatable(old) == nil) then setmetatable(old, meta) end
  else
    package.loaded[name] = value
  end
  return changed
end

return support
