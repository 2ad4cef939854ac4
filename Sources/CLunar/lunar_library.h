// Standard library functions that loop in C, charged to the instruction budget.
// Private to CLunar.
#ifndef LUNAR_LIBRARY_H
#define LUNAR_LIBRARY_H

#include <lua.h>

/// Replaces, in the opened standard library (package.loaded), the functions
/// whose work grows with their arguments by versions that charge that work to
/// the budget: `string.rep`, `byte`, `pack`, `packsize`, `unpack`; the string
/// arithmetic metamethods; `table.insert`, `remove`, `move`, `concat`, `unpack`,
/// `sort`; `utf8.codepoint`, `len`, `offset`, `codes`; `tonumber`, `load`,
/// `collectgarbage`. Allocates: call it protected, after the libraries are open.
void lunar_library_install(lua_State *L);

#endif
