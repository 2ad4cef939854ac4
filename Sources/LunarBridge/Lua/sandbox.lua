local allowed = ...
local error, setmetatable, type, tostring = error, setmetatable, type, tostring

local function refused(name)
  return function()
    error(name .. " is not available in the Lunar sandbox", 2)
  end
end

local function refusedLibrary(name)
  return setmetatable({}, {
    __index = function(_, key)
      error(name .. "." .. tostring(key) .. " is not available in the Lunar sandbox", 2)
    end,
    __newindex = function()
      error(name .. " is not available in the Lunar sandbox", 2)
    end,
    __metatable = false,
  })
end

if not allowed.io then
  io = refusedLibrary("io")
  package.loaded.io = io
  dofile = refused("dofile")
  loadfile = refused("loadfile")
end
if not allowed.debug then
  debug = refusedLibrary("debug")
  package.loaded.debug = debug
  -- Lua runs a message handler with hooks off when the error came from a hook (the
  -- budget stop does), so a looping handler could not be stopped. Without `debug` a
  -- handler cannot look at the failed stack anyway: call it after unwinding instead.
  local pcall, pack, unpack = pcall, table.pack, table.unpack
  xpcall = function(f, handler, ...)
    local results = pack(pcall(f, ...))
    if results[1] then return unpack(results, 1, results.n) end
    local _, value = pcall(handler, results[2])
    return false, value
  end
end
if not allowed.os then
  for _, name in ipairs({ "execute", "exit", "remove", "rename", "tmpname", "getenv", "setlocale" }) do
    os[name] = refused("os." .. name)
  end
end
if not allowed.bytecode then
  string.dump = refused("string.dump")
  local rawload = load
  load = function(chunk, chunkname, mode, env)
    if mode ~= nil and mode ~= "t" then
      return nil, "binary chunks are not allowed in the Lunar sandbox"
    end
    if env == nil then return rawload(chunk, chunkname, "t") end
    return rawload(chunk, chunkname, "t", env)
  end
end
if not allowed.collector then
  local rawcollect = collectgarbage
  local safe = { collect = true, count = true, step = true, isrunning = true }
  collectgarbage = function(option, ...)
    option = option or "collect"
    if not safe[option] then
      error("collectgarbage('" .. tostring(option) .. "') is not available in the Lunar sandbox", 2)
    end
    return rawcollect(option, ...)
  end
end

if not allowed.finalizers then
  -- A finalizer runs with hooks off: one that loops would hang the host. Lua marks an
  -- object for finalization when its metatable has a __gc field (any value) at this call.
  local rawsetmetatable, rawget = setmetatable, rawget
  _ENV.setmetatable = function(t, mt)  -- the global: `setmetatable` is a local here
    if type(t) ~= "table" then
      error("bad argument #1 to 'setmetatable' (table expected, got " .. type(t) .. ")", 2)
    end
    if mt ~= nil and type(mt) ~= "table" then
      error("bad argument #2 to 'setmetatable' (nil or table expected)", 2)
    end
    if mt ~= nil and rawget(mt, "__gc") ~= nil then
      error("__gc metamethods are not available in the Lunar sandbox", 2)
    end
    local result = rawsetmetatable(t, mt)
    return result
  end
end

package.loadlib = refused("package.loadlib")
package.searchpath = refused("package.searchpath")
package.path = ""
package.cpath = ""
local preload = package.searchers[1]
package.searchers = { preload, __lunar_searcher }
__lunar_searcher = nil

-- Scripts may not replace the string methods every other script shares.
local stringMeta = getmetatable("")
stringMeta.__metatable = false
