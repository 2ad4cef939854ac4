// CLua: Lua 5.4's C API as Lunar uses it. The headers are included by their own names; the
// directory that holds them comes from pkg-config (lua5.4), or from the target that supplies
// Lua on an Apple platform (docs/swift-host.md, "Supplying Lua").
#ifndef CLUA_SHIM_H
#define CLUA_SHIM_H
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#endif
