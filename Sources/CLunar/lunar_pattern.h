// Lua 5.4 string patterns charged to the instruction budget. Private to CLunar.
#ifndef LUNAR_PATTERN_H
#define LUNAR_PATTERN_H

#include <lua.h>

/// Replaces `find`, `match`, `gmatch` and `gsub` in the string library table at
/// `lib` (also the strings' `__index`, so methods change too) with budgeted
/// versions. Allocates: call it protected, while the libraries are opened.
void lunar_pattern_install(lua_State *L, int lib);

#endif
