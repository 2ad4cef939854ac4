// CLunar: the C side of Swift objects held by Lua (see LuaObject.swift).
#ifndef CLUNAR_OBJECT_H
#define CLUNAR_OBJECT_H

#include <lua.h>

/// Pops a method table and a getter table (pushed in that order) and pushes
/// the `__index` function of an object class that has properties: a key found
/// in the method table gives the method; one found in the getter table calls
/// that getter with the object and gives its result; anything else gives nil.
/// Lookups are raw; a getter's error propagates as it is raised.
void lunar_pushobjectindex(lua_State *L);

/// The object pointer of the userdata at `idx` when its metatable is the one
/// held at registry reference `metatable_ref` (a live object of that class);
/// NULL for anything else, or once collected. One call for the check every
/// method call makes on its receiver. Never raises.
void *lunar_toobject(lua_State *L, int idx, int metatable_ref);

#endif
