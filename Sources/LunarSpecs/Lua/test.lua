-- lunar.test: the spec language of `lunar test` (docs/testing.md). The spec prelude makes
-- its public functions globals; the Swift runner drives the tests through `test._runner`.
local native = require("lunar.test.native")

local WAIT = {}                -- what a test yields to ask the runner to wait
local PENDING = {}             -- the metatable of what pending() raises
local function newGroup(name, parent)
  return { name = name, parent = parent, before = {}, after = {}, setup = {}, teardown = {}, spies = {} }
end
local root = newGroup(nil, nil)
local current = root           -- the group describe/it add to while loading
local tests = {}
local order = {}               -- the indices of the tests the runner will start, in order
local previous = {}            -- the groups of the test started last, outermost first
local running                  -- the coroutine of the test being run
local phase                    -- "test" while before_each, the body or after_each runs
local spyOwner                 -- the list a new spy is added to, restored when its scope ends
local snapshotCounts = {}      -- full test name -> toMatchSnapshot() calls so far
local runningNames             -- the running test's full name
local testSpies = {}           -- the spies the running test made

local test = {}

-- Formatting -----------------------------------------------------------

local function keyOrder(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

local function sortedKeys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, keyOrder)
  return keys
end

local function show(v, depth)
  depth = depth or 0
  local t = type(v)
  if t == "string" then return (string.format("%q", v):gsub("\\\n", "\\n")) end
  if t ~= "table" then return tostring(v) end
  if depth >= 3 then return "{...}" end
  local parts, n = {}, #v
  for i = 1, n do parts[#parts + 1] = show(v[i], depth + 1) end
  for _, k in ipairs(sortedKeys(v)) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then
      local name = (type(k) == "string" and k:match("^[%a_][%w_]*$")) and k or ("[" .. show(k, depth + 1) .. "]")
      parts[#parts + 1] = name .. " = " .. show(v[k], depth + 1)
    end
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

--- Formats a value as the failure messages show it: strings quoted, tables as constructors
--- (keys sorted, nested three levels deep).
---@param value any
---@return string
function test.show(value)
  return show(value)
end

local function failureText(e)
  if type(e) == "table" and type(e.message) == "string" then return e.message end
  if type(e) == "string" then return e end
  return show(e)
end

local function pathStep(k)
  if type(k) == "string" and k:match("^[%a_][%w_]*$") then return "." .. k end
  return "[" .. show(k) .. "]"
end

-- The first difference between `actual` and `expected`: its path (from `path`), then the two
-- values there; nothing when they are deeply equal. Expected's keys are visited first, in
-- sorted order, then keys only `actual` has; cycles compare by pairing.
local function firstDifference(actual, expected, path, seen)
  if actual == expected then return nil end
  if type(actual) ~= "table" or type(expected) ~= "table" then return path, actual, expected end
  if seen[actual] == expected then return nil end
  seen[actual] = expected
  for _, k in ipairs(sortedKeys(expected)) do
    local at, a, e = firstDifference(actual[k], expected[k], path .. pathStep(k), seen)
    if at then return at, a, e end
  end
  for _, k in ipairs(sortedKeys(actual)) do
    if expected[k] == nil then return path .. pathStep(k), actual[k], nil end
  end
  return nil
end

local function deepEqual(a, b)
  return firstDifference(a, b, "", {}) == nil
end

-- Spies -------------------------------------------------------------------

local spyOf = setmetatable({}, { __mode = "k" })   -- a spy, or the function it installs -> the spy

local function argumentList(args)
  local parts = {}
  for i = 1, args.n do parts[i] = show(args[i]) end
  return "(" .. table.concat(parts, ", ") .. ")"
end

local function makeSpy(name, original, target, key)
  local s = { calls = {} }
  local implementation, fixed, restored = original, nil, false
  s.fn = function(...)
    s.calls[#s.calls + 1] = table.pack(...)
    if fixed then return table.unpack(fixed, 1, fixed.n) end
    if implementation then return implementation(...) end
  end
  -- Methods read the same with a dot or a colon.
  local function method(body)
    return function(first, ...)
      if first == s then return body(...) end
      return body(first, ...)
    end
  end
  s.returns = method(function(...)
    fixed, implementation = table.pack(...), nil
    return s
  end)
  s.invokes = method(function(fn)
    if type(fn) ~= "function" then error("spy:invokes(fn) takes a function, got " .. show(fn), 3) end
    fixed, implementation = nil, fn
    return s
  end)
  s.restore = method(function()
    if target ~= nil and not restored then target[key] = original end
    restored = true
  end)
  spyOf[s], spyOf[s.fn] = s, s
  setmetatable(s, {
    __call = function(_, ...) return s.fn(...) end,
    __tostring = function() return "spy " .. name end,
    __name = name,
  })
  if spyOwner then spyOwner[#spyOwner + 1] = s end
  return s
end

local function spyName(s)
  return getmetatable(s).__name
end

local function restoreAll(list)
  for i = #list, 1, -1 do list[i].restore() end
  for i = #list, 1, -1 do list[i] = nil end
end

---@class lunar.test.Spy
---@field calls table[] the arguments of each call, in order, each packed (`n` holds the count)
---@field fn function the function that records calls (what `spy.on` installs; pass it where a function is needed)
---@field returns fun(self: lunar.test.Spy, ...: any): lunar.test.Spy stop calling through; return these values
---@field invokes fun(self: lunar.test.Spy, fn: function): lunar.test.Spy call `fn` instead
---@field restore fun(self: lunar.test.Spy) put the original function back (automatic at the end of the test)

local spy = {}

--- Replaces `target[name]` with a spy that calls the original function and records every call;
--- the original comes back with `restore()`, or by itself at the end of the test (of the
--- describe block, for a spy made in `setup`).
---@param target table
---@param name string
---@return lunar.test.Spy
function spy.on(target, name)
  if type(target) ~= "table" then error("spy.on(target, name) takes a table, got " .. show(target), 2) end
  local original = target[name]
  if type(original) ~= "function" and not spyOf[original] then
    error("spy.on(target, " .. show(name) .. "): the field is " .. show(original) .. ", not a function", 2)
  end
  local s = makeSpy(tostring(name), original, target, name)
  target[name] = s.fn
  return s
end

--- A spy not installed anywhere: it records its calls and calls `fn` (if any). Call it, or
--- pass its `fn` where a function is needed.
---@param fn function|nil
---@return lunar.test.Spy
function spy.new(fn)
  if fn ~= nil and type(fn) ~= "function" then error("spy.new(fn) takes a function or nothing, got " .. show(fn), 2) end
  return makeSpy("spy", fn)
end
test.spy = spy

-- Expectations ----------------------------------------------------------

-- Each matcher returns whether it passed, then the messages for a failure and for a
-- failure under negation; nil and a message when it was called wrongly.
local matchers = {}

function matchers.toBe(actual, expected)
  return actual == expected,
    "expected " .. show(actual) .. " to be " .. show(expected),
    "expected " .. show(actual) .. " not to be " .. show(expected)
end

function matchers.toEqual(actual, expected)
  local at, a, e = firstDifference(actual, expected, "value", {})
  local message = "expected " .. show(actual) .. " to equal " .. show(expected)
  if at and type(actual) == "table" and type(expected) == "table" then
    message = at .. ": expected " .. show(e) .. ", got " .. show(a)
  end
  return at == nil, message, "expected " .. show(actual) .. " not to equal " .. show(expected)
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

function matchers.toThrow(actual, text)
  if type(actual) ~= "function" and not spyOf[actual] then
    return nil, "toThrow() takes a function to call, got " .. show(actual)
  end
  if text ~= nil and type(text) ~= "string" then
    return nil, "toThrow(text) takes a string (found as plain text in the message), got " .. show(text)
  end
  local ok, err = pcall(actual)
  if not ok and getmetatable(err) == PENDING then error(err, 0) end
  local wanted = text and (" an error containing " .. show(text)) or ""
  if ok then return false, "expected the function to throw" .. wanted .. ", but it returned", "" end
  local message = failureText(err)
  return text == nil or message:find(text, 1, true) ~= nil,
    "expected the function to throw" .. wanted .. ", but it threw " .. show(message),
    "expected the function not to throw" .. wanted .. ", but it threw " .. show(message)
end

local function calledSpy(actual, matcher)
  local s = spyOf[actual]
  if s then return s end
  return nil, matcher .. " takes a spy (spy.on or spy.new) or the function it installed, got " .. show(actual)
end

local function callList(s)
  if #s.calls == 0 then return "it was never called" end
  local parts = {}
  for i, args in ipairs(s.calls) do parts[i] = argumentList(args) end
  return "its calls: " .. table.concat(parts, ", ")
end

function matchers.toHaveBeenCalled(actual)
  local s, usage = calledSpy(actual, "toHaveBeenCalled()")
  if not s then return nil, usage end
  local count = #s.calls
  return count > 0,
    "expected " .. spyName(s) .. " to have been called, but it was never called",
    "expected " .. spyName(s) .. " not to have been called, but it was called " .. count .. " time(s)"
end

function matchers.toHaveBeenCalledTimes(actual, times)
  local s, usage = calledSpy(actual, "toHaveBeenCalledTimes(n)")
  if not s then return nil, usage end
  if math.type(times) ~= "integer" then return nil, "toHaveBeenCalledTimes(n) takes an integer, got " .. show(times) end
  local count = #s.calls
  return count == times,
    "expected " .. spyName(s) .. " to have been called " .. times .. " time(s), but it was called "
      .. count .. " time(s)",
    "expected " .. spyName(s) .. " not to have been called " .. times .. " time(s)"
end

function matchers.toHaveBeenCalledWith(actual, ...)
  local s, usage = calledSpy(actual, "toHaveBeenCalledWith(...)")
  if not s then return nil, usage end
  local wanted = table.pack(...)
  local found = false
  for _, args in ipairs(s.calls) do
    if deepEqual(args, wanted) then found = true break end
  end
  return found,
    "expected " .. spyName(s) .. " to have been called with " .. argumentList(wanted) .. ", but " .. callList(s),
    "expected " .. spyName(s) .. " not to have been called with " .. argumentList(wanted)
end

function matchers.toMatchSnapshot(actual)
  if type(actual) ~= "string" then
    return nil, "toMatchSnapshot() takes a string (the screen: app.screen()), got " .. show(actual)
  end
  if runningNames == nil then return nil, "toMatchSnapshot() works inside a test" end
  local count = (snapshotCounts[runningNames] or 0) + 1
  snapshotCounts[runningNames] = count
  local ok, failure = pcall(native.snapshot, runningNames .. " " .. count, actual)
  if not ok then return nil, tostring(failure) end
  return failure == nil, failure, ""
end

-- Matchers with no meaning under negation.
local notNegatable = { toMatchSnapshot = true }

local Expectation = {}
local function run(self, name, ...)
  local negated = rawget(self, "negated")
  if negated and notNegatable[name] then error(name .. "() cannot be negated (never)", 2) end
  local pass, message, negatedMessage = matchers[name](rawget(self, "actual"), ...)
  -- Raised at level 2: the spec line that called the matcher (the matcher tail-calls run).
  if pass == nil then error(message, 2) end
  if negated then pass, message = not pass, negatedMessage end
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

---@class lunar.test.Expectation
---@field never lunar.test.Expectation the same expectation, negated (alias `Not`)
---@field toBe fun(self: lunar.test.Expectation, expected: any): lunar.test.Expectation `value == expected`
---@field toEqual fun(self: lunar.test.Expectation, expected: any): lunar.test.Expectation deeply equal
---@field toContain fun(self: lunar.test.Expectation, item: any): lunar.test.Expectation a substring, or an element
---@field toMatch fun(self: lunar.test.Expectation, pattern: string): lunar.test.Expectation matches the Lua pattern
---@field toBeNil fun(self: lunar.test.Expectation): lunar.test.Expectation `value == nil`
---@field toBeTruthy fun(self: lunar.test.Expectation): lunar.test.Expectation neither nil nor false
---@field toBeFalsy fun(self: lunar.test.Expectation): lunar.test.Expectation nil or false
---@field toThrow fun(self: lunar.test.Expectation, text?: string): lunar.test.Expectation calling it raises
---@field toHaveBeenCalled fun(self: lunar.test.Expectation): lunar.test.Expectation the spy was called
---@field toHaveBeenCalledTimes fun(self: lunar.test.Expectation, n: integer): lunar.test.Expectation
---@field toHaveBeenCalledWith fun(self: lunar.test.Expectation, ...: any): lunar.test.Expectation
---@field toMatchSnapshot fun(self: lunar.test.Expectation): lunar.test.Expectation equals the stored snapshot

--- Starts an expectation about `value`; a failed matcher raises at the calling spec line.
---@param value any
---@return lunar.test.Expectation
function test.expect(value)
  return setmetatable({ actual = value, negated = false }, Expectation)
end

-- Structure -------------------------------------------------------------

local function checkLoading(what, level)
  if running then error(what .. " is for a spec file's top level or a describe block, not inside a test", level + 1) end
end

---@class lunar.test.GroupOptions
---@field sharedApp boolean|nil true: the group's tests run one after another in one app (fresh before the first)

local groupOptions = { sharedApp = "boolean" }
local sharedGroups = 0         -- how many groups asked to share their app, so far

--- Declares a group of tests; `fn` runs at once, while the file loads. Groups nest.
--- Each test starts from a fresh app; with `{ sharedApp = true }` (between the name and `fn`)
--- the group's tests, nested groups' included, share one app instead.
---@param name string
---@param options lunar.test.GroupOptions|function options, or `fn`
---@param fn function|nil
function test.describe(name, options, fn)
  checkLoading("describe", 2)
  if fn == nil and type(options) == "function" then options, fn = {}, options end
  if type(name) ~= "string" or type(options) ~= "table" or type(fn) ~= "function" then
    error("describe(name, fn) takes a string and a function (describe(name, options, fn): an options table between)", 2)
  end
  for key, value in pairs(options) do
    local wanted = groupOptions[key]
    if wanted == nil then
      error("describe(name, options, fn): no option " .. show(key) .. " (options: sharedApp)", 2)
    end
    if type(value) ~= wanted then
      error("describe(name, options, fn): " .. tostring(key) .. " takes a " .. wanted .. ", got " .. show(value), 2)
    end
  end
  local outer = current
  current = newGroup(name, outer)
  if options.sharedApp then
    sharedGroups = sharedGroups + 1
    current.sharedApp = sharedGroups
  end
  local ok, err = pcall(fn)
  current = outer
  if not ok then error(err, 0) end
end

--- Declares a test; without `fn` it is a test still to write, reported as pending (TAP `# TODO`).
---@param name string
---@param fn function|nil
function test.it(name, fn)
  checkLoading("it", 2)
  if type(name) ~= "string" or (fn ~= nil and type(fn) ~= "function") then
    error("it(name, fn) takes a string and a function (or no function: a test to write)", 2)
  end
  tests[#tests + 1] = { name = name, fn = fn, group = current }
end

local function addHook(list, what, fn)
  checkLoading(what, 3)
  if type(fn) ~= "function" then error(what .. "(fn) takes a function", 3) end
  list[#list + 1] = fn
end

--- Runs `fn` before each test of the enclosing group and its nested groups, outermost first.
---@param fn function
function test.before_each(fn)
  addHook(current.before, "before_each", fn)
end

--- Runs `fn` after each test of the enclosing group, innermost first, even when the test failed.
---@param fn function
function test.after_each(fn)
  addHook(current.after, "after_each", fn)
end

--- Runs `fn` once, before the first test of the enclosing group that runs.
---@param fn function
function test.setup(fn)
  addHook(current.setup, "setup", fn)
end

--- Runs `fn` once, after the last test of the enclosing group that runs.
---@param fn function
function test.teardown(fn)
  addHook(current.teardown, "teardown", fn)
end

--- Stops the running test and reports it as pending (TAP `# SKIP`), with the reason.
---@param reason string|nil
function test.pending(reason)
  if phase ~= "test" then
    error("pending(reason) works inside a test; a test still to write is it(name) without a function", 2)
  end
  error(setmetatable({ reason = reason ~= nil and tostring(reason) or "" }, PENDING), 0)
end

-- The driver --------------------------------------------------------------

-- Calls a native operation; its error is raised at the spec line that called app.*.
local function drive(fn, ...)
  local results = table.pack(pcall(fn, ...))
  if not results[1] then error(tostring(results[2]), 3) end
  return table.unpack(results, 2, results.n)
end

---@class lunar.test.app
local app = {}

--- Opens a URL through the app's router (`/items/3`); an unmatched URL is an error.
---@param url string
function app.open(url) drive(native.open, url) end

--- Types into a field (its id or placeholder), one change per character.
---@param field string
---@param text string
function app.type(field, text) drive(native.type, field, text) end

--- Empties a field (its id or placeholder).
---@param field string
function app.clear(field) drive(native.clear, field) end

--- Submits a field (its id or placeholder).
---@param field string
function app.submit(field) drive(native.submit, field) end

--- Taps a button (title or id), a pressable text or row, or an alert button.
---@param label string
function app.tap(label) drive(native.tap, label) end

--- Holds down an element that handles onLongPress (its id, label or accessibility label).
---@param label string
function app.longPress(label) drive(native.longPress, label) end

--- Touches down on a pressable element (as app.tap finds it) and holds it: a Pressable
--- whose style is a function shows its pressed style until app.pressOut.
---@param label string
function app.pressIn(label) drive(native.pressIn, label) end

--- Lifts the touch app.pressIn put down, without pressing.
---@param label string
function app.pressOut(label) drive(native.pressOut, label) end

--- Flips a switch (its id or accessibility label), reporting onValueChange.
---@param target string
function app.toggle(target) drive(native.toggle, target) end

--- Scrolls a ScrollView or List (its id or accessibility label) to `offset` points,
--- or to its end when `offset` is nil.
---@param target string
---@param offset number|nil
function app.scroll(target, offset) drive(native.scroll, target, offset) end

--- Switches the device's look as the system would (`ui.appearance`): "light" (at start) or "dark".
---@param appearance "light"|"dark"
function app.setAppearance(appearance) drive(native.setAppearance, appearance) end

--- Goes back: pops, or dismisses a modal; an error on the first screen.
function app.back() drive(native.back) end

--- Dismisses modals and pops to the root screen.
---@return integer closed how many screens closed
function app.home() return drive(native.home) end

--- The visible screen as headless snapshot text.
---@return string
function app.screen() return drive(native.screen) end

--- The visible screen as headless snapshot text with each element's frame (`snapshot frames`).
---@return string
function app.frames() return drive(native.frames) end

--- The visible screen's title.
---@return string|nil
function app.title() return drive(native.title) end

--- Looks up an element on the visible screen: by id first, else by label or placeholder.
---@param target string
---@return table|nil element its props plus `kind` and `focused`
function app.find(target) return drive(native.find, target) end

--- The navigation stack, bottom first: `{ {screen = "screens.login", title = "Login", modal = false}, ... }`.
---@return table[]
function app.stack() return drive(require("lunar.navigator").stack) end

--- Runs the app until no callback, timer or request is pending (timers fire at once).
function app.wait()
  if running == nil or coroutine.running() ~= running then
    error("app.wait() works in the body of it/before_each/after_each/setup/teardown, "
      .. "not inside a callback or coroutine", 2)
  end
  local ok, message = coroutine.yield(WAIT)
  if not ok then error(message, 2) end
end
test.app = app

-- The runner's side ---------------------------------------------------------

local runner = {}

local function groupsOf(t)
  local groups, group = {}, t.group
  while group do
    table.insert(groups, 1, group)
    group = group.parent
  end
  return groups
end

local function commonLength(a, b)
  local n = 0
  while a[n + 1] ~= nil and a[n + 1] == b[n + 1] do n = n + 1 end
  return n
end

-- The enclosing describe names, outermost first, then the test's.
local function namesOf(t)
  local names = {}
  for _, g in ipairs(groupsOf(t)) do names[#names + 1] = g.name end
  names[#names + 1] = t.name
  return names
end

-- The app a test shares: the number of its outermost group with sharedApp, nil for its own.
local function sharedAppOf(t)
  for _, g in ipairs(groupsOf(t)) do
    if g.sharedApp then return g.sharedApp end
  end
  return nil
end

-- The tests loaded so far: { {names = {describe..., it}, todo = true when it has no body,
-- sharedApp = the shared app's number, if any}, ... }.
function runner.tests()
  local list = {}
  for i, t in ipairs(tests) do
    list[i] = { names = namesOf(t), todo = t.fn == nil, sharedApp = sharedAppOf(t) }
  end
  return list
end

-- The tests the runner will start, in order: what setup and teardown go by.
function runner.plan(indices)
  order = indices
  previous = {}
end

-- Starts test `index` (the `position`-th of the plan): setup of the groups it enters,
-- before_each hooks outermost first, the body, after_each hooks innermost first (always),
-- then teardown of the groups the next test leaves. A failed before_each skips the body; a
-- failed setup fails every test of its group.
function runner.start(index, position)
  local t = tests[index]
  local groups = groupsOf(t)
  local following = order[position + 1] and groupsOf(tests[order[position + 1]]) or {}
  local entered, staying = commonLength(previous, groups), commonLength(groups, following)
  previous = groups
  runningNames = table.concat(namesOf(t), " ")
  running = coroutine.create(function()
    local failures, pendingReason = {}, nil
    local function protect(fn, prefix)
      local ok, err = pcall(fn)
      if ok then return true end
      if getmetatable(err) == PENDING then
        pendingReason = pendingReason or err.reason
      else
        failures[#failures + 1] = (prefix or "") .. failureText(err)
      end
      return false
    end
    for k = entered + 1, #groups do
      local g = groups[k]
      spyOwner = g.spies
      for _, fn in ipairs(g.setup) do
        if g.setupFailure == nil then
          local ok, err = pcall(fn)
          if not ok then g.setupFailure = "setup failed: " .. failureText(err) end
        end
      end
    end
    local blocked
    for _, g in ipairs(groups) do blocked = blocked or g.setupFailure end
    spyOwner = testSpies
    if blocked then
      failures[1] = blocked
    else
      phase = "test"
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
      phase = nil
    end
    restoreAll(testSpies)
    for k = #groups, staying + 1, -1 do
      local g = groups[k]
      spyOwner = g.spies
      for j = #g.teardown, 1, -1 do protect(g.teardown[j], "teardown failed: ") end
      restoreAll(g.spies)
    end
    spyOwner = nil
    return failures, pendingReason
  end)
end

-- Resumes the running test: "wait" while it waits for the app to be idle, else "done",
-- its failure messages and, when it called pending(), the reason.
function runner.resume(...)
  local co = running
  local ok, result, pendingReason = coroutine.resume(co, ...)
  if not ok then
    -- An error no hook caught (the instruction budget): the test's spies still go.
    running, phase, spyOwner, runningNames = nil, nil, nil, nil
    restoreAll(testSpies)
    return "done", { failureText(result) }
  end
  if coroutine.status(co) == "dead" then
    running, runningNames = nil, nil
    return "done", result, pendingReason
  end
  return "wait"
end

test._runner = runner
return test
