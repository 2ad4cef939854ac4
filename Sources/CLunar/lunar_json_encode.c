// Lua values → JSON text. The output buffer is a Lua userdata in a fixed
// stack slot (luaL_Buffer needs its box on top, which a recursive walk that
// pushes keys and values cannot keep), so it counts against the memory cap.
#include "lunar_json.h"
#include "lunar_json_shared.h"
#include "clunar.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>

// One level of the walk: the table being written and where in it we are, for
// cycle detection and for the path in error messages.
// Steps live in encode_table's frames and link to their parent, so depth costs
// no allocation.
typedef struct PathStep {
    const void *table;
    const char *key;  // the member being written, or NULL
    size_t key_length;
    lua_Integer index;  // the element being written (1-based), or 0
    struct PathStep *parent;
} PathStep;

typedef struct Encoder {
    lua_State *L;
    int buffer_slot;
    char *buffer;
    size_t capacity;
    size_t length;
    size_t limit;  // the longest text allowed (0: no limit)
    int *over_limit;  // set to 1 when the text would pass `limit`
    int arrays_slot;  // the array-mark set, or nil when no table was ever marked
    int depth;
    PathStep *top;  // the innermost table being written, or NULL
    // Object keys being sorted, for every open object: a stack shared by the
    // levels. `keys_slot` holds a Lua sequence that keeps the key strings alive
    // at the same positions as `sorted` (a userdata) holds pointers to their bytes.
    int keys_slot;
    int sorted_slot;
    struct SortedKey *sorted;
    size_t sorted_capacity;
    size_t sorted_top;
} Encoder;

// A string key collected for sorting; `slot` is its position in the key sequence.
typedef struct SortedKey {
    const char *bytes;
    size_t length;
    lua_Integer slot;
} SortedKey;

static void encode_value(Encoder *e, int idx);

static int is_identifier(const char *s, size_t n) {
    if (n == 0 || (s[0] >= '0' && s[0] <= '9')) return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return 0;
    }
    return 1;
}

// Raises "<reason> at <path>", the path as `$.items[3].name` (Lua indices).
__attribute__((noreturn)) static void fail(Encoder *e, const char *reason) {
    lua_State *L = e->L;
    luaL_checkstack(L, 4, "JSON encoding error");
    // Root first: collect the steps (the walk holds at most LUNAR_JSON_MAX_DEPTH).
    const PathStep **steps = (const PathStep **)lua_newuserdatauv(L, sizeof(PathStep *) * (size_t)(e->depth + 1), 0);
    int count = 0;
    for (const PathStep *step = e->top; step != NULL; step = step->parent) steps[count++] = step;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_where(L, 1);
    luaL_addvalue(&b);
    luaL_addstring(&b, reason);
    luaL_addstring(&b, " at $");
    while (count > 0) {
        const PathStep *step = steps[--count];
        if (step->key != NULL) {
            if (is_identifier(step->key, step->key_length)) {
                luaL_addchar(&b, '.');
                luaL_addlstring(&b, step->key, step->key_length);
            } else {
                luaL_addstring(&b, "[\"");
                luaL_addlstring(&b, step->key, step->key_length);
                luaL_addstring(&b, "\"]");
            }
        } else if (step->index > 0) {
            char text[32];
            int n = snprintf(text, sizeof text, "[%lld]", (long long)step->index);
            luaL_addlstring(&b, text, (size_t)n);
        }
    }
    luaL_pushresult(&b);
    lua_error(L);
    __builtin_unreachable();
}

// MARK: - Output buffer

// How far past the limit a reservation may reach (the most any writer over-reserves).
#define LIMIT_SLACK 64

__attribute__((noreturn)) static void stop_over_limit(Encoder *e) {
    if (e->over_limit) *e->over_limit = 1;
    luaL_error(e->L, "JSON text over %I bytes", (lua_Integer)e->limit);
    __builtin_unreachable();
}

