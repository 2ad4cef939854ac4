---Lenient readers of decoded JSON: a missing or mistyped field gives the default.
---@class lunar.decode
local decode = {}

local null = require("lunar.json").null

local huge = math.huge

-- `s` as a number when it is wholly a finite decimal (or hex) number: no blanks, no junk.
local function strictNumber(s)
  if s:find("^[%+%-]?%.?%d") == nil or s:find("%s") ~= nil then return nil end
  local n = tonumber(s)
  if n == nil or n ~= n or n == huge or n == -huge then return nil end
  return n
end

-- Numbers as JSON writes them: whole numbers without a fraction, others in the shortest form.
local function render(n)
  if math.type(n) == "integer" then return tostring(n) end
  if n ~= n or n == huge or n == -huge then return nil end
  if n == math.floor(n) and n > -2^53 and n < 2^53 then return string.format("%d", n) end
  for precision = 15, 17 do
    local text = string.format("%." .. precision .. "g", n)
    if tonumber(text) == n then return text end
  end
  return string.format("%.17g", n)
end

local function field(t, key)
  if type(t) ~= "table" then return nil end
  return rawget(t, key)
end

--- The string at t[key]; a number is rendered (3, 2.5). Otherwise `default` ("" if not given).
---@param t table?
---@param key string|integer
---@param default? string
---@return string
function decode.string(t, key, default)
  local v = field(t, key)
  local kind = type(v)
  if kind == "string" then return v end
  if kind == "number" then
    local text = render(v)
    if text ~= nil then return text end
  end
  if default == nil then return "" end
  return default
end

-- The number at t[key], or a string that is wholly one, converted; else nil.
local function number(t, key)
  local v = field(t, key)
  local kind = type(v)
  if kind == "number" then return v end
  if kind == "string" then return strictNumber(v) end
  return nil
end

--- The number at t[key]; a string that is wholly a number is converted. Otherwise `default` (0).
---@param t table?
---@param key string|integer
---@param default? number
---@return number
function decode.number(t, key, default)
  local n = number(t, key)
  if n ~= nil then return n end
  if default == nil then return 0 end
  return default
end

--- decode.number truncated toward zero, when it fits an integer. Otherwise `default` (0).
---@param t table?
---@param key string|integer
---@param default? integer
---@return integer
function decode.integer(t, key, default)
  local n = number(t, key)
  if n ~= nil and n == n and n ~= huge and n ~= -huge then
    local whole = math.tointeger(n >= 0 and math.floor(n) or math.ceil(n))
    if whole ~= nil then return whole end
  end
  if default == nil then return 0 end
  return default
end

--- The boolean at t[key]; a number is true when non-zero. Otherwise `default` (false).
---@param t table?
---@param key string|integer
---@param default? boolean
---@return boolean
function decode.bool(t, key, default)
  local v = field(t, key)
  local kind = type(v)
  if kind == "boolean" then return v end
  if kind == "number" then return v ~= 0 end
  if default == nil then return false end
  return default
end

--- The table at t[key]. Otherwise `default` (a new empty table), so reads chain.
---@param t table?
---@param key string|integer
---@param default? table
---@return table
function decode.table(t, key, default)
  local v = field(t, key)
  if type(v) == "table" then return v end
  if default == nil then return {} end
  return default
end

--- The sequence at t[key] as a new list, each element passed through fn(element, index) when
--- given (nil results are dropped). A missing or non-table value gives an empty list.
---@param t table?
---@param key string|integer
---@param fn? fun(element: any, index: integer): any
---@return any[]
function decode.array(t, key, fn)
  if fn ~= nil and type(fn) ~= "function" and not (getmetatable(fn) or {}).__call then
    error("bad argument #3 to 'decode.array' (function expected, got " .. type(fn) .. ")", 2)
  end
  local v = field(t, key)
  local list = {}
  if type(v) ~= "table" then return list end
  local n = 0
  for i = 1, rawlen(v) do
    local element = rawget(v, i)
    if fn ~= nil then element = fn(element, i) end
    if element ~= nil then
      n = n + 1
      list[n] = element
    end
  end
  return list
end

--- list[i] (1-based). A non-table receiver, an index out of range or json.null gives `default` (nil).
---@param list table?
---@param i integer
---@param default any
---@return any
function decode.at(list, i, default)
  local index = math.type(i) ~= nil and math.tointeger(i) or nil
  -- Positions are 1-based: 0 and below are never in the list.
  if type(list) == "table" and index ~= nil and index >= 1 then
    local v = rawget(list, index)
    if v ~= nil and v ~= null then return v end
  end
  return default
end

return decode
