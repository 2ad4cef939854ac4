local items = {
  ["1"] = { title = "Signals", body = "Properties, subjects and commands.", tags = { "mvvm", "reactive" } },
  ["2"] = { title = "Router", body = "Patterns, schemes and priorities.", tags = { "navigation" } },
  ["3"] = { title = "Network", body = "Reformers reshape the server's JSON.", tags = { "http", "json" } },
}

return function(request)
  local item = items[request.params.id]
  local n = tonumber(request.params.id)
  if not item and n and n >= 4 and n <= 40 and n == math.floor(n) then
    -- The list's other rows: there to scroll past.
    item = { title = "Sample " .. n, body = "One of the rows that make the list long.", tags = { "sample" } }
  end
  if not item then return { status = 404, body = { error = "no item " .. request.params.id } } end
  return { body = item }
end
