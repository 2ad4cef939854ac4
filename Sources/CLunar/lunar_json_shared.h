// What the JSON decoder and encoder share: the null sentinel, the weak set of
// tables marked as arrays, and UTF-8 validation. Private to CLunar.
#ifndef LUNAR_JSON_SHARED_H
#define LUNAR_JSON_SHARED_H

#include <stddef.h>
#include <lua.h>

/// Registry field holding the weak-keyed set of tables marked as arrays.
#define LUNAR_JSON_ARRAYS_KEY "lunar.json.arrays"

/// Pushes the set of array-marked tables, creating it when `create` is set;
/// pushes nil when it does not exist and `create` is 0. Allocates when creating.
void lunar_json_push_array_set(lua_State *L, int create);

/// Length of the well-formed UTF-8 sequence starting at p (a byte >= 0x80),
/// or 0 if it is malformed, overlong, a surrogate, above U+10FFFF or truncated.
static inline size_t lunar_utf8_sequence(const unsigned char *p, size_t available) {
    unsigned c = p[0];
#define CONT(b) (((b) & 0xC0) == 0x80)
    if (c >= 0xC2 && c <= 0xDF) {
        if (available >= 2 && CONT(p[1])) return 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        if (available >= 3 && CONT(p[2])) {
            unsigned c1 = p[1];
            if (c == 0xE0 ? (c1 >= 0xA0 && c1 <= 0xBF) : c == 0xED ? (c1 >= 0x80 && c1 <= 0x9F) : CONT(c1)) return 3;
        }
    } else if (c >= 0xF0 && c <= 0xF4) {
        if (available >= 4 && CONT(p[2]) && CONT(p[3])) {
            unsigned c1 = p[1];
            if (c == 0xF0 ? (c1 >= 0x90 && c1 <= 0xBF) : c == 0xF4 ? (c1 >= 0x80 && c1 <= 0x8F) : CONT(c1)) return 4;
        }
    }
#undef CONT
    return 0;
}

/// `LUNAR_JSON_MAX_DEPTH` as a string literal, for messages.
#define LUNAR_JSON_QUOTE(x) #x
#define LUNAR_JSON_STRING(x) LUNAR_JSON_QUOTE(x)
#define LUNAR_JSON_MAX_DEPTH_TEXT LUNAR_JSON_STRING(LUNAR_JSON_MAX_DEPTH)

#endif
