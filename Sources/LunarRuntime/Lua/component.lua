-- lunar.ui.component: components, pieces of a screen with state and a lifecycle of their own
-- (docs/lua/components.md). `ui.component { render = ... }` makes a constructor; calling it
-- makes a placeholder element; the runtime expands placeholders into what their instances
-- render, after each render of a screen (expand) and for the instances that called setState
-- (renderDirty). An expanded tree is plain elements: the reconciler, the renderers, the
-- headless driver and specs see no component at all.
local native = require("lunar.ui.native")

local M = {}

-- The kind of a placeholder element (a component not yet expanded).
local PLACEHOLDER = "Component"
local SCREEN = false -- the owner of what a screen's render() built

-- "file#name" (or "file#line") -> constructor: a file that runs again (a hot reload) updates
-- its components in place, so every screen and component holding one sees the new code.
local registry = {}
-- Bumped by each hot reload: every live instance renders again, with the new code.
local epoch = 0
-- Placeholders made so far, and as many as the last expand had seen: a screen render after
-- which none was made (nor at a module's top level since), on a screen showing no component,
-- needs no walk.
local made, seen = 0, 0

-- Instance internals, by instance (the instance table itself holds only what scripts see:
-- state, props, lifetime, viewModel).
local internals = setmetatable({}, { __mode = "k" })
-- The root context of each screen instance.
local contexts = setmetatable({}, { __mode = "k" })

local INTERNAL = { __id = true, __module = true, __generation = true, __meta = true }
-- Components declared so far in each run of a module's top level (the unnamed are told apart
-- by their order in it), by run; the last few runs are kept.
local ordinals = {}

-- "file:line: " of the script code that called into lunar.ui or a component (constructors
-- tail-call, so error levels are not fixed): the first caller outside the runtime's own Lua,
-- or "" (a constructor that render() tail-calls, `return ui.Column {...}`, has no line left).
local function callerPosition()
  for level = 3, 14 do
    local _, where = pcall(error, "", level)
    if where ~= "" and not where:find("^lunar%.ui[.:]") and not where:find("^lunar%.runtime:") then return where end
  end
  return ""
end
M.callerPosition = callerPosition

