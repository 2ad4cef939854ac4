local items = {
  ["1"] = { title = "Signals", body = "Properties, subjects and commands.", tags = { "mvvm", "reactive" } },
  ["2"] = { title = "Router", body = "Patterns, schemes and priorities.", tags = { "navigation" } },
  ["3"] = { title = "Network", body = "Reformers reshape the server's JSON.", tags = { "http", "json" } },
}

return function(request)
  local item = items[request.params.id]
  if not item then return { status = 404, body = { error = "no item " .. request.params.id } } end
  return { body = item }
end