static char *reserve(Encoder *e, size_t extra) {
    size_t needed = e->length + extra;
    // Stop before the buffer grows past the limit: the caller refuses the value by size. Some
    // writers reserve a few bytes more than they write, so the exact test is at the end.
    if (e->limit != 0 && needed > e->limit + LIMIT_SLACK) stop_over_limit(e);
    if (needed > e->capacity) {
        size_t capacity = e->capacity ? e->capacity : 256;
        while (capacity < needed) capacity *= 2;
        char *buffer = (char *)lua_newuserdatauv(e->L, capacity, 0);
        if (e->length > 0) memcpy(buffer, e->buffer, e->length);
        lua_replace(e->L, e->buffer_slot);
        e->buffer = buffer;
        e->capacity = capacity;
    }
    return e->buffer + e->length;
}

static void write_bytes(Encoder *e, const char *bytes, size_t n) {
    memcpy(reserve(e, n), bytes, n);
    e->length += n;
}

static inline void write_char(Encoder *e, char c) {
    if (e->length < e->capacity) e->buffer[e->length++] = c;
    else write_bytes(e, &c, 1);
}

// MARK: - Scalars

// 0: as is; 'u': \u00XX; otherwise the letter after the backslash.
static const char escape_letter[128] = {
    [0x00 ... 0x07] = 'u', ['\b'] = 'b', ['\t'] = 't', ['\n'] = 'n', [0x0B] = 'u', ['\f'] = 'f',
    ['\r'] = 'r', [0x0E ... 0x1F] = 'u', ['"'] = '"', ['\\'] = '\\',
};

static void write_string(Encoder *e, const char *text, size_t n) {
    const unsigned char *s = (const unsigned char *)text;
    // First pass: validate and measure, so the second writes without checks.
    size_t escaped = n + 2;
    for (size_t i = 0; i < n;) {
        unsigned char c = s[i];
        if (c < 0x80) {
            char letter = escape_letter[c];
            if (letter == 'u') escaped += 5;
            else if (letter != 0) escaped += 1;
            i++;
        } else {
            size_t k = lunar_utf8_sequence(s + i, n - i);
            if (k == 0) fail(e, "cannot encode a string that is not valid UTF-8");
            i += k;
        }
    }
    char *out = reserve(e, escaped);
    *out++ = '"';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = s[i];
        char letter = c < 0x80 ? escape_letter[c] : 0;
        if (letter == 0) {
            *out++ = (char)c;
        } else if (letter == 'u') {
            static const char hex[] = "0123456789abcdef";
            memcpy(out, "\\u00", 4);
            out[4] = hex[c >> 4];
            out[5] = hex[c & 0xF];
            out += 6;
        } else {
            out[0] = '\\';
            out[1] = letter;
            out += 2;
        }
    }
    *out = '"';
    e->length += escaped;
}

// Exact in a double, so a quotient by one of them is correctly rounded.
static const double powers_of_ten[] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
};

// Writes the decimal digits of v (any lua_Integer) into the end of `out`; returns the first byte.
static char *format_integer(char *end, lua_Integer v) {
    lua_Unsigned magnitude = v < 0 ? (lua_Unsigned)0 - (lua_Unsigned)v : (lua_Unsigned)v;
    char *p = end;
    do {
        *--p = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude != 0);
    if (v < 0) *--p = '-';
    return p;
}

static void write_integer(Encoder *e, lua_Integer v) {
    char text[24];
    char *first = format_integer(text + sizeof text, v);
    write_bytes(e, first, (size_t)(text + sizeof text - first));
}

