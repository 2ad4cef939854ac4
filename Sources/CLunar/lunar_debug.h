// The debugger's side of the hook (lunar_debug.c), for clunar.c.
#ifndef LUNAR_DEBUG_H
#define LUNAR_DEBUG_H

#include "clunar.h"

/// Sets L's hook to Lunar's with `mask` (the count event always on) and `count`.
void lunar_sethook(lua_State *L, int mask, int count);

/// A call, return or line event while a debugger is attached.
void lunar_debug_event(lua_State *L, lunar_Context *c, lua_Debug *ar);

/// At each count event: keeps L's events in step with the debugger (attached, detached,
/// a pause asked for).
void lunar_debug_count(lua_State *L, lunar_Context *c);

/// In a message handler, the error value at index 1: stops when `which` errors break.
void lunar_debug_error(lua_State *L, int which);

/// Replaces the base library's `pcall` with one that can stop at a caught error.
void lunar_debug_install(lua_State *L);

/// Frees the breakpoint table (the state is closing).
void lunar_debug_free(lunar_Context *c);

#endif
