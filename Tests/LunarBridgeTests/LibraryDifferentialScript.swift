/// The Lua side of the differential test of Lunar's budgeted library functions
/// (`Sources/CLunar/lunar_library.c`): every case runs through Lunar's function
/// and the stock one (the global `stocklib`, made by ``installStockLibraries(in:)``)
/// and the printed results, error messages included, and the contents of the
/// table arguments afterwards must be equal. Hand-written cases cover each
/// function's rules and errors (manual §6.4-§6.6); the rest are generated from a
/// fixed seed: short strings with multibyte and invalid UTF-8, small tables and
/// positions around the edges.
///
/// Arguments: the seed and the number of generated cases. Returns the number of
/// cases, how many raised, the number of mismatches and the first twenty of them.
let libraryDifferentialScript = #"""
local stock, oursmeta = stocklib, oursmeta
local seed, generated = ...
local ours = {
  string = string, table = table, utf8 = utf8,
  base = { tonumber = tonumber, load = load, collectgarbage = collectgarbage },
  meta = oursmeta,
}
local pack, unpack, concat, format, sort = table.pack, table.unpack, table.concat, string.format, table.sort

local function show(v, depth)
  local t = type(v)
  if t == "string" then return format("%q", v) end
  if t == "table" and (depth or 0) < 3 then
    local keys = {}
    for k in next, v do keys[#keys + 1] = k end
    sort(keys, function(a, b) return show(a) < show(b) end)
    local parts = {}
    for i, k in ipairs(keys) do parts[i] = show(k, 9) .. "=" .. show(rawget(v, k), (depth or 0) + 1) end
    return "{" .. concat(parts, ",") .. "}"
  end
  if t == "function" or t == "table" then return t end
  return math.type(v) == "float" and format("%.17g", v) or tostring(v)
end

local function showAll(r)
  local parts = {}
  for i = 1, r.n do parts[i] = show(r[i]) end
  return concat(parts, ", ")
end

-- A call through a local, not a tail call: both sides get the same function
-- name and position in their error messages.
local function invoke(fn, args)
  local r = pack(fn(unpack(args, 1, args.n)))
  return r
end

-- Iterates what utf8.codes returns, at most 40 steps.
local function iterate(fn, args)
  local step, s, control = fn(unpack(args, 1, args.n))
  local out = {}
  for i = 1, 40 do
    local r = pack(step(s, control))
    out[i] = showAll(r)
    if r[1] == nil then break end
    control = r[1]
  end
  return { n = 1, concat(out, " ; ") }
end

local function run(lib, group, name, make, how)
  local fn = lib[group][name]
  local args = pack(make())
  local ok, r = pcall(how or invoke, fn, args)
  local out = ok and showAll(r) or ("error: " .. tostring(r))
  for i = 1, args.n do
    if type(args[i]) == "table" then out = out .. " | #" .. i .. " " .. show(args[i]) end
  end
  return out, ok
end

local cases = {}
local function case(group, name, ...)
  local args = pack(...)
  local how
  if type(args[1]) == "string" and args[1] == "@iterate" then how = iterate; args = pack(select(2, ...)) end
  local maker = function()
    -- Fresh copies of table arguments, so a mutating call on one side leaves the other alone.
    local copy = { n = args.n }
    for i = 1, args.n do
      local v = args[i]
      if type(v) == "table" then
        local c = {}
        for k, x in next, v do c[k] = x end
        v = setmetatable(c, getmetatable(v))
      end
      copy[i] = v
    end
    return unpack(copy, 1, copy.n)
  end
  cases[#cases + 1] = { group = group, name = name, make = maker, how = how, text = group .. "." .. name }
end

local maxi, mini = math.maxinteger, math.mininteger
-- string.rep
for _, a in ipairs({ {"x", 3}, {"ab", 3, ","}, {"", 5}, {"", 5, "-"}, {"x", 0}, {"x", -1}, {"x", 1, "sep"},
  {"abc", 2^31}, {5, 2}, {{}, 1}, {"x"}, {"x", 1.5}, {"x", "3"}, {"a", 2^40, ""}, {"x", 10, ""}, {"", 3, ""},
  {"ab", 1000, "-"}, {"x", maxi}, {"", maxi, "x"}, {"abc", 7, {}} }) do case("string", "rep", unpack(a, 1, 3)) end
-- string.byte
for _, a in ipairs({ {"abc"}, {"abc", 2}, {"abc", -1}, {"abc", 1, -1}, {"abc", 0}, {"abc", 10}, {"abc", -10, 2},
  {"abc", 3, 1}, {"", 1}, {123, 1, 3}, {"abc", 1.5}, {{}, 1}, {"abc", mini, maxi}, {"\0\255", 1, 2}, {"abc", "2"} }) do
  case("string", "byte", unpack(a, 1, 3))
end
-- string.pack, packsize, unpack
case("string", "pack", "i4", 7) case("string", "pack", "z", "abc") case("string", "pack", "<i2 >i2", 1, 2)
case("string", "pack", "!!  ", 1) case("string", "pack", "q") case("string", "pack", 7)
case("string", "packsize", "i4i8") case("string", "packsize", "z") case("string", "packsize", "  !4 i2")
for _, a in ipairs({ {"z", "ab\0cd"}, {"z", "abc"}, {"i4", "\7\0\0\0"}, {"z", "a\0b\0", 3}, {"zz", "a\0b\0"},
  {"z", "abc\0", -2}, {"z", "abc", 10}, {"z", "abc", 0}, {"B z", "\1x\0"}, {"z", "abc", "x"}, {1, "abc"},
  {"z", 123}, {"s1", "\3abc"}, {"i2", "\1"} }) do
  case("string", "unpack", unpack(a, 1, 3))
end
-- the strings' arithmetic
for _, a in ipairs({ {"__add", "10", 1}, {"__mul", "3", "4"}, {"__add", "0x10", 0}, {"__add", "abc", 1},
  {"__unm", "2", "2"}, {"__idiv", "10", "3"}, {"__pow", "2", "3"}, {"__mod", "7", "2"}, {"__div", "1", "4"},
  {"__sub", " 5 ", "1e1"}, {"__add", {}, "1"}, {"__add", "1", {}} }) do
  case("meta", a[1], a[2], a[3])
end
-- table.insert
for _, a in ipairs({ {{1,2,3}, 4}, {{1,2,3}, 1, 0}, {{1,2,3}, 4, 9}, {{1,2,3}, 5, 9}, {{1,2,3}, 0, 9}, {{}, 1, 2, 3},
  {nil, 1}, {{1,2}}, {{1,2}, "2", 5}, {{1,2}, 1.5, 5}, {"str", 1}, {{}, 1, nil}, {{1,2,3}, 2, "x"}, {{n=1}, -1, 0},
  {{1,2,3}, mini, 0} }) do
  case("table", "insert", unpack(a, 1, 4))
end
-- tables with metatables: a length of their own, reads and writes through functions
local counted = setmetatable({ 1, 2 }, { __len = function() return 5 end })
local proxied = setmetatable({}, { __index = function(_, k) return k * 2 end,
  __newindex = function(t, k, v) rawset(t, k, v and v .. "!") end, __len = function() return 3 end })
local plain = setmetatable({ 1, 2, 3 }, {})
for _, t in ipairs({ counted, proxied, plain }) do
  case("table", "insert", t, "x") case("table", "insert", t, 1, "y") case("table", "insert", t, 2, "z")
  case("table", "remove", t) case("table", "remove", t, 1)
  case("table", "move", t, 1, 3, 2) case("table", "move", t, 1, 3, 1, {})
  case("table", "concat", t, ",") case("table", "unpack", t)
end
case("table", "sort", setmetatable({ 3, 1, 2 }, { __len = function() return 3 end }))
case("table", "sort", setmetatable({ 3, 1, 2 }, {}))
-- table.remove
for _, a in ipairs({ {{1,2,3}}, {{1,2,3}, 1}, {{1,2,3}, 3}, {{1,2,3}, 4}, {{1,2,3}, 5}, {{}, 0}, {{}}, {{1,2,3}, -1},
  {{[0]="z"}, 0}, {{}, 1}, {{}, -1}, {{1,2,3}, "2"}, {{1,2,3}, 2.5}, {"str"}, {{1,2,3}, 2} }) do
  case("table", "remove", unpack(a, 1, 2))
end
-- table.move
for _, a in ipairs({ {{1,2,3}, 1, 3, 2}, {{1,2,3}, 1, 3, 3}, {{1,2,3}, 2, 3, 1}, {{1,2,3}, 1, 3, 1, {}},
  {{1,2,3}, 1, 0, 5}, {{}, 1, maxi, 2}, {{}, -1, maxi, 2}, {{}, 1, 2, maxi}, {1, 1, 2, 3}, {{1,2}, 1, 2, 1, "x"},
  {{1,2,3}, 1, 3, 2, nil}, {{1,2,3,4,5}, 2, 4, 3}, {{1,2,3,4,5}, 3, 5, 1}, {{1,2,3}, 0, 2, 5, {9}}, {{1,2,3}, mini, mini + 2, 1},
  {{1,2}, 1, 2, "3"}, {{1,2}, 1.5, 2, 3} }) do
  case("table", "move", unpack(a, 1, 5))
end
-- table.concat
for _, a in ipairs({ {{1,2,3}}, {{1,2,3}, ","}, {{"a","b","c"}, ", ", 2}, {{"a","b"}, "", 1, 3}, {{"a", {}}},
  {{}, "x"}, {{1,2,3}, ",", 3, 1}, {{1.5, 2}}, {nil}, {{"a"}, {}}, {{"a","b","c"}, "-", -1, 1}, {{"a", true}},
  {{"x","y"}, 5}, {{[0]="z", "a"}, "", 0} }) do
  case("table", "concat", unpack(a, 1, 4))
end
-- table.unpack
local lengthy = setmetatable({}, { __len = function() return 3 end, __index = function(t, k) return k * 10 end })
for _, a in ipairs({ {{1,2,3}}, {{1,2,3}, 2}, {{1,2,3}, 2, 3}, {{1,2,3}, 3, 2}, {{1,2,3}, -1, 1}, {{}, 1, 1e8},
  {{}, mini, maxi}, {{}, 1, 0}, {lengthy}, {lengthy, 2}, {nil}, {"abc"}, {{1,2}, "1", "2"}, {{1,2}, 1.5} }) do
  case("table", "unpack", unpack(a, 1, 3))
end
-- table.sort
for _, a in ipairs({ {{3,1,2}}, {{3,1,2}, function(a, b) return a > b end}, {{"b","a","c"}}, {{1,"x"}},
  {{3,1,2}, 1}, {{}}, {nil}, {{5,4,3,2,1,0,-1}}, {{2,1}, "x"} }) do
  case("table", "sort", unpack(a, 1, 2))
end
-- utf8
local utf8cases = { "héllo", "\xff", "a\xffb", "", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\x80",
  "\xf8\x88\x80\x80\x80", "\xfd\xbf\xbf\xbf\xbf\xbf", "a\x80", "\x80", "\xe9b", "日本語", "\xf0\x9f\x98\x80!" }
for _, s in ipairs(utf8cases) do
  for _, lax in ipairs({ false, true }) do
    case("utf8", "len", s, 1, -1, lax)
    case("utf8", "codepoint", s, 1, -1, lax)
    case("utf8", "codes", "@iterate", s, lax)
  end
  for _, n in ipairs({ -3, -1, 0, 1, 2, 3, 10 }) do case("utf8", "offset", s, n) end
end
for _, a in ipairs({ {"héllo", 3}, {"héllo", 2}, {"abc", 5}, {"abc", 1, 4}, {"abc", 0}, {"", 1}, {"abc", 4},
  {"abc", -2, -1}, {"abc", 2, 1}, {42}, {"abc", 1.5} }) do
  case("utf8", "len", unpack(a, 1, 3))
  case("utf8", "codepoint", unpack(a, 1, 3))
end
for _, a in ipairs({ {"héllo", 1, 3}, {"abc", 1, 5}, {"abc", 0, 4}, {"", 1}, {"", -1}, {"abc", 1.5}, {"héllo", 0, 3},
  {"héllo", -1, 3}, {"abc", 2, -1}, {"abc"}, {"héllo", 2, 2} }) do
  case("utf8", "offset", unpack(a, 1, 3))
end
-- base
for _, a in ipairs({ {"10"}, {"0x10"}, {"  12  "}, {"1e2"}, {"z", 36}, {"ff", 16}, {"8", 8}, {"10", 1}, {"10", 37},
  {10, 16}, {nil}, {}, {"", 10}, {" -7 ", 10}, {{}}, {"1e"}, {"0x"}, {"7fffffffffffffff", 16}, {"ZZ", 36},
  {"12", "10"}, {"1 2"}, {"inf"}, {"nan"}, {" 0x1p4 "} }) do
  case("base", "tonumber", unpack(a, 1, 2))
end
local function reader(pieces) return function() local i = 0 return function() i = i + 1 return pieces[i] end end end
for _, a in ipairs({ {"return 1 + 1"}, {"return +"}, {"x = ", "=name"}, {42}, {"return ...", "chunk", "b"},
  {"return 1", "chunk", "t", {}} }) do
  case("base", "load", unpack(a, 1, 4))
end
case("base", "collectgarbage", "bogus") case("base", "collectgarbage", "isrunning") case("base", "collectgarbage", 42)

-- Generated: short strings, positions and counts around the edges.
local rng = seed
local function random(n) rng = (rng * 1103515245 + 12345) % 2147483648 return rng % n end
local alphabet = { "a", "b", "é", "\xff", "\x80", "日", "", "\0", "," }
local function word() local parts = {} for i = 1, random(5) do parts[i] = alphabet[random(#alphabet) + 1] end return concat(parts) end
local function position() return random(13) - 6 end
local function list() local t = {} for i = 1, random(6) do t[i] = random(3) == 0 and word() or random(10) end return t end
for _ = 1, generated do
  local kind = random(12)
  if kind == 0 then case("string", "rep", word(), position(), random(2) == 0 and word() or nil)
  elseif kind == 1 then case("string", "byte", word(), position(), position())
  elseif kind == 2 then case("utf8", "len", word(), position(), position(), random(2) == 0)
  elseif kind == 3 then case("utf8", "codepoint", word(), position(), position(), random(2) == 0)
  elseif kind == 4 then case("utf8", "offset", word(), position(), random(3) == 0 and position() or nil)
  elseif kind == 5 then case("utf8", "codes", "@iterate", word(), random(2) == 0)
  elseif kind == 6 then case("table", "insert", list(), position(), word())
  elseif kind == 7 then case("table", "remove", list(), position())
  elseif kind == 8 then case("table", "move", list(), position(), position(), position(), random(2) == 0 and list() or nil)
  elseif kind == 9 then
    local t = list() for i = 1, #t do t[i] = tostring(t[i]) end
    case("table", "concat", t, word(), position(), position())
  elseif kind == 10 then case("table", "unpack", list(), position(), position())
  else
    local t = {} for i = 1, random(20) do t[i] = random(100) end
    case("table", "sort", t)
  end
end

local mismatches, raised, shown = 0, 0, {}
for _, c in ipairs(cases) do
  local a, ok = run(ours, c.group, c.name, c.make, c.how)
  local b = run(stock, c.group, c.name, c.make, c.how)
  if not ok then raised = raised + 1 end
  if a ~= b then
    mismatches = mismatches + 1
    if #shown < 20 then shown[#shown + 1] = c.text .. ": ours " .. a .. " / stock " .. b end
  end
end
return #cases, raised, mismatches, concat(shown, "\n")
"""#
