-- luacheck (Debian: lua-check) for the Lua that ships inside the binary (LuaSource: each
-- target's Lua/ folder, embedded by Package.swift). `Scripts/test` runs it; warnings fail.
std = "lua54"
max_line_length = 120

-- The sandbox prelude builds the script environment: it replaces and removes standard globals.
files["LunarBridge/Lua/sandbox.lua"] = { globals = {
    "loadfile", "dofile", "debug", "xpcall", "os", "string", "load", "collectgarbage", "package",
    "__lunar_searcher", "io", "print", "require",
} }
-- The reloader wraps require to record which module requires which.
files["LunarRuntime/Lua/reload.lua"] = { globals = { "require" } }
-- The spec prelude defines the spec language's globals.
files["LunarSpecs/Lua/prelude.lua"] = { globals = { "describe", "it", "before_each", "after_each", "setup", "teardown", "pending", "expect", "spy", "app" } }
