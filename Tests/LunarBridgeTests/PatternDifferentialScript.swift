/// The Lua side of the differential pattern test: every case runs through
/// Lunar's `string` library and the global `stock` (Lua's own find, match,
/// gmatch and gsub; see ``installStockStringLibrary(in:)``) and the
/// printed results, error messages included, must be equal. Hand-written
/// cases cover each rule of the manual's §6.4.1 and each error; the rest are
/// random patterns from a small alphabet, from a fixed seed.
///
/// Arguments: the seed and the number of generated cases. Returns the number
/// of cases, how many matched, found nothing and raised, the number of
/// mismatches and the first twenty of them as text.
let patternDifferentialScript = #"""
local seed, generated = ...
local ours, stock = string, stock
local pack, unpack, concat, format = table.pack, table.unpack, table.concat, string.format

local function show(v)
  if type(v) == "string" then return format("%q", v) end
  return tostring(v)
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

local function iterate(gmatch, args)
  local it = gmatch(unpack(args, 1, args.n))
  local steps = {}
  for i = 1, 40 do
    local r = pack(it())
    steps[i] = showAll(r)
    if r[1] == nil then break end
  end
  return { n = 1, concat(steps, " ; ") }
end

local function run(lib, name, args)
  local ok, r
  if name == "gmatch" then
    ok, r = pcall(iterate, lib.gmatch, args)
  else
    ok, r = pcall(invoke, lib[name], args)
  end
  if not ok then return "error: " .. tostring(r), "error" end
  return showAll(r), (r[1] == nil and "nomatch" or "match")
end