// Writes v as m / 10^k with the fewest fraction digits k (at least one) when
// m fits 53 bits: reading that decimal back is correctly rounded to the same
// quotient, so it round-trips. Returns 0 when v needs the general path.
static int write_short_decimal(Encoder *e, double v) {
    double magnitude = fabs(v);
    if (!(magnitude < 1e15) || (magnitude < 1e-5 && v != 0)) return 0;
    for (int k = 0; k <= 15; k++) {
        double m = rint(v * powers_of_ten[k]);
        if (fabs(m) >= 9007199254740992.0) return 0;
        if (m / powers_of_ten[k] != v) continue;
        char digits[24];
        lua_Integer integer = (lua_Integer)fabs(m);
        char *first = format_integer(digits + sizeof digits, integer);
        size_t count = (size_t)(digits + sizeof digits - first);
        char *out = reserve(e, count + (size_t)k + 4);
        char *start = out;
        if (signbit(v)) *out++ = '-';
        if (k == 0) {
            memcpy(out, first, count);
            memcpy(out + count, ".0", 2);  // keep floats floats: 3.0 reads back as a float
            out += count + 2;
        } else if (count > (size_t)k) {
            memcpy(out, first, count - (size_t)k);
            out += count - (size_t)k;
            *out++ = '.';
            memcpy(out, first + count - (size_t)k, (size_t)k);
            out += k;
        } else {
            *out++ = '0';
            *out++ = '.';
            for (size_t z = count; z < (size_t)k; z++) *out++ = '0';
            memcpy(out, first, count);
            out += count;
        }
        e->length += (size_t)(out - start);
        return 1;
    }
    return 0;
}

static void write_float(Encoder *e, double v) {
    if (isnan(v)) fail(e, "cannot encode NaN");
    if (isinf(v)) fail(e, "cannot encode infinity");
    if (write_short_decimal(e, v)) return;
    char text[40];
    int n = 0;
    // The shortest of 15, 16 or 17 significant digits that reads back exactly.
    for (int precision = 15; precision <= 17; precision++) {
        n = snprintf(text, sizeof text, "%.*g", precision, v);
        if (strtod(text, NULL) == v) break;
    }
    int has_point = 0;
    for (int i = 0; i < n; i++) {
        char c = text[i];
        if (c == 'e') {
            has_point = 1;
        } else if (!(c >= '0' && c <= '9') && c != '-' && c != '+') {
            text[i] = '.';  // the locale's decimal separator
            has_point = 1;
        }
    }
    write_bytes(e, text, (size_t)n);
    if (!has_point) write_bytes(e, ".0", 2);
}

// MARK: - Tables

static int compare_keys(const void *a, const void *b) {
    const SortedKey *x = (const SortedKey *)a, *y = (const SortedKey *)b;
    size_t n = x->length < y->length ? x->length : y->length;
    int order = memcmp(x->bytes, y->bytes, n);
    if (order != 0) return order;
    return x->length < y->length ? -1 : x->length > y->length;
}

static void sort_keys(SortedKey *keys, size_t n) {
    if (n > 16) {
        qsort(keys, n, sizeof(SortedKey), compare_keys);
        return;
    }
    // Typical objects are small: insertion sort beats qsort's set-up there.
    for (size_t i = 1; i < n; i++) {
        SortedKey key = keys[i];
        size_t j = i;
        while (j > 0 && compare_keys(&keys[j - 1], &key) > 0) {
            keys[j] = keys[j - 1];
            j--;
        }
        keys[j] = key;
    }
}

// Makes room for `needed` sort entries in total, keeping the open levels' entries.
static void reserve_sorted(Encoder *e, size_t needed) {
    lua_State *L = e->L;
    if (lua_type(L, e->keys_slot) != LUA_TTABLE) {
        lua_createtable(L, 16, 0);
        lua_replace(L, e->keys_slot);
    }
    if (needed <= e->sorted_capacity) return;
    size_t capacity = e->sorted_capacity ? e->sorted_capacity : 32;
    while (capacity < needed) capacity *= 2;
    SortedKey *sorted = (SortedKey *)lua_newuserdatauv(L, capacity * sizeof(SortedKey), 0);
    if (e->sorted_top > 0) memcpy(sorted, e->sorted, e->sorted_top * sizeof(SortedKey));
    lua_replace(L, e->sorted_slot);
    e->sorted = sorted;
    e->sorted_capacity = capacity;
}