local function methods(def)
  local instanceMethods = {}
  function instanceMethods.setState(self, patch)
    local d = internals[self]
    if d == nil or d.unmounted then return end
    if type(patch) == "function" then patch = patch(self.state, self.props) end
    if patch ~= nil and type(patch) ~= "table" then
      error(callerPosition() .. "setState of component '" .. def.name .. "' needs a table (or a function "
        .. "returning one), got " .. type(patch), 0)
    end
    for k, v in pairs(patch or {}) do self.state[k] = v end
    -- During its own render the render sees the new state; no second render is asked for.
    if d.rendering then return end
    if not d.dirty then
      d.dirty = true
      local dirty = d.ctx.dirty
      dirty[#dirty + 1] = self
      native.componentChanged()
    end
  end
  return { __index = function(_, k)
    local m = instanceMethods[k]
    if m ~= nil then return m end
    return def[k]
  end, __name = "component " .. def.name }
end

local Component = {}

local function define(spec, def)
  if type(spec) ~= "table" then
    error(callerPosition() .. "ui.component needs a table ({ render = function(self, props, children) ... end }), got "
      .. type(spec), 0)
  end
  if type(spec.render) ~= "function" then
    error(callerPosition() .. "ui.component: 'render' must be a function(self, props, children)", 0)
  end
  if spec.name ~= nil and type(spec.name) ~= "string" then
    error(callerPosition() .. "ui.component: 'name' must be a string", 0)
  end
  local state = spec.state
  if state ~= nil and type(state) ~= "table" and type(state) ~= "function" then
    error(callerPosition() .. "ui.component: 'state' must be a table or a function(props), got " .. type(state), 0)
  end
  for _, hook in ipairs({ "mount", "update", "unmount", "bindViewModel" }) do
    if spec[hook] ~= nil and type(spec[hook]) ~= "function" then
      error(callerPosition() .. "ui.component: '" .. hook .. "' must be a function", 0)
    end
  end
  local vm = spec.viewModel
  if vm ~= nil and type(vm) ~= "string" and type(vm) ~= "table" then
    error(callerPosition() .. "ui.component: 'viewModel' must be a module name or a table", 0)
  end
  for k in pairs(def) do
    if not INTERNAL[k] then def[k] = nil end
  end
  for k, v in pairs(spec) do
    if INTERNAL[k] then error(callerPosition() .. "ui.component: '" .. k .. "' is the runtime's own field", 0) end
    def[k] = v
  end
end

--- Declares a component (docs/lua/components.md): `local Card = ui.component { name = "Card",
--- state = { expanded = false }, render = function(self, props, children) ... end }`, then
--- `Card { title = "Dune", key = book.id }` where an element goes.
function M.define(spec)
  -- Its identity: the module whose top level declares it (a `return ui.component {...}` is a
  -- tail call: no line of the module is left on the stack) and its name, or its order there.
  local module, run = native.loadingModule()
  local where = callerPosition()
  local id
  if module ~= nil then
    local count = (ordinals[run] or 0) + 1
    ordinals[run], ordinals[run - 64] = count, nil
    local name = type(spec) == "table" and spec.name or nil
    id = module .. "#" .. (type(name) == "string" and name or ("#" .. count))
  else
    module = where:match("^(.-):%d+: $") or "?"
    local name = type(spec) == "table" and spec.name or nil
    id = where .. (type(name) == "string" and name or "")
  end
  local def = registry[id]
  if def == nil then
    def = setmetatable({ __id = id, __module = module, __generation = 0 }, Component)
    define(spec, def)
    registry[id] = def
  else
    define(spec, def) -- the module ran again (a hot reload): the same constructor, new code
  end
  if def.name == nil then def.name = module:match("([^./]+)$") or "component" end
  def.__meta = methods(def)
  return def
end

-- Calling a constructor makes a placeholder: its props (every string key but `key`) and its
-- children (nil and false holes skipped, as elements' are).
function Component.__call(def, spec)
  local props, children, key = {}, {}, nil
  if spec ~= nil and type(spec) ~= "table" then
    error(callerPosition() .. def.name .. " needs a table of props, got " .. type(spec), 0)
  end
  if spec ~= nil then
    local last = 0
    for k, v in pairs(spec) do
      if type(k) == "string" then
        if k == "key" then key = tostring(v) else props[k] = v end
      elseif math.type(k) == "integer" and k > last then
        last = k
      end
    end
    for i = 1, last do
      local child = spec[i]
      if child ~= nil and child ~= false then children[#children + 1] = child end
    end
  end
  made = made + 1
  return { kind = PLACEHOLDER, component = def, props = props, children = children, key = key, events = {} }
end
Component.__name = "component constructor"

-- Whether `value` is a component constructor.
function M.isComponent(value)
  return getmetatable(value) == Component
end

-- Shallow equality of two prop tables (signals and functions by identity).
local function sameProps(a, b)
  for k, v in pairs(a) do
    if b[k] ~= v then return false end
  end
  for k in pairs(b) do
    if a[k] == nil then return false end
  end
  return true
end

local function context(screen)
  local ctx = contexts[screen]
  if ctx == nil then
    ctx = { sub = {}, lists = {}, dirty = {}, mounts = {}, updates = {}, pass = 0, owner = SCREEN, depth = 0 }
    ctx.ctx = ctx
    contexts[screen] = ctx
  end
  return ctx
end

local expandNode, flushDirty -- forward

local function runHook(inst, name, ...)
  local fn = internals[inst].def[name]
  if fn == nil then return true end
  return pcall(fn, inst, ...)
end

-- "file:line: message (in component 'Card')": a component's error names it.
local function blame(problem, def)
  local text = tostring(problem)
  if text:find("(in component '", 1, true) then return problem end
  return text .. " (in component '" .. def.name .. "')"
end

local unmount
local function unmountScope(scope, errors)
  for key, inst in pairs(scope.sub) do
    scope.sub[key] = nil
    unmount(inst, errors)
  end
  for key, list in pairs(scope.lists) do
    scope.lists[key] = nil
    unmountScope(list, errors)
  end
end

-- Ends an instance and everything it rendered: unmount(self), then its lifetime ends. An
-- error (blamed on the component) is added to `errors`: the rest still unmount.
function unmount(inst, errors)
  local d = internals[inst]
  if d == nil or d.unmounted then return end
  d.unmounted = true
  unmountScope(d, errors)
  if d.mounted then
    local ok, problem = runHook(inst, "unmount")
    if not ok then errors[#errors + 1] = blame(problem, d.def) end
  end
  local lifetime = rawget(inst, "lifetime")
  if lifetime ~= nil and lifetime.dispose then lifetime:dispose() end
end

local function raise(errors)
  if errors[1] ~= nil then error(errors[1], 0) end
end

-- Unmounts the instances (and lists of rows) of `scope` this pass did not reach; their
-- errors wait in the context until the pass is done.
local function sweep(scope, pass)
  local errors = scope.ctx.errors
  for key, inst in pairs(scope.sub) do
    if internals[inst].seen ~= pass then
      scope.sub[key] = nil
      unmount(inst, errors)
    end
  end
  for key, list in pairs(scope.lists) do
    if list.seen ~= pass then
      scope.lists[key] = nil
      unmountScope(list, errors)
    end
  end
end

-- The props a component's code receives: a function prop (a callback its parent passed) also
-- marks the parent's output stale when called, so a parent that changes its own fields in
-- one re-renders after the event.
local function wrapProps(d, raw, owner)
  local props, wrappers = {}, d.wrappers
  for k, v in pairs(raw) do
    if type(v) == "function" then
      local w = wrappers[k]
      if w == nil or w.fn ~= v or w.owner ~= owner then
        w = { fn = v, owner = owner }
        w.call = function(...)
          if owner == SCREEN then d.ctx.screenStale = true
          elseif owner ~= nil then owner:setState(nil) end
          return v(...)
        end
        wrappers[k] = w
      end
      props[k] = w.call
    else
      props[k] = v
    end
  end
  return props
end

local function copyOf(node)
  local out = {}
  for k, v in pairs(node) do out[k] = v end
  return out
end

-- Renders `inst` with `raw` props and `children` and expands what it returned in its own
-- scope; returns the output's root (a table of the runtime's own: a script's element tables
-- are never changed). Nothing of the instance changes unless it all succeeds: a failed render
-- leaves it due to render again.
local function renderInstance(inst, raw, children, key)
  local d = internals[inst]
  local def = d.def
  local props = wrapProps(d, raw, d.builder)
  rawset(inst, "props", props)
  d.dirty, d.rendering = false, true
  local ok, out = pcall(def.render, inst, props, children)
  d.rendering = false
  if not ok then
    d.invalid = true
    error(blame(out, def), 0)
  end
  if type(out) ~= "table" then
    d.invalid = true
    error(blame("render() returned " .. type(out) .. ", not an element", def), 0)
  end
  local pass = d.ctx.pass
  local ok2, expanded = pcall(expandNode, d, out, "")
  if not ok2 then
    d.invalid = true
    error(blame(expanded, def), 0)
  end
  sweep(d, pass)
  if expanded == out then expanded = copyOf(out) end
  if key ~= nil then expanded.key = key end
  if expanded.component == nil then expanded.component = inst end
  d.rawProps, d.children, d.epoch, d.invalid = raw, children, epoch, false
  d.rendered = expanded
  return expanded
end

local function create(def, scope, raw)
  local inst = setmetatable({ lifetime = require("lunar.signal").lifetime() }, def.__meta)
  local d = {
    def = def, ctx = scope.ctx, parent = scope, sub = {}, lists = {}, wrappers = {},
    generation = def.__generation, depth = scope.depth + 1, owner = inst, seen = scope.ctx.pass,
  }
  internals[inst] = d
  local function fail(problem)
    internals[inst] = nil
    inst.lifetime:dispose()
    error(blame(problem, def), 0)
  end
  local state = def.state
  if type(state) == "function" then
    local ok, value = pcall(state, raw)
    if not ok then fail(value) end
    state = value
  elseif type(state) == "table" then
    local copy = {}
    for k, v in pairs(state) do copy[k] = v end
    state = copy
  end
  rawset(inst, "state", type(state) == "table" and state or {})
  local vm = def.viewModel
  if vm ~= nil then
    local ok, problem = pcall(function()
      if type(vm) == "string" then vm = require(vm) end
      local viewModel = setmetatable({}, { __index = vm })
      rawset(inst, "viewModel", viewModel)
      if viewModel.initialize then viewModel:initialize() end
    end)
    if not ok then fail(problem) end
  end
  return inst
end

-- Expands the placeholder `p` found at `path` of `scope`'s output.
local function expandComponent(scope, p, path)
  local def = p.component
  local ctx = scope.ctx
  local inst = scope.sub[path]
  local d = inst and internals[inst]
  if d ~= nil and d.seen == ctx.pass then
    error(callerPosition() .. "two components at one place: siblings given the same key '" .. tostring(p.key)
      .. "' (" .. def.name .. ")", 0)
  end
  if d ~= nil and (d.def ~= def or d.generation ~= def.__generation) then
    scope.sub[path] = nil
    unmount(inst, ctx.errors)
    inst, d = nil, nil
  end
  if inst == nil then
    inst = create(def, scope, p.props)
    d = internals[inst]
    scope.sub[path] = inst
  end
  d.seen = ctx.pass
  -- Who built the placeholder: the scope's owner, or whoever passed it down as a child.
  if p.owner ~= nil then d.builder = p.owner else d.builder = scope.owner end
  d.key = p.key
  local children = p.children
  for i = 1, #children do
    local child = children[i]
    if type(child) == "table" and child.owner == nil then child.owner = d.builder end
  end
  local out
  if d.rendered == nil then
    out = renderInstance(inst, p.props, children, p.key)
    if def.bindViewModel then ctx.mounts[#ctx.mounts + 1] = { inst = inst, bind = true } end
    ctx.mounts[#ctx.mounts + 1] = { inst = inst }
  elseif d.dirty or d.invalid or d.epoch ~= epoch or #children > 0 or #d.children > 0
    or not sameProps(d.rawProps, p.props) then
    local old = inst.props
    out = renderInstance(inst, p.props, children, p.key)
    ctx.updates[#ctx.updates + 1] = { inst = inst, old = old }
  else
    out = d.rendered
    if p.key ~= nil then out.key = p.key end
  end
  return out
end

-- The segment of a child's place among its siblings: its key (with its constructor, for a
-- component), or its kind (a component's constructor) and its order among those siblings.
local function segment(child, counts)
  local kind = child.component and child.component.__id or child.kind or "?"
  if child.key ~= nil then return "#" .. tostring(child.key) .. "@" .. tostring(kind) end
  local n = (counts[kind] or 0) + 1
  counts[kind] = n
  return tostring(kind) .. "@" .. n
end

-- Expands every placeholder in `node`'s subtree, `node` sitting at `path` of `scope`'s output;
-- returns what goes in its place: `node` itself when nothing under it is a component, else a
-- copy (a script's tables are never changed, so a tree it keeps renders the same next time).
function expandNode(scope, node, path)
  if type(node) ~= "table" then return node end
  if node.kind == PLACEHOLDER and node.component ~= nil then
    return expandComponent(scope, node, path)
  end
  local v = node.virtual
  if v ~= nil then
    v.scope, v.path = scope, path
    local list = scope.lists[path]
    if list then list.seen = scope.ctx.pass end
  end
  local children = node.children
  if children == nil or children[1] == nil then return node end
  local counts, copy = {}, nil
  for i = 1, #children do
    local child = children[i]
    if type(child) == "table" then
      local expanded = expandNode(scope, child, path .. "/" .. segment(child, counts))
      if expanded ~= child then
        if copy == nil then
          copy = {}
          for j = 1, #children do copy[j] = children[j] end
        end
        copy[i] = expanded
      end
    end
  end
  if copy == nil then return node end
  local out = copyOf(node)
  out.children = copy
  -- Where each component's output now sits, for a later setState of it.
  for i = 1, #copy do
    local child = copy[i]
    if type(child) == "table" and child.component ~= nil then child.__parent, child.__index = out, i end
  end
  return out
end

-- Runs `body(ctx)` as one pass; the unmount errors it collected are raised after it.
local function pass(ctx, body, ...)
  ctx.errors = {}
  local results = table.pack(pcall(body, ...))
  local errors = ctx.errors
  ctx.errors = nil
  if not results[1] then error(results[2], 0) end
  raise(errors)
  return table.unpack(results, 2, results.n)
end

-- After a screen's render(): the tree with its components expanded (instances kept, made or
-- unmounted as their places say).
function M.expand(screen, tree)
  local ctx = contexts[screen]
  if made == seen and (ctx == nil or (next(ctx.sub) == nil and next(ctx.lists) == nil)) then
    return tree -- no component made, none living: nothing to walk
  end
  seen = made
  ctx = context(screen)
  return pass(ctx, function()
    ctx.pass = ctx.pass + 1
    ctx.screenStale = false
    local expanded = expandNode(ctx, tree, "")
    sweep(ctx, ctx.pass)
    if type(expanded) == "table" and expanded.__parent ~= nil then expanded.__parent = nil end
    -- A dirty instance inside a subtree whose props had not changed was not reached: now.
    local root = flushDirty(ctx, expanded)
    return root
  end)
end

-- Placeholders made so far (none: no tree holds a component).
function M.placeholdersMade()
  return made
end

-- The place of the node at `luaPath` (child indices from `tree`), by the rule expandNode uses.
local function placeOf(tree, luaPath)
  local node, path = tree, ""
  for _, i in ipairs(luaPath) do
    local children = node.children
    local counts, seg = {}, nil
    for j = 1, i do
      local child = children[j]
      if type(child) == "table" then seg = segment(child, counts) end
    end
    path = path .. "/" .. seg
    node = children[i]
  end
  return path
end

-- The rows of a virtualized list, each expanded in the list's own scope (a row's instance
-- lives while its row is built).
function M.expandRows(screen, tree, node, luaPath, rows)
  local v = node.virtual
  local ctx = contexts[screen]
  if ctx == nil and made == 0 then return rows end
  ctx = context(screen)
  -- A render that made no component walked nothing: the list is the screen's own.
  local scope = v.scope or ctx
  local path = v.path or placeOf(tree, luaPath)
  return pass(ctx, function()
    local list = scope.lists[path]
    if list == nil then
      list = { sub = {}, lists = {}, ctx = ctx, owner = scope.owner, depth = scope.depth + 1 }
      scope.lists[path] = list
    end
    ctx.pass = ctx.pass + 1
    list.seen = ctx.pass
    local out = {}
    for i = 1, #rows do
      local row = rows[i]
      local expanded = expandNode(list, row, "#" .. tostring(row.key))
      if expanded ~= row then
        if expanded.key == nil or expanded.component ~= nil then expanded.key = row.key end
        expanded.__parent, expanded.__index = node, i
      end
      out[i] = expanded
    end
    sweep(list, ctx.pass)
    return out
  end)
end

-- Re-renders the instances of `ctx` that called setState (outermost first), each splicing its
-- new output where its old one was in the screen's tree `root`. Returns the tree (a new root
-- when the root was an instance's output) and whether any rendered. On an error the ones not
-- yet rendered stay due. (After a render that failed, the host shows an error and renders
-- whole screens, not these passes, until one succeeds: places recorded by a failed pass are
-- never spliced into.)
function flushDirty(ctx, root)
  local dirty = ctx.dirty
  if dirty[1] == nil then return root, false end
  ctx.dirty = {}
  table.sort(dirty, function(a, b) return internals[a].depth < internals[b].depth end)
  ctx.pass = ctx.pass + 1
  local any = false
  for position, inst in ipairs(dirty) do
    local d = internals[inst]
    if d.dirty and not d.unmounted and d.rendered ~= nil then
      local before = d.rendered
      any = true
      local old = inst.props
      local ok, out = pcall(renderInstance, inst, d.rawProps, d.children, d.key)
      if not ok then
        d.dirty = true
        for i = position, #dirty do
          if internals[dirty[i]].dirty then ctx.dirty[#ctx.dirty + 1] = dirty[i] end
        end
        error(out, 0)
      end
      ctx.updates[#ctx.updates + 1] = { inst = inst, old = old }
      -- The instances whose output began with the old one now begin with the new one (the
      -- outermost's key is the place's).
      local up = d.parent
      while up ~= nil and up.rendered == before do
        up.rendered = out
        if up.key ~= nil then out.key = up.key end
        up = up.parent
      end
      local parent, index = before.__parent, before.__index
      if parent ~= nil then
        parent.children[index] = out
        out.__parent, out.__index = parent, index
      elseif root == before then
        root = out
      end
    end
  end
  return root, any
end

-- The instances that called setState render again (not the screen), in `tree`, the screen's
-- last tree: the tree, or nil when none needed it.
function M.renderDirty(screen, tree)
  local ctx = contexts[screen]
  if ctx == nil then return nil end
  return pass(ctx, function()
    local root, any = flushDirty(ctx, tree)
    if not any then return nil end
    return root
  end)
end

-- Whether the screen must render again after an event its component handled: a callback
-- prop of the screen's ran.
function M.screenStale(screen)
  local ctx = contexts[screen]
  if ctx == nil then return false end
  local stale = ctx.screenStale
  ctx.screenStale = false
  return stale
end

-- After the renderer was sent a render: mount(self) of new instances (children before their
-- parent), then update(oldProps) of the re-rendered ones. The first error is raised after all ran.
-- Returns whether a callback prop of the screen's ran meanwhile (the screen renders again).
function M.settle(screen)
  local ctx = contexts[screen]
  if ctx == nil then return false end
  local mounts, updates = ctx.mounts, ctx.updates
  if mounts[1] == nil and updates[1] == nil then return false end
  ctx.mounts, ctx.updates = {}, {}
  local errors = {}
  for _, m in ipairs(mounts) do
    local d = internals[m.inst]
    if not d.unmounted then
      local ok, problem
      if m.bind then
        ok, problem = runHook(m.inst, "bindViewModel", m.inst.props)
      else
        d.mounted = true
        ok, problem = runHook(m.inst, "mount")
      end
      if not ok then errors[#errors + 1] = blame(problem, d.def) end
    end
  end
  for _, u in ipairs(updates) do
    local d = internals[u.inst]
    if d.mounted and not d.unmounted then
      local ok, problem = runHook(u.inst, "update", u.old)
      if not ok then errors[#errors + 1] = blame(problem, d.def) end
    end
  end
  raise(errors)
  return ctx.screenStale
end

-- A screen closed: every instance on it unmounts.
function M.close(screen)
  local ctx = contexts[screen]
  if ctx == nil then return end
  contexts[screen] = nil
  local errors = {}
  unmountScope(ctx, errors)
  raise(errors)
end

-- A hot reload ran: every live instance renders again with the new code; instances of
-- components declared in a `--@refresh reset` module (`modules`: their names) start over.
function M.reloaded(modules)
  epoch = epoch + 1
  local reset = {}
  for _, m in ipairs(modules or {}) do reset[m] = true end
  if next(reset) == nil then return end
  for _, def in pairs(registry) do
    if reset[def.__module] then def.__generation = def.__generation + 1 end
  end
end

-- What the inspector shows of the components whose output begins at `node`, outermost first
-- (a component whose root is another component: both), each `{ name =, props =, state = }`
-- (the props as its parent passed them); an empty list for an element no component rendered.
function M.describe(node)
  local list = {}
  local inst = type(node) == "table" and node.component
  local d = inst and internals[inst]
  -- An instance's scope is its enclosing instance (or the screen's, or a list's, which render nothing).
  while d ~= nil and d.def ~= nil and d.rendered == node and not d.unmounted do
    table.insert(list, 1, { name = d.def.name, props = d.rawProps, state = rawget(d.owner, "state") })
    d = d.parent
  end
  return list
end

-- The owner of the element at `path` (child indices from the root): a component instance,
-- or nil for the screen.
function M.owner(tree, path)
  local node, owner = tree, nil
  if type(node) ~= "table" then return nil end
  if node.component then owner = node.component end
  for _, i in ipairs(path) do
    node = node.children and node.children[i]
    if node == nil then break end
    if node.owner ~= nil then
      owner = node.owner or nil
    elseif node.component then
      owner = node.component
    end
  end
  return owner
end

return M
