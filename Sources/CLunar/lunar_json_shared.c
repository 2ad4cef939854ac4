#include "lunar_json_shared.h"
#include "lunar_json.h"

#include <lauxlib.h>

// Its address is json.null: a light userdata, so pushing it never allocates.
static const char lunar_json_null_tag = 0;

void lunar_json_pushnull(lua_State *L) { lua_pushlightuserdata(L, (void *)&lunar_json_null_tag); }

int lunar_json_isnull(lua_State *L, int idx) {
    return lua_type(L, idx) == LUA_TLIGHTUSERDATA && lua_touserdata(L, idx) == (void *)&lunar_json_null_tag;
}

void lunar_json_push_array_set(lua_State *L, int create) {
    // The registry has no metatable: this read cannot run Lua code.
    if (lua_getfield(L, LUA_REGISTRYINDEX, LUNAR_JSON_ARRAYS_KEY) == LUA_TTABLE || !create) return;
    lua_pop(L, 1);
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, LUNAR_JSON_ARRAYS_KEY);
}

int lunar_json_array(lua_State *L) {
    int type = lua_type(L, 1);
    if (type == LUA_TNONE || type == LUA_TNIL) {
        lua_settop(L, 0);
        lua_createtable(L, 0, 0);
    } else if (type != LUA_TTABLE) {
        return luaL_error(L, "bad argument #1 to 'json.array' (table expected, got %s)", luaL_typename(L, 1));
    }
    lua_settop(L, 1);
    lunar_json_push_array_set(L, 1);
    lua_pushvalue(L, 1);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    return 1;
}
