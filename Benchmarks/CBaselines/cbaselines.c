#include "cbaselines.h"
#include <lauxlib.h>
#include <lualib.h>

static int c_inc(lua_State *L) {
    lua_Integer x = luaL_checkinteger(L, 1);
    lua_pushinteger(L, x + 1);
    return 1;
}

static int c_typed(lua_State *L) {
    size_t len = 0;
    luaL_checklstring(L, 1, &len);
    lua_Number n = luaL_checknumber(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_pushinteger(L, (lua_Integer)len + (lua_Integer)n + 1);
    return 1;
}

// The floor of an after hook run by a C function: `x + 1`, then the hook (upvalue 1)
// called with (true, result), protected with a message handler as Lunar does, or plain.
static int c_handler(lua_State *L) { return 1; }

static int c_inc_protected_hook(lua_State *L) {
    lua_Integer x = luaL_checkinteger(L, 1);
    lua_pushinteger(L, x + 1);
    lua_pushcfunction(L, c_handler);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushboolean(L, 1);
    lua_pushvalue(L, -4);
    if (lua_pcall(L, 2, 0, -4) != LUA_OK) lua_pop(L, 1);
    lua_pop(L, 1);
    return 1;
}

static int c_inc_plain_hook(lua_State *L) {
    lua_Integer x = luaL_checkinteger(L, 1);
    lua_pushinteger(L, x + 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushboolean(L, 1);
    lua_pushvalue(L, -3);
    lua_call(L, 2, 0);
    return 1;
}

void cbase_install_hooked(lua_State *L, int hook_ref) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, hook_ref);
    lua_pushcclosure(L, c_inc_protected_hook, 1);
    lua_setglobal(L, "c_inc_protected_hook");
    lua_rawgeti(L, LUA_REGISTRYINDEX, hook_ref);
    lua_pushcclosure(L, c_inc_plain_hook, 1);
    lua_setglobal(L, "c_inc_plain_hook");
}

void cbase_install(lua_State *L) {
    lua_pushcfunction(L, c_inc);
    lua_setglobal(L, "c_inc");
    lua_pushcfunction(L, c_typed);
    lua_setglobal(L, "c_typed");
}

long long cbase_call_loop(lua_State *L, int ref, int n) {
    long long sum = 0;
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
        lua_pushinteger(L, i);
        if (lua_pcall(L, 1, 1, 0) != LUA_OK) return -1;
        sum += lua_tointegerx(L, -1, NULL);
        lua_pop(L, 1);
    }
    return sum;
}

int cbase_open_stock_string(lua_State *L) {
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushcfunction(L, luaopen_string);
    lua_call(L, 0, 1);
    // Stack: "", the state's string metatable, the stock library.
    lua_pushvalue(L, -2);
    lua_setmetatable(L, -4);
    lua_setglobal(L, "stock");
    lua_pop(L, 2);
    return 0;
}
