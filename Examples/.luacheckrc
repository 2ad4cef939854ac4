-- luacheck (Debian: lua-check) for the example bundles; `Scripts/test` runs it and fails on
-- warnings. Scripts run in Lua 5.4's sandbox: no io, debug, dofile or loadfile; modules come
-- from require("lunar.*") and require("native.*"). `lunar new` writes the same file into a bundle.
std = "lua54"
not_globals = { "io", "debug", "dofile", "loadfile" }
max_line_length = 120
-- Screen methods take self whether or not they use it (render, load, ...).
self = false
exclude_files = { "**/.lunar/**" }

-- Specs (`lunar test`) get the spec language and the app driver as globals.
stds.lunar_spec = { read_globals = {
  "describe", "it", "before_each", "after_each", "setup", "teardown", "pending", "expect", "spy", "app",
} }
files["**/spec/**/*_spec.lua"] = { std = "+lunar_spec" }