local cases = {}
local function case(name, ...) cases[#cases + 1] = { name = name, args = pack(...) } end

-- Hand-written cases: each rule of the manual's §6.4.1 and each error.
local R = {}
R.upper = function(s) return s and s:upper() end
R.join = function(...) return concat({ ... }, "|", 1, select("#", ...)) end
R.none = function() return nil end
R.no = function() return false end
R.num = function() return 42 end
R.tbl = function() return {} end
R.count = function(...) return select("#", ...) end
local T = { a = "A", b = false, ab = "<ab>", ["1"] = 1, [1] = "one", c = {} }

case("find", "hello world", "o w")
case("find", "hello world", "o", 6)
case("find", "hello", "l", -2)
case("find", "hello", "", 10)
case("find", "hello", "", 6)
case("find", "hello", "", 5)
case("find", "hello", "", -10)
case("find", "hello", "", 0)
case("find", "a.b", ".", 1, true)
case("find", "a+b", "+", 1, true)
case("find", "a+b", "a+b", 1, true)
case("find", "a+b", "a+b", 1, false)
case("find", "a+b", "a+b", 1, nil)
case("find", "abc", "x", 1, true)
case("find", "abc", "abcd", 1, true)
case("find", "abc", "b)")
case("find", "abc", "(b)(c)")
case("find", "abc", "()b()")
case("find", "abc", "^b")
case("find", "abc", "^a")
case("find", "abc", "c$")
case("find", "abc", "b$")
case("find", "a$c", "$c")
case("find", "a$c", "a$c")
case("find", "^abc", "^^")
case("find", "", "")
case("find", "", "^$")
case("find", "", ".*")
case("find", "", "a*")
case("find", "", "()")
case("find", "abc", "%")
case("find", "abc", "a%")
case("find", "", "a%")
case("find", "abc", "[a")
case("find", "abc", "[a%")
case("find", "abc", "[a%]")
case("find", "abc", "[]")
case("find", "]", "[]]")
case("find", "a]", "[^]]")
case("find", "-", "[a-]")
case("find", "-", "[-a]")
case("find", "b", "[a-c]")
case("find", "%", "[%%]")
case("find", "x", "[%a-z]")
case("find", "-", "[%a-z]")
case("find", "f", "[%a-z]")
case("match", "hello world from Lua", "(%a+) (%a+)")
case("match", "key = value", "(%w+)%s*=%s*(%w+)")
case("match", "  trim  ", "^%s*(.-)%s*$")
case("match", "2024-01-15", "(%d+)-(%d+)-(%d+)")
case("match", "THE (quick) fox", "%((%a+)%)")
case("match", "f(a(b)c)d", "%b()")
case("match", "f(a(b)c", "%b()")
case("match", "''x''", "%b''")
case("match", "abc", "%b")
case("match", "abc", "%ba")
case("match", "THE (quick) fox", "%f[%a]%a+")
case("match", "THE (quick) fox", "%f[%l]%a+")
case("match", "hello", "%f[%z]")
case("match", "hello", "%f[%Z]")
case("match", "hello", "%f[^%a]")
case("match", "hello", "%f[%a]")
case("match", "hello", "%fa")
case("match", "hello", "%f")
case("match", "hello", "%f[a")
case("match", "abab", "(ab)%1")
case("match", "abab", "(ab)%2")
case("match", "abab", "(ab%1)")
case("match", "abab", "()%1")
case("match", "abab", "%0")
case("match", "abab", "%1")
case("match", "abab", "(a)(b)(%2)")
case("match", "aaa", "(a*(.)%w(%s*))")
case("match", "x = 10", "()=()")
case("match", "abc", "(")
case("match", "abc", "(()")
case("match", "abc", ")")
case("match", "abc", "a)")
case("match", "abc", "((a)")
case("match", "abc", "(a))")
case("match", "abc", "%a-$")
case("match", "abc", "a-b")
case("match", "abc", "a?b?c?d?")
case("match", "aaab", "a-b")
case("match", "aaab", "a*")
case("match", "aaab", "a+")
case("match", "baaa", "a+")
case("match", "aaab", "a-")
case("match", "aaab", "^a-$")
case("match", "aaab", ".-b")
case("match", "aaab", "[a]*b")
case("match", "aaab", "[^b]*")
case("match", "\0a\0", "%z")
case("match", "\0a\0", "[%z]")
case("match", "\0a\0", "\0a")
case("match", "a\0b", "[\0-a]+")
case("match", "a\0b", ".%z?.")
case("match", "\200\255", "[\128-\255]+")
case("match", "\200\255", "%A+")
case("match", "hello", "%A")
case("match", "HELLO", "%L+")
case("match", "a1 !", "%W+")
case("match", "a1 !", "%D+")
case("match", "a1 !", "%S+")
case("match", "a1 !", "%P+")
case("match", "a1 !", "%C+")
case("match", "a1 !", "%G+")
case("match", "a1 !", "%U+")
case("match", "a1 !", "%X+")
case("match", "a1 \t\n!", "%c+")
case("match", "a1 \t\n!", "%g+")
case("match", "a1 \t\n!", "%p")
case("match", "ff0Zx", "%x+")
case("match", "a.b", "%.")
case("match", "a.b", "%q")
case("match", "abc", "b", 3)
case("match", "abc", "b", -2)
case("match", "abc", "b", 100)
case("match", "abc", "b", -100)
case("match", "abc", "^b", 2)
case("match", "abc", "b", 1.0)
case("match", "abc", "b", 1.5)
case("match", "abc", "b", "2")
case("match", "abc", "b", "x")
case("match", 123, 2)
case("match", nil, "a")
case("match", "a", nil)
case("match", {}, "a")
case("match")
case("find", "abc")
case("find", "abc", "b", nil, 1)
case("match", ("a"):rep(300), ("a?"):rep(300))
case("match", ("a"):rep(150), ("a?"):rep(150))
case("match", ("a"):rep(199), ("(a)"):rep(30))
case("match", ("a"):rep(40), ("(a)"):rep(33))
case("match", ("a"):rep(40), ("()"):rep(32))
case("match", ("a"):rep(40), ("()"):rep(33))
case("match", ("a"):rep(300), ("a-"):rep(10) .. "$")
case("match", ("a"):rep(300), ".-%1")
case("match", "(x)", ("%b()"):rep(3))
case("gmatch", "one two  three", "%a+")
case("gmatch", "abc", "")
case("gmatch", "abc", "%w*")
case("gmatch", "abc", ".-")
case("gmatch", "a,b,,c", "([^,]*)")
case("gmatch", "k1=v1, k2=v2", "(%w+)=(%w+)")
case("gmatch", "abc", "()")
case("gmatch", "abc", "^a")
case("gmatch", "^a^a", "^a")
case("gmatch", "abcabc", "b", 3)
case("gmatch", "abcabc", "b", -2)
case("gmatch", "abcabc", "b", 10)
case("gmatch", "abcabc", "b", -10)
case("gmatch", "abcabc", "", 7)
case("gmatch", "abcabc", "", 8)
case("gmatch", "abc", "(")
case("gmatch", "abc", "%")
case("gmatch", "abc", "a)")
case("gmatch", nil, "a")
case("gsub", "hello world", "o", "0")
case("gsub", "hello world", "o", "0", 1)
case("gsub", "hello world", "o", "0", 0)
case("gsub", "hello world", "o", "0", -1)
case("gsub", "hello world", "o", "0", 1.5)
case("gsub", "hello world", "(o)", "[%1%1]")
case("gsub", "hello world", "o", "[%0]")
case("gsub", "hello world", "o", "[%1]")
case("gsub", "hello world", "o", "[%2]")
case("gsub", "hello world", "o", "%%")
case("gsub", "hello world", "o", "%")
case("gsub", "hello world", "o", "x%")
case("gsub", "hello world", "o", "%x")
case("gsub", "hello world", "o", "%\0")
case("gsub", "hello world", "()o", "%1")
case("gsub", "hello world", "(o", "%1")
case("gsub", "hello world", "o", 7)
case("gsub", "hello world", "o", 7.5)
case("gsub", "hello world", "o")
case("gsub", "hello world", "o", nil)
case("gsub", "hello world", "o", true)
case("gsub", "hello world", "%w+", R.upper)
case("gsub", "hello world", "(%w)(%w*)", R.join)
case("gsub", "hello world", "%w+", R.none)
case("gsub", "hello world", "%w+", R.no)
case("gsub", "hello world", "%w+", R.num)
case("gsub", "hello world", "%w+", R.tbl)
case("gsub", "hello world", "()%w+()", R.join)
case("gsub", "hello world", "", R.count)
case("gsub", "ab ab a 1 c", "%w+", T)
case("gsub", "ab ab a 1 c", "(%w)%w*", T)
case("gsub", "abc", "()", T)
case("gsub", "abc", "", "-")
case("gsub", "abc", "%w*", "-")
case("gsub", "abc", ".-", "-")
case("gsub", "abc", "x*", "-")
case("gsub", "abc", "b*", "-")
case("gsub", "abc", "^", "-")
case("gsub", "abc", "$", "-")
case("gsub", "abc", "^a", "-")
case("gsub", "aaa", "^a", "-")
case("gsub", "abc", "^", "-", 0)
case("gsub", "abc", "b", "%0%0", 100)
case("gsub", "abc", "(", "x")
case("gsub", "abc", "%", "x")
case("gsub", "", "", "x")
case("gsub", "", "x*", "y")
case("gsub", "x", "", "%1")
case("gsub", "x", "", "%2")
case("gsub", "hello", "l+", function(s) error("boom " .. s) end)
local E = setmetatable({}, { __tostring = function() return "E" end })
case("gsub", "hello", "l+", function(s) error(E) end)

-- Generated cases: random patterns from a small alphabet against random
-- subjects, through every function, with a fixed seed.
local state = seed
local function random(n)
  state = state * 6364136223846793005 + 1442695040888963407
  return ((state >> 33) % n) + 1
end
local function pick(list) return list[random(#list)] end

local atoms = {
  "a", "b", "c", "x", ".", "%a", "%d", "%s", "%w", "%p", "%l", "%u", "%x", "%c", "%g",
  "%A", "%D", "%S", "%W", "%.", "%%", "%(", "[ab]", "[^a]", "[a-c]", "[%d%s]", "[]]",
  "[^]a]", "[a-]", "[%a-]", "%b()", "%bab", "%f[%w]", "%f[%W]", "%f[a]", "%1", "%2",
  "%0", "$", "^", "-", "1", " ", "\0", "[\0-b]",
}
local quantifiers = { "", "", "", "*", "+", "-", "?" }
local specials = { "(", ")", "()", "%", "[", "[a", "%b", "%f", "%fa", "%9" }
local function pattern()
  local parts = {}
  if random(5) == 1 then parts[1] = "^" end
  local open = 0
  for _ = 1, random(6) do
    local roll = random(20)
    if roll <= 2 then
      parts[#parts + 1] = "("
      open = open + 1
    elseif roll <= 4 and open > 0 then
      parts[#parts + 1] = ")"
      open = open - 1
    elseif roll == 5 then
      parts[#parts + 1] = "()"
    elseif roll == 6 then
      parts[#parts + 1] = pick(specials)
    else
      parts[#parts + 1] = pick(atoms) .. pick(quantifiers)
    end
  end
  if random(4) > 1 then parts[#parts + 1] = (")"):rep(open) end
  if random(6) == 1 then parts[#parts + 1] = "$" end
  return concat(parts)
end
local letters = { "a", "a", "b", "b", "c", "x", "1", "2", " ", "(", ")", "-", ".", "%", "A", "B", "\0", "\200", "\n", "]" }
local function subject()
  local parts = {}
  for i = 1, random(12) - 1 do parts[i] = pick(letters) end
  return concat(parts)
end
local inits = { 1, 2, 3, 0, -1, -2, -5, 20, -20 }
local templates = { "<%0>", "%1", "%2-%1", "%%", "x", "%", "%a", "[%1]", "" }
local replacements = { R.upper, R.join, R.none, R.no, R.count, T }

for _ = 1, generated do
  local p, s = pattern(), subject()
  local kind = random(7)
  if kind == 1 then
    case("find", s, p)
  elseif kind == 2 then
    case("find", s, p, pick(inits), random(4) == 1)
  elseif kind == 3 then
    case("match", s, p, pick(inits))
  elseif kind == 4 then
    case("gmatch", s, p, random(3) == 1 and pick(inits) or nil)
  elseif kind == 5 then
    case("gsub", s, p, pick(templates))
  elseif kind == 6 then
    case("gsub", s, p, pick(replacements), random(3) == 1 and random(4) - 1 or nil)
  else
    case("match", s, p)
  end
end

local mismatches, outcomes = {}, { match = 0, nomatch = 0, error = 0 }
for _, c in ipairs(cases) do
  local mine, outcome = run(ours, c.name, c.args)
  local theirs = run(stock, c.name, c.args)
  outcomes[outcome] = outcomes[outcome] + 1
  if mine ~= theirs then
    mismatches[#mismatches + 1] = format("%s(%s)\n  ours:  %s\n  stock: %s", c.name, showAll(c.args), mine, theirs)
  end
end
return #cases, outcomes.match, outcomes.nomatch, outcomes.error, #mismatches, concat(mismatches, "\n", 1, math.min(#mismatches, 20))
"""#
