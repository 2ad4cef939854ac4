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
