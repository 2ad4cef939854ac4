local native = require("lunar.net.native")

---Requests, batches, chains, accessories and configuration.
---@class lunar.net
local net = {}

---What a request, a batch and a chain can do besides being sent.
---@class lunar.net.Sendable
local Sendable = {}

---A request made by net.request: its spec, sent with net.send or net.signal.
---@class lunar.net.Request: lunar.net.Sendable
local Request = { __name = "lunar.net.request", __index = Sendable }

---Requests sent together (net.batch).
---@class lunar.net.Batch: lunar.net.Sendable
local Batch = { __name = "lunar.net.batch", __index = Sendable }

---Requests sent one after another (net.chain).
---@class lunar.net.Chain: lunar.net.Sendable
local Chain = { __name = "lunar.net.chain", __index = Sendable }

---Why a send failed.
---@class lunar.net.Failure
---@field kind string
---@field message string
---@field status integer?
---@field body any
---@field index integer?
local Failure = { __name = "lunar.net.error" }
function Failure.__tostring(e) return tostring(e.kind) .. ": " .. tostring(e.message) end

---The table form of net.send's handler.
---@class lunar.net.Handlers
---@field finished? fun(result: any, info: table?)
---@field failed? fun(err: lunar.net.Failure)
---@field progress? fun(received: integer, expected: integer?)

-- The cancel functions of each object's sends still running, and the objects whose tied
-- lifetime ended. Weak keys: an object nobody holds any more can go.
local running = setmetatable({}, { __mode = "k" })
local ended = setmetatable({}, { __mode = "k" })

local function kindOf(x)
  if type(x) ~= "table" then return nil end
  local mt = getmetatable(x)
  if mt == Request or mt == Batch or mt == Chain then return mt end
end

local function describe(x)
  local mt = kindOf(x)
  return mt and mt.__name or type(x)
end

local function failure(kind, message)
  return setmetatable({ kind = kind, message = message }, Failure)
end

local function track(object, cancel)
  local set = running[object]
  if set == nil then set = {}; running[object] = set end
  set[cancel] = true
  return function() set[cancel] = nil end
end

local function cancelAll(object)
  local set = running[object]
  running[object] = nil
  if set == nil or next(set) == nil then return false end
  for cancel in pairs(set) do cancel() end
  return true
end

-- Begins one send of a request, batch or chain and returns its cancel function, or nil and
-- a message. `deliver(result, err, info)` runs later, exactly once.
local function start(object, deliver, progress)
  local untrack
  local ok, id = pcall(native.send, object, function(result, err, info)
    if untrack ~= nil then untrack() end
    if err ~= nil then setmetatable(err, Failure) end
    return deliver(result, err, info)
  end, progress)
  if not ok then return nil, id end
  local function cancel() native.cancel(id) end
  untrack = track(object, cancel)
  if ended[object] then cancel() end
  return cancel
end

local function handlerOf(handler)
  if type(handler) == "function" then return handler end
  if handler == nil then return function() end end
  if type(handler) == "table" then
    local finished, failed = handler.finished, handler.failed
    return function(result, err, info)
      if err ~= nil then
        if failed ~= nil then failed(err) end
      elseif finished ~= nil then
        finished(result, info)
      end
    end, handler.progress
  end
end

--- Builds a request object from a spec table (fields checked now, read again at each send; see docs/lua/net.md).
---@param spec table
---@return lunar.net.Request
function net.request(spec)
  local ok, problem = pcall(native.check, spec)
  if not ok then error(problem, 2) end
  local req = {}
  for k, v in next, spec do req[k] = v end
  return setmetatable(req, Request)
end

