-- POST /login: checks the password like a real server would.
local accounts = { ann = "secret1", bob = "hunter22" }

return function(request)
  local body = request.json or {}
  if type(body.account) ~= "string" or accounts[body.account] ~= body.password then
    return { status = 401, body = { error = "wrong account or password" } }
  end
  return { body = { token = "token-" .. body.account, expires = 3600 } }
end
