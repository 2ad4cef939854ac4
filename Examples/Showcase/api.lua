-- The requests of the showcase: request objects with reformers, so screens and
-- view-models only ever see plain tables with known keys ("de-modelled" data).
local net = require("lunar.net")
local decode = require("lunar.decode")

local api = {}

-- Keys the business layer reads, next to the reformer that writes them.
api.TOKEN = "token"

function api.login(account, password)
  return net.request {
    method = "POST", path = "/login",
    body = { account = account, password = password },
    reformer = function(json)
      return { [api.TOKEN] = decode.string(json, "token", "") }
    end,
  }
end

function api.items()
  return net.request {
    path = "/items", cache = 60, cacheVersion = 1,
    validate = { items = { { id = "number", title = "string" } } },
    reformer = function(json)
      return decode.array(json, "items", function(item)
        return {
          id = decode.number(item, "id", 0),
          title = decode.string(item, "title", "(untitled)"),
          subtitle = decode.string(item, "subtitle", ""),
          details = decode.string(item, "details", ""),
        }
      end)
    end,
  }
end

function api.item(id)
  return net.request {
    path = "/items/" .. id,
    reformer = function(json)
      return {
        title = decode.string(json, "title", "(untitled)"),
        body = decode.string(json, "body", ""),
        tags = decode.array(json, "tags", function(tag) return tostring(tag) end),
      }
    end,
  }
end

-- A request as a signal that completes with its reformed result.
function api.signal(request)
  return require("lunar.signal").create(function(observer)
    local sent = net.send(request, function(result, err)
      if err then observer:fail(err) else observer:send(result); observer:complete() end
    end)
    return function() sent:cancel() end
  end)
end

return api
