local native = require("lunar.test.native")

local WAIT = {}                -- what a test yields to ask the runner to wait
local root = { before = {}, after = {} }
local current = root           -- the group describe/it add to while loading
local tests = {}
local running                  -- the coroutine of the test being run

local test = {}

-- Formatting -----------------------------------------------------------

local function keyOrder(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

local function show(v, depth)
  depth = depth or 0
  local t = type(v)
  if t == "string" then return (string.format("%q", v):gsub("\\\n", "\\n")) end
  if t ~= "table" then return tostring(v) end
  if depth >= 3 then return "{...}" end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, keyOrder)
  local parts, n = {}, #v
  for i = 1, n do parts[#parts + 1] = show(v[i], depth + 1) end
  for _, k in ipairs(keys) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then
      local name = (type(k) == "string" and k:match("^[%a_][%w_]*$")) and k or ("[" .. show(k, depth + 1) .. "]")
      parts[#parts + 1] = name .. " = " .. show(v[k], depth + 1)
    end
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end
test.show = show

-- Deep equality: same keys, deeply equal values; cycles compare by pairing.
local function deepEqual(a, b, seen)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  seen = seen or {}
  if seen[a] == b then return true end
  seen[a] = b
  for k, v in pairs(a) do
    if not deepEqual(v, b[k], seen) then return false end
  end
  for k in pairs(b) do
    if a[k] == nil then return false end
  end
  return true
end

-- Expectations ----------------------------------------------------------

-- Each matcher returns whether it passed, then the messages for a failure
-- and for a failure under negation.
local matchers = {}

function matchers.toBe(actual, expected)
  return actual == expected,
    "expected " .. show(actual) .. " to be " .. show(expected),
    "expected " .. show(actual) .. " not to be " .. show(expected)
end

function matchers.toEqual(actual, expected)
  return deepEqual(actual, expected),
    "expected " .. show(actual) .. " to equal " .. show(expected),
    "expected " .. show(actual) .. " not to equal " .. show(expected)
end

function matchers.toContain(actual, item)
  local found = false
  if type(actual) == "string" and type(item) == "string" then
    found = actual:find(item, 1, true) ~= nil
  elseif type(actual) == "table" then
    for _, v in ipairs(actual) do
      if deepEqual(v, item) then found = true break end
    end
  end
  return found,
    "expected " .. show(actual) .. " to contain " .. show(item),
    "expected " .. show(actual) .. " not to contain " .. show(item)
end

function matchers.toMatch(actual, pattern)
  local ok = type(actual) == "string" and actual:match(pattern) ~= nil
  return ok,
    "expected " .. show(actual) .. " to match the pattern " .. show(pattern),
    "expected " .. show(actual) .. " not to match the pattern " .. show(pattern)
end

function matchers.toBeNil(actual)
  return actual == nil, "expected " .. show(actual) .. " to be nil", "expected a value, got nil"
end

function matchers.toBeTruthy(actual)
  return not not actual,
    "expected " .. show(actual) .. " to be truthy",
    "expected " .. show(actual) .. " not to be truthy"
end

function matchers.toBeFalsy(actual)
  return not actual,
    "expected " .. show(actual) .. " to be falsy",
    "expected " .. show(actual) .. " not to be falsy"
end

local Expectation = {}
local function run(self, name, ...)
  local pass, message, negated = matchers[name](rawget(self, "actual"), ...)
  if rawget(self, "negated") then pass, message = not pass, negated end
  -- Raised at level 2: the spec line that called the matcher (the matcher tail-calls run).
  if not pass then error(message, 2) end
  return self
end
-- A matcher reads the same called with a dot (Jest: `expect(x).toBe(1)`) or a colon
-- (`expect(x):toBe(1)`): an expectation is never a value a spec compares with.
Expectation.__index = function(self, key)
  if key == "never" or key == "Not" then
    return setmetatable({ actual = rawget(self, "actual"), negated = not rawget(self, "negated") }, Expectation)
  end
  if matchers[key] == nil then error("expect(...) has no matcher '" .. tostring(key) .. "'", 2) end
  return function(first, ...)
    if first == self then return run(self, key, ...) end
    return run(self, key, first, ...)
  end
end

function test.expect(value)
  return setmetatable({ actual = value, negated = false }, Expectation)
end

-- Structure -------------------------------------------------------------

local function checkLoading(what, level)
  if running then error(what .. " is for a spec file's top level or a describe block, not inside a test", level + 1) end
end

function test.describe(name, fn)
  checkLoading("describe", 2)
  if type(name) ~= "string" or type(fn) ~= "function" then
    error("describe(name, fn) takes a string and a function", 2)
  end
  local group = { name = name, parent = current, before = {}, after = {} }
  local outer = current
  current = group
  local ok, err = pcall(fn)
  current = outer
  if not ok then error(err, 0) end
end

function test.it(name, fn)
  checkLoading("it", 2)
  if type(name) ~= "string" or type(fn) ~= "function" then error("it(name, fn) takes a string and a function", 2) end
  tests[#tests + 1] = { name = name, fn = fn, group = current }
end

function test.before_each(fn)
  checkLoading("before_each", 2)
  if type(fn) ~= "function" then error("before_each(fn) takes a function", 2) end
  current.before[#current.before + 1] = fn
end

function test.after_each(fn)
  checkLoading("after_each", 2)
  if type(fn) ~= "function" then error("after_each(fn) takes a function", 2) end
  current.after[#current.after + 1] = fn
end

-- The driver --------------------------------------------------------------

-- Calls a native operation; its error is raised at the spec line that called app.*.
local function drive(fn, ...)
  local results = table.pack(pcall(fn, ...))
  if not results[1] then error(tostring(results[2]), 3) end
  return table.unpack(results, 2, results.n)
end

local app = {}
function app.open(url) drive(native.open, url) end
function app.type(field, text) drive(native.type, field, text) end
function app.clear(field) drive(native.clear, field) end
function app.submit(field) drive(native.submit, field) end
function app.tap(label) drive(native.tap, label) end
function app.back() drive(native.back) end
function app.home() return drive(native.home) end
function app.screen() return drive(native.screen) end
function app.title() return drive(native.title) end
function app.find(target) return drive(native.find, target) end
function app.stack() return drive(require("lunar.navigator").stack) end

function app.wait()
  if running == nil or coroutine.running() ~= running then
    error("app.wait() works in the body of it/before_each/after_each, not inside a callback or coroutine", 2)
  end
  local ok, message = coroutine.yield(WAIT)
  if not ok then error(message, 2) end
end
test.app = app

-- The runner's side ---------------------------------------------------------

local function failureText(e)
  if type(e) == "table" and type(e.message) == "string" then return e.message end
  if type(e) == "string" then return e end
  return show(e)
end

local runner = {}

-- The tests loaded so far: { {names = {describe..., it}}, ... }.
function runner.tests()
  local list = {}
  for i, t in ipairs(tests) do
    local names, group = { t.name }, t.group
    while group and group.name do
      table.insert(names, 1, group.name)
      group = group.parent
    end
    list[i] = names
  end
  return list
end

-- Starts test `index`: before_each hooks outermost first, the body, then
-- after_each hooks innermost first (always); a failed hook skips the body.
function runner.start(index)
  local t = tests[index]
  local groups, group = {}, t.group
  while group do
    table.insert(groups, 1, group)
    group = group.parent
  end
  running = coroutine.create(function()
    local failures = {}
    local function protect(fn)
      local ok, err = pcall(fn)
      if not ok then failures[#failures + 1] = failureText(err) end
      return ok
    end
    local ok = true
    for _, g in ipairs(groups) do
      for _, fn in ipairs(g.before) do
        if ok then ok = protect(fn) end
      end
    end
    if ok then protect(t.fn) end
    for i = #groups, 1, -1 do
      local after = groups[i].after
      for j = #after, 1, -1 do protect(after[j]) end
    end
    return failures
  end)
end

-- Resumes the running test: "wait" while it waits for the app to be idle,
-- else "done" and its failure messages.
function runner.resume(...)
  local co = running
  local ok, result = coroutine.resume(co, ...)
  if not ok then
    running = nil
    return "done", { failureText(result) }
  end
  if coroutine.status(co) == "dead" then
    running = nil
    return "done", result
  end
  return "wait"
end

test._runner = runner
return test
