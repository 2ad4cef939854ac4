local helpers = {}

function helpers.defines(t, name)
  return type(t) == "table" and t[name] ~= nil
end

function helpers.call(t, method, ...)
  local fn = t[method]
  if fn ~= nil then return fn(t, ...) end
end

-- The view-model definition a screen declares with its `viewModel` field
-- (a table, or a module name), unless the instance already has its own.
function helpers.definition(instance)
  if rawget(instance, "viewModel") ~= nil then return nil end
  local definition = instance.viewModel
  if type(definition) == "string" then definition = require(definition) end
  if definition ~= nil and type(definition) ~= "table" then
    error("a screen's viewModel must be a table or a module name, not a " .. type(definition), 0)
  end
  return definition
end

function helpers.instantiate(definition)
  return setmetatable({}, { __index = definition })
end

function helpers.attach(instance, viewModel)
  rawset(instance, "viewModel", viewModel)
end

function helpers.lookup(module, name)
  local m = require(module)
  if type(m) ~= "table" then return nil end
  return m[name]
end

return helpers
