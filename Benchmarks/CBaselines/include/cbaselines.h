// Raw C baselines for the bridge benchmarks: what Lunar's bridged Swift
// functions are compared against in the same run.
#ifndef CBASELINES_H
#define CBASELINES_H
#include <lua.h>

/// Sets globals `c_inc(x)` (x + 1) and `c_typed(s, n, t)` (reads a string, a
/// number and a table the way a hand-written C binding would).
void cbase_install(lua_State *L);

/// Sets globals `c_inc_protected_hook(x)` and `c_inc_plain_hook(x)`: `c_inc`, then
/// the function at registry reference `hook_ref` called from C with (true, x + 1),
/// under lua_pcall with a message handler (as Lunar runs an after hook) or under
/// lua_call. What any C-side after hook costs at least, with no Swift involved.
void cbase_install_hooked(lua_State *L, int hook_ref);

/// Calls the function at registry reference `ref` with 1..n through lua_pcall
/// (the raw cost of delivering a value to a Lua callback). Returns the sum of
/// integer results.
long long cbase_call_loop(lua_State *L, int ref, int n);

/// A lua_CFunction (call it protected) that sets the global `stock` to Lua's
/// own string library, whose patterns are not budgeted, and keeps the
/// state's string metatable (luaopen_string installs a new one).
int cbase_open_stock_string(lua_State *L);
#endif
