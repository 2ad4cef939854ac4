#ifndef CLUNAR_H
#define CLUNAR_H
#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>
#endif