static int is_marked_array(Encoder *e, int idx) {
    lua_State *L = e->L;
    if (lua_type(L, e->arrays_slot) != LUA_TTABLE) return 0;
    lua_pushvalue(L, idx);
    int marked = lua_rawget(L, e->arrays_slot) != LUA_TNIL;
    lua_pop(L, 1);
    return marked;
}

static void write_array(Encoder *e, int idx, lua_Integer count) {
    lua_State *L = e->L;
    PathStep *step = e->top;
    write_char(e, '[');
    for (lua_Integer i = 1; i <= count; i++) {
        if (i > 1) write_char(e, ',');
        step->index = i;
        lua_rawgeti(L, idx, i);
        encode_value(e, lua_gettop(L));
        lua_pop(L, 1);
    }
    step->index = 0;
    write_char(e, ']');
}

static void write_object(Encoder *e, int idx, size_t count) {
    lua_State *L = e->L;
    PathStep *step = e->top;
    size_t base = e->sorted_top;
    reserve_sorted(e, base + count);
    size_t n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        lua_pop(L, 1);
        if (n == count || lua_type(L, -1) != LUA_TSTRING) fail(e, "table changed while being encoded");
        lua_Integer slot = (lua_Integer)(base + n) + 1;
        lua_pushvalue(L, -1);
        lua_rawseti(L, e->keys_slot, slot);
        SortedKey *key = &e->sorted[base + n];
        key->bytes = lua_tolstring(L, -1, &key->length);
        key->slot = slot;
        n++;
    }
    e->sorted_top = base + n;
    sort_keys(e->sorted + base, n);
    write_char(e, '{');
    for (size_t i = 0; i < n; i++) {
        // A copy: nested objects may move the shared entries.
        SortedKey key = e->sorted[base + i];
        if (i > 0) write_char(e, ',');
        step->key = key.bytes;
        step->key_length = key.length;
        write_string(e, key.bytes, key.length);
        write_char(e, ':');
        lua_rawgeti(L, e->keys_slot, key.slot);
        lua_rawget(L, idx);
        encode_value(e, lua_gettop(L));
        lua_pop(L, 1);
    }
    step->key = NULL;
    e->sorted_top = base;
    write_char(e, '}');
}

static void encode_table(Encoder *e, int idx) {
    lua_State *L = e->L;
    const void *table = lua_topointer(L, idx);
    for (const PathStep *step = e->top; step != NULL; step = step->parent) {
        if (step->table == table) fail(e, "cannot encode a table that contains itself");
    }
    if (e->depth >= LUNAR_JSON_MAX_DEPTH) fail(e, "cannot encode tables nested deeper than " LUNAR_JSON_MAX_DEPTH_TEXT " levels");
    if (!lua_checkstack(L, 6)) fail(e, "cannot encode tables nested too deeply for the Lua stack");
    PathStep step = {table, NULL, 0, 0, e->top};
    e->top = &step;
    e->depth++;

    // Classify by the keys: 1..n with no holes is an array, all strings an object.
    size_t strings = 0;
    lua_Integer integers = 0, largest = 0;
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        lua_pop(L, 1);
        int type = lua_type(L, -1);
        if (type == LUA_TSTRING) {
            strings++;
        } else if (type == LUA_TNUMBER && lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1) {
            lua_Integer k = lua_tointeger(L, -1);
            integers++;
            if (k > largest) largest = k;
        } else if (type == LUA_TNUMBER) {
            fail(e, lua_isinteger(L, -1) ? "cannot encode a table with an integer key below 1"
                                         : "cannot encode a table with a float key");
        } else {
            lua_pushfstring(L, "cannot encode a table with a %s key", luaL_typename(L, -1));
            fail(e, lua_tostring(L, -1));
        }
    }
    int marked = is_marked_array(e, idx);
    if (strings > 0 && integers > 0) fail(e, "cannot encode a table with both string and integer keys");
    if (strings > 0) {
        if (marked) fail(e, "cannot encode a table marked as an array that has string keys");
        write_object(e, idx, strings);
    } else if (integers > 0) {
        if (largest != integers) fail(e, "cannot encode a sparse array (a table with holes)");
        write_array(e, idx, integers);
    } else {
        write_bytes(e, marked ? "[]" : "{}", 2);
    }
    e->top = step.parent;
    e->depth--;
}

