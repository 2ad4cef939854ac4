---Builds request bodies, skipping blank values.
---@class lunar.encode
local encode = {}

local null = require("lunar.json").null

--- Sets t[key] = v unless v is blank: nil, json.null, "" or an empty table (0 and false are kept).
--- A nil `t` becomes a new table. Returns `t`, so puts chain.
---@param t table?
---@param key any
---@param v any
---@return table
function encode.put(t, key, v)
  if t == nil then t = {} end
  if type(t) ~= "table" then
    error("bad argument #1 to 'encode.put' (table expected, got " .. type(t) .. ")", 2)
  end
  if key == nil then error("bad argument #2 to 'encode.put' (key expected, got nil)", 2) end
  if key ~= key then error("bad argument #2 to 'encode.put' (key is NaN)", 2) end
  if v == nil or v == null or v == "" or (type(v) == "table" and next(v) == nil) then return t end
  t[key] = v
  return t
end

return encode