--- Requests sent together: all must succeed; the first failure cancels the others.
---@param list lunar.net.Sendable[]
---@return lunar.net.Batch
function net.batch(list)
  if type(list) ~= "table" or kindOf(list) ~= nil then
    error("bad argument #1 to 'net.batch' (list of requests expected, got " .. describe(list) .. ")", 2)
  end
  local requests = {}
  for i = 1, #list do
    if kindOf(list[i]) == nil then
      error("bad argument #1 to 'net.batch' (element " .. i .. " is a " .. describe(list[i]) .. ", not a request)", 2)
    end
    requests[i] = list[i]
  end
  return setmetatable({ requests = requests }, Batch)
end

--- Requests sent one after another; a function step makes the next request from the previous result.
---@param ... lunar.net.Sendable|fun(result: any): lunar.net.Sendable?
---@return lunar.net.Chain
function net.chain(...)
  local steps = table.pack(...)
  if kindOf(steps[1]) == nil then
    error("bad argument #1 to 'net.chain' (request expected, got " .. describe(steps[1]) .. ")", 2)
  end
  for i = 2, steps.n do
    if kindOf(steps[i]) == nil and type(steps[i]) ~= "function" then
      error("bad argument #" .. i .. " to 'net.chain' (request or function expected, got "
        .. describe(steps[i]) .. ")", 2)
    end
  end
  steps.n = nil
  return setmetatable({ steps = steps }, Chain)
end

--- Sends a request, batch or chain; `handler` is fn(result, err, info) or {finished=, failed=, progress=}.
--- It runs later, on the executor, exactly once.
---@generic S: lunar.net.Sendable
---@param object S
---@param handler? (fun(result: any, err: lunar.net.Failure?, info: table?))|lunar.net.Handlers
---@return S
function net.send(object, handler)
  if kindOf(object) == nil then
    error("bad argument #1 to 'net.send' (request, batch or chain expected, got " .. describe(object) .. ")", 2)
  end
  local deliver, progress = handlerOf(handler)
  if deliver == nil then
    error("bad argument #2 to 'net.send' (function or {finished=, failed=} expected, got " .. type(handler) .. ")", 2)
  end
  local cancel, problem = start(object, deliver, progress)
  if cancel == nil then error(problem, 2) end
  return object
end

--- A cold signal of a request, batch or chain: each subscription sends it, then sends the
--- result and completes, or fails with the error table; disposing the subscription cancels it.
---@param object lunar.net.Sendable
---@return Signal
function net.signal(object)
  if kindOf(object) == nil then
    error("bad argument #1 to 'net.signal' (request, batch or chain expected, got " .. describe(object) .. ")", 2)
  end
  return require("lunar.signal").create(function(observer)
    local cancel, problem = start(object, function(result, err)
      if err ~= nil then
        observer:fail(err)
      else
        observer:send(result)
        observer:complete()
      end
    end)
    if cancel == nil then
      observer:fail(failure("invalidRequest", problem))
      return nil
    end
    return cancel
  end)
end

--- Cancels every send of this object still running; true if there was one.
---@return boolean
function Sendable:cancel() return cancelAll(self) end

--- Cancels this object's sends when `lifetime` ends (anything with an `add(disposable)` method,
--- such as a screen's lifetime); sends made after it ended are cancelled at once.
---@param lifetime Lifetime
---@return self
function Sendable:tie(lifetime)
  local kind = type(lifetime)
  local add = nil
  if kind == "table" or kind == "userdata" then
    local ok, found = pcall(function() return lifetime.add end)
    if ok then add = found end
  end
  if add == nil then
    error("bad argument #1 to 'tie' (lifetime with an add method expected, got " .. kind .. ")", 2)
  end
  local object = self
  lifetime:add({ dispose = function()
    ended[object] = true
    cancelAll(object)
  end })
  return self
end

-- Native functions, re-exported as they are.

--- Sets baseURL, cdnURL, headers, timeout, maxBodySize, filters and reformer (docs/lua/net.md).
---@type fun(options: table)
net.config = native.config

--- Adds hooks run around every request; `remove()` on the result takes them out.
---@type fun(hooks: table): { remove: fun(): boolean }
net.accessory = native.accessory

return net
