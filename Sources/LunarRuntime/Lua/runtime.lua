local helpers = {}
-- lunar.ui.component, required on first use (the screen modules are installed after this chunk runs).
local components = setmetatable({}, { __index = function(self, name)
  local module = require("lunar.ui.component")
  setmetatable(self, { __index = module })
  return module[name]
end })

function helpers.instantiate(module)
  local definition = require(module)
  if type(definition) ~= "table" then
    error("screen module '" .. module .. "' returned " .. type(definition) .. ", not a table", 0)
  end
  -- Everything the screen ties to self.lifetime (subscriptions, requests,
  -- hooks) is disposed when it closes.
  return setmetatable({ lifetime = require("lunar.signal").lifetime() }, { __index = definition })
end

function helpers.require(name)
  require(name)
end

function helpers.call(instance, method, ...)
  local fn = instance[method]
  if fn ~= nil then return fn(instance, ...) end
end

function helpers.title(instance)
  local t = instance.title
  if type(t) == "function" then t = t(instance) end
  if t ~= nil then return tostring(t) end
end

-- The tree, and the render function (the host blames it for a tree it cannot read).
function helpers.render(instance)
  local render = instance.render
  if render == nil then error("screen has no render() method", 0) end
  local tree = render(instance)
  if type(tree) == "table" then tree = components.expand(instance, tree) end
  return tree, render
end

-- The components that called setState render again, not the screen: its tree, or nil when
-- none was due (docs/lua/components.md).
function helpers.renderComponents(instance, tree)
  return components.renderDirty(instance, tree)
end

-- Runs the mount and update hooks of what the last render made and changed; true when one
-- called a callback of the screen's (the screen renders again).
function helpers.settleComponents(instance)
  return components.settle(instance)
end

-- Whether an event the element at `path` handled needs only its component's pass: the
-- element belongs to a component, and no callback of the screen's ran.
function helpers.componentsOnly(instance, tree, path)
  local stale = components.screenStale(instance)
  return components.owner(tree, path) ~= nil and not stale
end

-- A hot reload ran: components render again; those of `--@refresh reset` files start over.
function helpers.componentsReloaded(files)
  components.reloaded(files)
end

function helpers.dispatch(tree, path, event, ...)
  local node = tree
  for _, i in ipairs(path) do node = node.children[i] end
  local handler = node and node.events and node.events[event]
  if handler then return handler(...) end
end

-- Builds rows first..last of the virtualized list at `path` as its children (so events reach
-- their handlers), keyed as ui.List keys them; returns the list element.
function helpers.listRows(instance, tree, path, first, last)
  local node = tree
  for _, i in ipairs(path) do node = node.children[i] end
  local v = node.virtual
  local children = {}
  for i = first, last do
    local item = v.items[i]
    local child = v.row(item, i)
    if type(child) ~= "table" then
      error((v.where or "") .. "ui.List: row " .. i .. " did not return an element (got " .. type(child) .. ")", 0)
    end
    local k
    if type(v.key) == "function" then k = v.key(item, i)
    elseif v.key ~= nil and type(item) == "table" then k = item[v.key]
    end
    child.key = k ~= nil and tostring(k) or tostring(i)
    children[#children + 1] = child
  end
  node.children = components.expandRows(instance, tree, node, path, children)
  return node
end

-- The options of the virtualized list at `path`: end threshold, draw distance, initial rows.
function helpers.listOptions(tree, path)
  local node = tree
  for _, i in ipairs(path) do node = node.children[i] end
  local v = node.virtual
  return v.threshold, v.drawDistance, v.initial
end

-- The style of the Pressable at `path` for a pressed state (a table, {} for none); nil
-- when its style is not a function of its state.
function helpers.pressStyle(tree, path, pressed)
  local node = tree
  for _, i in ipairs(path) do
    node = node.children and node.children[i]
    if node == nil then return nil end
  end
  local resolve = node.pressStyle
  if resolve == nil then return nil end
  local style = resolve(pressed)
  if style == nil or style == false then return {} end
  return style
end

function helpers.subscribe(source, onValue)
  return source:subscribe(onValue)
end

function helpers.dispose(disposable)
  if disposable ~= nil and disposable.dispose then disposable:dispose() end
end

function helpers.close(instance)
  -- Its components unmount first; an unmount error still lets the screen's lifetime end.
  local ok, problem = pcall(components.close, instance)
  local lifetime = rawget(instance, "lifetime")
  if lifetime ~= nil and lifetime.dispose then lifetime:dispose() end
  if not ok then error(problem, 0) end
end

-- A hot reload re-binds a screen: what bindViewModel tied to the old
-- lifetime is disposed, and the next bindViewModel gets a fresh one.
function helpers.renewLifetime(instance)
  local lifetime = rawget(instance, "lifetime")
  if lifetime ~= nil and lifetime.dispose then lifetime:dispose() end
  rawset(instance, "lifetime", require("lunar.signal").lifetime())
end

-- Whether a screen runs code from one of `modules`: its own module, or
-- the module its view-model was made from.
function helpers.uses(instance, module, modules)
  local names = {}
  for _, name in ipairs(modules) do names[name] = true end
  if names[module] then return true end
  local viewModel = rawget(instance, "viewModel")
  local meta = type(viewModel) == "table" and getmetatable(viewModel)
  local definition = meta and rawget(meta, "__index")
  if definition == nil then return false end
  for name in pairs(names) do
    if package.loaded[name] == definition then return true end
  end
  return false
end

-- Flat values (title, message, count, then each button's title and role): the host keeps
-- returned tables by reference, and plain values need no reading back through one.
function helpers.alertSpec(spec)
  local out = { spec.title, spec.message, 0 }
  for i, b in ipairs(spec.buttons or {}) do
    out[3 + 2 * i - 1], out[3 + 2 * i], out[3] = b.title, b.role, i
  end
  return table.unpack(out, 1, 3 + 2 * out[3])
end

function helpers.alertButton(spec, index)
  local button = (spec.buttons or {})[index]
  if button and button.onPress then button.onPress() end
end

return helpers
