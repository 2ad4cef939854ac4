local sub, concat, load, assert = string.sub, table.concat, load, assert
local helpers = {}
-- signal.bind: the assignment may run __newindex, so it happens in Lua.
function helpers.assign(target, key, value) target[key] = value end
-- signal.task: runs fn in the managed coroutine and hands all its results to done.
function helpers.task(fn, done, ...) return done(fn(...)) end

-- Fused map/filter/scan stages (LuaStageChain): the step's code is generated once per
-- shape ("m", "f", "s" per stage; ">" when it ends in a subscriber) and made per
-- subscription, so each has its own scan accumulators. A step ending in a subscriber
-- comes with a probe telling whether the last error came from the subscriber.
local SKIP = {}
function helpers.skipMarker() return SKIP end
local factories = {}
function helpers.chain(shape, sink, ...)
  local key = sink and shape .. ">" or shape
  local factory = factories[key]
  if not factory then
    local names, body = {}, {}
    for i = 1, #shape do
      local kind, f, a = sub(shape, i, i), "f" .. i, "a" .. i
      names[#names + 1] = f
      if kind == "m" then
        body[#body + 1] = "v = " .. f .. "(v)"
      elseif kind == "f" then
        body[#body + 1] = "if not " .. f .. "(v) then return SKIP end"
      else
        names[#names + 1] = a
        body[#body + 1] = a .. " = " .. f .. "(" .. a .. ", v) v = " .. a
      end
    end
    local source
    if sink then
      body[#body + 1] = "insink = true sink(v) insink = false"
      source = "local SKIP, sink, " .. concat(names, ", ") .. " = ...\nlocal insink = false\n"
        .. "return function(v)\n" .. concat(body, "\n") .. "\nend,\n"
        .. "function() local was = insink insink = false return was end\n"
    else
      body[#body + 1] = "return v"
      source = "local SKIP, sink, " .. concat(names, ", ") .. " = ...\n"
        .. "return function(v)\n" .. concat(body, "\n") .. "\nend\n"
    end
    factory = assert(load(source, "=lunar.signal", "t"))
    factories[key] = factory
  end
  return factory(SKIP, sink, ...)
end
return helpers
