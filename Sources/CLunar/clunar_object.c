#include "clunar_object.h"

// Runs for every `obj.key` on a class with properties, so it stays in C: a
// method lookup costs no call into Swift, a property read exactly one.
static int lunar_object_index(lua_State *L) {
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(2)) == LUA_TNIL) return 1;
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
    return 1;
}

void lunar_pushobjectindex(lua_State *L) { lua_pushcclosure(L, lunar_object_index, 2); }

void *lunar_toobject(lua_State *L, int idx, int metatable_ref) {
    if (lua_type(L, idx) != LUA_TUSERDATA || !lua_checkstack(L, 2)) return NULL;
    if (!lua_getmetatable(L, idx)) return NULL;
    lua_rawgeti(L, LUA_REGISTRYINDEX, metatable_ref);
    int same = lua_topointer(L, -1) == lua_topointer(L, -2);
    lua_pop(L, 2);
    if (!same) return NULL;
    void **box = (void **)lua_touserdata(L, idx);
    return box ? *box : NULL;
}
