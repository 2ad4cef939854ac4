// JSON straight into Lua values, and Lua values back to JSON text, in C.
//
// The lua_CFunctions here raise Lua errors, so they run only as Lua functions
// (json.decode / json.encode) or under a protected call (lunar_json_pdecode /
// lunar_json_pencode); never call them from a Swift frame directly.
#ifndef LUNAR_JSON_H
#define LUNAR_JSON_H

#include <stddef.h>
#include <lua.h>
// LUNAR_JSON_MAX_DEPTH: the deepest nesting either direction accepts, shared with LunarJSON.
#include <lunar_json_limits.h>

/// Where and why decoding failed (filled only for invalid JSON, not for
/// memory errors).
typedef struct lunar_JSONFailure {
    /// Zero-based byte offset of the first byte that makes the text invalid.
    size_t offset;
    /// A static description such as "expected ',' or '}'"; NULL if none.
    const char *reason;
} lunar_JSONFailure;

/// `json.decode(s)`: decodes the string argument and returns one Lua value.
/// Raises "invalid JSON at byte N: reason" (prefixed with the caller's position).
int lunar_json_decode(lua_State *L);

/// `json.encode(v)`: returns the JSON text of v. Arrays for sequences,
/// objects (keys sorted bytewise) for string-keyed tables, `{}` for an empty
/// table unless marked with `json.array`. Raises for values JSON cannot hold.
int lunar_json_encode(lua_State *L);

/// `json.array(t?)`: marks t (or a new table) so that it encodes as an array
/// even when empty, and returns it. The mark is held in a weak set, so it does
/// not touch t's metatable.
int lunar_json_array(lua_State *L);

/// Pushes the `json.null` sentinel (a light userdata; pushing never allocates).
void lunar_json_pushnull(lua_State *L);

/// 1 if the value at idx is the `json.null` sentinel.
int lunar_json_isnull(lua_State *L, int idx);

/// Decodes `length` bytes as one JSON document under a protected call (strict
/// memory mode, so a memory cap yields LUA_ERRMEM). Returns a Lua status: on
/// LUA_OK the value is pushed; otherwise the error message is pushed and, when
/// the bytes are not valid JSON, `failure` says where and why. The bytes must
/// stay valid for the duration of the call only.
int lunar_json_pdecode(lua_State *L, const void *bytes, size_t length, lunar_JSONFailure *failure);

/// Encodes the value at `idx` under a protected call. Returns a Lua status: on
/// LUA_OK the JSON text is pushed as a Lua string; otherwise the error message.
int lunar_json_pencode(lua_State *L, int idx);

/// lunar_json_pencode that stops as soon as the text would be longer than
/// `limit` bytes (0: no limit), before its buffer grows much past it: the status is
/// then an error and `*over_limit` is 1 (0 otherwise).
int lunar_json_pencode_limited(lua_State *L, int idx, size_t limit, int *over_limit);

#endif