static void encode_value(Encoder *e, int idx) {
    lua_State *L = e->L;
    switch (lua_type(L, idx)) {
        case LUA_TNIL: write_bytes(e, "null", 4); return;
        case LUA_TBOOLEAN:
            if (lua_toboolean(L, idx)) write_bytes(e, "true", 4);
            else write_bytes(e, "false", 5);
            return;
        case LUA_TNUMBER:
            if (lua_isinteger(L, idx)) write_integer(e, lua_tointeger(L, idx));
            else write_float(e, lua_tonumber(L, idx));
            return;
        case LUA_TSTRING: {
            size_t n;
            const char *s = lua_tolstring(L, idx, &n);
            write_string(e, s, n);
            return;
        }
        case LUA_TTABLE: encode_table(e, idx); return;
        case LUA_TLIGHTUSERDATA:
            if (lunar_json_isnull(L, idx)) {
                write_bytes(e, "null", 4);
                return;
            }
            break;
        default: break;
    }
    lua_pushfstring(L, "cannot encode a %s value", luaL_typename(L, idx));
    fail(e, lua_tostring(L, -1));
}

// Encodes the value at 1; `limit` and `over_limit` as in Encoder.
static int encode_first(lua_State *L, size_t limit, int *over_limit) {
    lua_settop(L, 1);
    Encoder e;
    memset(&e, 0, sizeof e);
    e.L = L;
    e.limit = limit;
    e.over_limit = over_limit;
    luaL_checkstack(L, 8, "JSON encoding");
    lua_pushnil(L);
    e.buffer_slot = lua_gettop(L);
    lua_pushnil(L);
    e.keys_slot = lua_gettop(L);
    lua_pushnil(L);
    e.sorted_slot = lua_gettop(L);
    lunar_json_push_array_set(L, 0);
    e.arrays_slot = lua_gettop(L);
    encode_value(&e, 1);
    if (e.limit != 0 && e.length > e.limit) stop_over_limit(&e);
    lua_pushlstring(L, e.buffer, e.length);
    return 1;
}

int lunar_json_encode(lua_State *L) {
    if (lua_gettop(L) < 1) return luaL_error(L, "bad argument #1 to 'json.encode' (value expected)");
    return encode_first(L, 0, NULL);
}

typedef struct EncodeRequest {
    size_t limit;
    int *over_limit;
} EncodeRequest;

// The value at 1, the request (a light userdata) at 2.
static int encode_requested(lua_State *L) {
    EncodeRequest *request = (EncodeRequest *)lua_touserdata(L, 2);
    return encode_first(L, request->limit, request->over_limit);
}

int lunar_json_pencode(lua_State *L, int idx) { return lunar_json_pencode_limited(L, idx, 0, NULL); }

int lunar_json_pencode_limited(lua_State *L, int idx, size_t limit, int *over_limit) {
    idx = lua_absindex(L, idx);
    EncodeRequest request = {limit, over_limit};
    if (over_limit) *over_limit = 0;
    lua_pushcfunction(L, encode_requested);
    lua_pushvalue(L, idx);
    lua_pushlightuserdata(L, &request);
    return lunar_pcall(L, 2, 1);
}
