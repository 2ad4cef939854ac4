// Standard library functions whose work grows with their arguments, written or
// wrapped for Lunar so that the work is charged to the instruction budget.
//
// Why: Lua's count hook only runs between VM instructions, so inside a C
// function nothing is counted and nothing can stop it: `table.move({}, 1, 2^40, 2)`
// or `string.rep("", 2^50)` hangs the host in one call, and a cheap loop around
// `string.rep("x", 2^24)` does 50 ms of C work per five instructions. The
// allocator charges bytes produced (clunar.c); this file charges the rest:
// elements moved, values pushed, bytes scanned, collections run.
//
// The rewritten functions follow the reference manual (§6.4, §6.5, §6.6) and keep
// the stock library's results and error messages;
// Tests/LunarBridgeTests/LibraryTests.swift compares them with the stock ones.
// Where rewriting was not worth it, a wrapper computes the charge from its
// arguments without side effects and then calls the stock C function directly
// (a C call, not lua_call), so the stock code runs in the wrapper's own frame:
// same argument numbers, same function name and position in its errors.
//
// Costs, in instructions (docs/swift-host.md, "Limits"). One instruction is the
// time the VM takes for a simple instruction, about 3 ns here; each cost below is
// at most the time the work takes, rounded in the script's favour, so an ordinary
// app is not stopped sooner than before in practice (moving an element through
// the API takes 10-30 ns and is charged 1).
#define _GNU_SOURCE  // memmem, memchr
#include "lunar_library.h"
#include "clunar.h"

#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <lauxlib.h>
#include <lualib.h>

/// A table element read and written through the API (move, insert, remove, concat).
#define COST_ELEMENT 1
/// A value pushed as a result (unpack, byte, codepoint).
#define COST_VALUE 1
/// Bytes examined one at a time (UTF-8 decoding, numerals, source text, formats): 1 per 4.
#define SCAN_SHIFT 2
/// Bytes searched by memchr: 1 per 64.
#define SEARCH_SHIFT 6
/// Sorting: this many instructions per comparison (about n * log2(n) of them).
#define COST_SORT 1
/// A collection step of the incremental collector: the work of this many bytes.
#define STEP_BYTES 16384
/// Calls whose whole charge is below this many instructions charge nothing: their
/// work is of the order of the call itself, which the VM counts.
#define SMALL 64
/// Work between two charges inside a loop, so an interrupt is seen promptly too.
#define METER_BATCH 4096

// MARK: - Charging as a loop goes

typedef struct Meter {
    lua_State *L;
    long long pending;  // units not charged yet
    int shift;          // units per instruction: 1 << shift
} Meter;

static void meter_flush(Meter *m) {
    long long units = m->pending;
    m->pending = 0;
    lunar_budget_charge(m->L, units >> m->shift);
}

static inline void meter_add(Meter *m, long long units) {
    m->pending += units;
    if (m->pending >= ((long long)METER_BATCH << m->shift)) meter_flush(m);
}

// At the end of a call: what is left, unless it is too small to matter.
static inline void meter_settle(Meter *m) {
    if ((m->pending >> m->shift) >= SMALL) meter_flush(m);
}

static inline void charge_if_large(lua_State *L, long long instructions) {
    if (instructions >= SMALL) lunar_budget_charge(L, instructions);
}

// The stock function a wrapper stands in front of (its first upvalue).
static inline lua_CFunction stock_function(lua_State *L) {
    return lua_tocfunction(L, lua_upvalueindex(1));
}

static size_t string_length(lua_State *L, int arg) {
    size_t len = 0;
    if (lua_type(L, arg) == LUA_TSTRING) lua_tolstring(L, arg, &len);
    return len;
}

// MARK: - Tables

enum { NEED_READ = 1, NEED_WRITE = 2, NEED_LENGTH = 4 };

static int has_field(lua_State *L, const char *key) {
    lua_pushstring(L, key);
    int found = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 1);
    return found;
}

// A table, or a value whose metatable gives the access the function needs;
// otherwise the usual "table expected" argument error.
static void check_table(lua_State *L, int arg, int need) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    if (lua_getmetatable(L, arg)) {
        int ok = (!(need & NEED_READ) || has_field(L, "__index"))
            && (!(need & NEED_WRITE) || has_field(L, "__newindex"))
            && (!(need & NEED_LENGTH) || has_field(L, "__len"));
        lua_pop(L, 1);
        if (ok) return;
    }
    luaL_checktype(L, arg, LUA_TTABLE);
}

static lua_Integer table_length(lua_State *L, int arg, int need) {
    check_table(L, arg, need | NEED_LENGTH);
    return luaL_len(L, arg);
}

// table.insert(t, [pos,] value)
static int lib_insert(lua_State *L) {
    if (lua_gettop(L) == 2 && lua_type(L, 1) == LUA_TTABLE) {
        if (!lua_getmetatable(L, 1)) {
            // The common append to a plain table: its length is its border, nothing moves.
            lua_seti(L, 1, (lua_Integer)lua_rawlen(L, 1) + 1);
            return 0;
        }
        lua_pop(L, 1);
    }
    lua_Integer after = (lua_Integer)((lua_Unsigned)table_length(L, 1, NEED_READ | NEED_WRITE) + 1u);
    lua_Integer pos;
    switch (lua_gettop(L)) {
        case 2:  // append: no element moves
            pos = after;
            break;
        case 3: {
            pos = luaL_checkinteger(L, 2);
            luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)after, 2, "position out of bounds");
            Meter m = {L, 0, 0};
            for (lua_Integer i = after; i > pos; i--) {
                lua_geti(L, 1, i - 1);
                lua_seti(L, 1, i);
                meter_add(&m, COST_ELEMENT);
            }
            meter_settle(&m);
            break;
        }
        default:
            return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

// table.remove(t [, pos])
static int lib_remove(lua_State *L) {
    lua_Integer size = table_length(L, 1, NEED_READ | NEED_WRITE);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size) {
        // Lua 5.4.4 names argument 1 here.
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1, "position out of bounds");
    }
    lua_geti(L, 1, pos);
    Meter m = {L, 0, 0};
    for (; pos < size; pos++) {
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
        meter_add(&m, COST_ELEMENT);
    }
    meter_settle(&m);
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

// table.move(a1, f, e, t [, a2])
static int lib_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int dest = lua_isnoneornil(L, 5) ? 1 : 5;
    check_table(L, 1, NEED_READ);
    check_table(L, dest, NEED_WRITE);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        // Within one table, a destination that overlaps the source above it is filled
        // from the top, so no element is read after it was overwritten.
        int downwards = t > e || t <= f || (dest != 1 && !lua_compare(L, 1, dest, LUA_OPEQ));
        Meter m = {L, 0, 0};
        for (lua_Integer k = 0; k < n; k++) {
            lua_Integer i = downwards ? k : n - 1 - k;
            lua_geti(L, 1, f + i);
            lua_seti(L, dest, t + i);
            meter_add(&m, COST_ELEMENT);
        }
        meter_settle(&m);
    }
    lua_pushvalue(L, dest);
    return 1;
}

static void add_element(lua_State *L, luaL_Buffer *b, lua_Integer i) {
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1)) {
        luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1), i);
    }
    luaL_addvalue(b);
}

// table.concat(t [, sep [, i [, j]]]); the bytes it produces are charged by the allocator.
static int lib_concat(lua_State *L) {
    lua_Integer last = table_length(L, 1, NEED_READ);
    size_t seplen;
    const char *sep = luaL_optlstring(L, 2, "", &seplen);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    Meter m = {L, 0, 0};
    for (; i < last; i++) {
        add_element(L, &b, i);
        luaL_addlstring(&b, sep, seplen);
        meter_add(&m, COST_ELEMENT);
    }
    if (i == last) add_element(L, &b, i);
    luaL_pushresult(&b);
    meter_settle(&m);
    return 1;
}

// table.unpack(t [, i [, j]])
static int lib_unpack(lua_State *L) {
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer e = lua_isnoneornil(L, 3) ? luaL_len(L, 1) : luaL_checkinteger(L, 3);
    if (i > e) return 0;
    lua_Unsigned n = (lua_Unsigned)e - (lua_Unsigned)i;  // one less than the count
    if (n >= (lua_Unsigned)INT_MAX || !lua_checkstack(L, (int)(++n))) {
        return luaL_error(L, "too many results to unpack");
    }
    charge_if_large(L, (long long)n * COST_VALUE);
    for (; i < e; i++) lua_geti(L, 1, i);
    lua_geti(L, 1, e);
    return (int)n;
}

static long long ceil_log2(lua_Integer n) {
    long long bits = 0;
    while (bits < 63 && ((lua_Integer)1 << bits) < n) bits++;
    return bits;
}

// table.sort: the stock sort, charged n * log2(n) up front. (A table with a __len
// metamethod has it called twice, here and by the sort: the count is needed
// before the work starts.)
static int lib_sort(lua_State *L) {
    lua_CFunction sort = stock_function(L);
    if (lua_type(L, 1) == LUA_TTABLE) {
        lua_Integer n;
        if (lua_getmetatable(L, 1)) {
            int counted = has_field(L, "__len");
            lua_pop(L, 1);
            n = counted ? luaL_len(L, 1) : (lua_Integer)lua_rawlen(L, 1);
        } else {
            n = (lua_Integer)lua_rawlen(L, 1);
        }
        if (n > 1 && n < INT_MAX) charge_if_large(L, COST_SORT * (long long)n * ceil_log2(n));
    }
    return sort(L);
}

// MARK: - Strings

// string.rep(s, n [, sep]). An empty result is returned at once (Lua's own loops
// n times for it); a large one is allocated first (the memory cap refuses it, or
// the allocator charges its bytes) and the budget is checked before filling it.
static int lib_rep(lua_State *L) {
    size_t len, seplen;
    const char *s = luaL_checklstring(L, 1, &len);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *sep = luaL_optlstring(L, 3, "", &seplen);
    if (n <= 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    size_t unit = len + seplen;
    if (unit < len || unit > (size_t)INT_MAX / (lua_Unsigned)n) return luaL_error(L, "resulting string too large");
    size_t total = (size_t)n * len + (size_t)(n - 1) * seplen;
    if (total == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    luaL_Buffer b;
    char *out = luaL_buffinitsize(L, &b, total);
    if (total >= LUNAR_CHARGED_ALLOCATION) lunar_budget_charge(L, 0);
    // The result is `s sep s sep ... s`: the first total bytes of (s sep) repeated.
    // Write one period, then double the filled part by copying it onto its end.
    memcpy(out, s, len);
    size_t filled = len;
    if (n > 1) {
        memcpy(out + len, sep, seplen);
        filled = unit;
    }
    while (filled < total) {
        size_t k = filled < total - filled ? filled : total - filled;
        memcpy(out + filled, out, k);
        filled += k;
    }
    luaL_pushresultsize(&b, total);
    return 1;
}

// A 1-based, possibly negative start position, clipped to [1, len + 1] from below.
static size_t start_position(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0 || pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

// An end position, clipped to [0, len].
static size_t end_position(lua_State *L, int arg, lua_Integer def, size_t len) {
    lua_Integer pos = luaL_optinteger(L, arg, def);
    if (pos > (lua_Integer)len) return len;
    if (pos >= 0) return (size_t)pos;
    if (pos < -(lua_Integer)len) return 0;
    return len + (size_t)pos + 1;
}

// string.byte(s [, i [, j]])
static int lib_byte(lua_State *L) {
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    lua_Integer first = luaL_optinteger(L, 2, 1);
    size_t from = start_position(first, len);
    size_t to = end_position(L, 3, first, len);
    if (from > to) return 0;
    if (to - from >= (size_t)INT_MAX) return luaL_error(L, "string slice too long");
    int n = (int)(to - from) + 1;
    luaL_checkstack(L, n, "string slice too long");
    charge_if_large(L, (long long)n * COST_VALUE);
    for (int i = 0; i < n; i++) lua_pushinteger(L, (unsigned char)s[from - 1 + (size_t)i]);
    return n;
}

// string.pack and string.packsize: the stock functions, charged for the format
// they walk (an option can produce nothing: "!", " ", "<").
static int lib_format_walk(lua_State *L) {
    lua_CFunction walk = stock_function(L);
    charge_if_large(L, (long long)(string_length(L, 1) >> SCAN_SHIFT));
    return walk(L);
}

// string.unpack: as above, and a format with a 'z' is charged the search for
// the terminating zero from the start position (the scan a leading 'z' makes,
// found or not).
static int lib_unpack_string(lua_State *L) {
    lua_CFunction unpack = stock_function(L);
    size_t flen = 0, dlen = 0;
    const char *format = lua_type(L, 1) == LUA_TSTRING ? lua_tolstring(L, 1, &flen) : NULL;
    charge_if_large(L, (long long)(flen >> SCAN_SHIFT));
    if (format != NULL && memchr(format, 'z', flen) != NULL && lua_type(L, 2) == LUA_TSTRING) {
        const char *data = lua_tolstring(L, 2, &dlen);
        int isnum = 1;
        lua_Integer init = lua_isnoneornil(L, 3) ? 1 : lua_tointegerx(L, 3, &isnum);
        size_t from = init > 0 ? (size_t)init - 1 : (init == 0 || init < -(lua_Integer)dlen) ? 0 : dlen - (size_t)(-init);
        if (isnum && from < dlen) {
            const char *zero = memchr(data + from, 0, dlen - from);
            size_t scanned = zero != NULL ? (size_t)(zero - (data + from)) : dlen - from;
            charge_if_large(L, (long long)(scanned >> SEARCH_SHIFT));
        }
    }
    return unpack(L);
}

// The integer numeral in `base` at s (surrounding spaces and a sign allowed), in
// *value; returns where it ends, or NULL when s does not start with one.
static const char *read_integer(const char *s, int base, lua_Integer *value) {
    static const char spaces[] = " \f\n\r\t\v";
    lua_Unsigned n = 0;
    s += strspn(s, spaces);
    int negative = *s == '-';
    if (*s == '-' || *s == '+') s++;
    if (!isalnum((unsigned char)*s)) return NULL;
    for (; isalnum((unsigned char)*s); s++) {
        int c = (unsigned char)*s;
        int digit = isdigit(c) ? c - '0' : toupper(c) - 'A' + 10;
        if (digit >= base) return NULL;
        n = n * (lua_Unsigned)base + (lua_Unsigned)digit;  // wraps around, as Lua's does
    }
    *value = (lua_Integer)(negative ? 0u - n : n);
    return s + strspn(s, spaces);
}

// tonumber(e [, base]), charged for the numeral it reads byte by byte.
static int lib_tonumber(lua_State *L) {
    size_t len;
    if (lua_isnoneornil(L, 2)) {
        if (lua_type(L, 1) == LUA_TNUMBER) {
            lua_settop(L, 1);
            return 1;
        }
        const char *s = lua_tolstring(L, 1, &len);
        if (s != NULL) {
            charge_if_large(L, (long long)(len >> SCAN_SHIFT));
            if (lua_stringtonumber(L, s) == len + 1) return 1;
        }
        luaL_checkany(L, 1);
    } else {
        lua_Integer base = luaL_checkinteger(L, 2);
        luaL_checktype(L, 1, LUA_TSTRING);  // a number is not a numeral here
        const char *s = lua_tolstring(L, 1, &len);
        luaL_argcheck(L, 2 <= base && base <= 36, 2, "base out of range");
        charge_if_large(L, (long long)(len >> SCAN_SHIFT));
        lua_Integer value;
        if (read_integer(s, (int)base, &value) == s + len) {
            lua_pushinteger(L, value);
            return 1;
        }
    }
    luaL_pushfail(L);
    return 1;
}

// The strings' arithmetic metamethods: the stock functions, charged for the
// strings they convert (a numeral is read byte by byte).
static int lib_numeral(lua_State *L) {
    lua_CFunction convert = stock_function(L);
    size_t total = string_length(L, 1) + string_length(L, 2);
    charge_if_large(L, (long long)(total >> SCAN_SHIFT));
    return convert(L);
}

// MARK: - UTF-8

static inline int continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// Decodes the UTF-8 sequence at p (manual §6.5: up to six bytes and 2^31 in lax
// mode; strict mode refuses surrogates and code points past U+10FFFF). Returns
// the byte after it, or NULL for an invalid sequence. p is inside a Lua string,
// whose terminating zero ends any run of continuation bytes.
static const char *utf8_next(const char *p, uint32_t *code, int strict) {
    static const uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000, 0x200000, 0x4000000};
    unsigned char lead = (unsigned char)*p;
    int length;
    if (lead < 0x80) {
        if (code) *code = lead;
        return p + 1;
    }
    if (lead < 0xC0) return NULL;  // a continuation byte cannot start a sequence
    else if (lead < 0xE0) length = 2;
    else if (lead < 0xF0) length = 3;
    else if (lead < 0xF8) length = 4;
    else if (lead < 0xFC) length = 5;
    else if (lead < 0xFE) length = 6;
    else return NULL;
    uint32_t value = lead & (0x7Fu >> length);
    for (int k = 1; k < length; k++) {
        unsigned char c = (unsigned char)p[k];
        if (!continuation(c)) return NULL;
        value = (value << 6) | (c & 0x3Fu);
    }
    if (value < smallest[length] || value > 0x7FFFFFFFu) return NULL;  // overlong
    if (strict && (value > 0x10FFFFu || (value >= 0xD800u && value <= 0xDFFFu))) return NULL;
    if (code) *code = value;
    return p + length;
}

// A possibly negative position, relative to the end (0 when before the start).
static lua_Integer relative_position(lua_Integer pos, size_t len) {
    if (pos >= 0) return pos;
    if (0u - (size_t)pos > len) return 0;
    return (lua_Integer)len + pos + 1;
}

// utf8.len(s [, i [, j [, lax]]])
static int lib_utf8_len(lua_State *L) {
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    lua_Integer i = relative_position(luaL_optinteger(L, 2, 1), len);
    lua_Integer j = relative_position(luaL_optinteger(L, 3, -1), len);
    int strict = !lua_toboolean(L, 4);
    luaL_argcheck(L, 1 <= i && --i <= (lua_Integer)len, 2, "initial position out of bounds");
    luaL_argcheck(L, --j < (lua_Integer)len, 3, "final position out of bounds");
    lua_Integer count = 0;
    Meter m = {L, 0, SCAN_SHIFT};
    while (i <= j) {
        const char *next = utf8_next(s + i, NULL, strict);
        if (next == NULL) {
            meter_settle(&m);
            luaL_pushfail(L);
            lua_pushinteger(L, i + 1);
            return 2;
        }
        meter_add(&m, next - (s + i));
        i = next - s;
        count++;
    }
    meter_settle(&m);
    lua_pushinteger(L, count);
    return 1;
}

// utf8.codepoint(s [, i [, j [, lax]]])
static int lib_utf8_codepoint(lua_State *L) {
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    lua_Integer i = relative_position(luaL_optinteger(L, 2, 1), len);
    lua_Integer e = relative_position(luaL_optinteger(L, 3, i), len);
    int strict = !lua_toboolean(L, 4);
    luaL_argcheck(L, i >= 1, 2, "out of bounds");
    luaL_argcheck(L, e <= (lua_Integer)len, 3, "out of bounds");
    if (i > e) return 0;
    if (e - i >= INT_MAX) return luaL_error(L, "string slice too long");
    int most = (int)(e - i) + 1;
    luaL_checkstack(L, most, "string slice too long");
    charge_if_large(L, (long long)most * COST_VALUE);
    int pushed = 0;
    for (const char *p = s + i - 1, *stop = s + e; p < stop; pushed++) {
        uint32_t code;
        p = utf8_next(p, &code, strict);
        if (p == NULL) return luaL_error(L, "invalid UTF-8 code");
        lua_pushinteger(L, (lua_Integer)code);
    }
    return pushed;
}

// utf8.offset(s, n [, i])
static int lib_utf8_offset(lua_State *L) {
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    lua_Integer n = luaL_checkinteger(L, 2);
    lua_Integer i = relative_position(luaL_optinteger(L, 3, n >= 0 ? 1 : (lua_Integer)len + 1), len);
    luaL_argcheck(L, 1 <= i && --i <= (lua_Integer)len, 3, "position out of bounds");
    Meter m = {L, 0, SCAN_SHIFT};
    if (n == 0) {
        // The start of the character containing byte i.
        while (i > 0 && continuation((unsigned char)s[i])) {
            i--;
            meter_add(&m, 1);
        }
    } else {
        if (continuation((unsigned char)s[i])) return luaL_error(L, "initial position is a continuation byte");
        if (n < 0) {
            for (; n < 0 && i > 0; n++) {
                do {
                    i--;
                    meter_add(&m, 1);
                } while (i > 0 && continuation((unsigned char)s[i]));
            }
        } else {
            for (n--; n > 0 && i < (lua_Integer)len; n--) {
                do {
                    i++;
                    meter_add(&m, 1);
                } while (continuation((unsigned char)s[i]));  // stops at the terminating zero
            }
        }
    }
    meter_settle(&m);
    if (n != 0) {
        luaL_pushfail(L);
    } else {
        lua_pushinteger(L, i + 1);
    }
    return 1;
}

// The iterator of utf8.codes: (s, position of the previous character, or 0).
static int codes_next(lua_State *L, int strict) {
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    lua_Unsigned n = (lua_Unsigned)lua_tointeger(L, 2);
    if (n < len) {
        // Skip the previous character's continuation bytes (a long run of them is a long skip).
        Meter m = {L, 0, SCAN_SHIFT};
        while (continuation((unsigned char)s[n])) {
            n++;
            meter_add(&m, 1);
        }
        meter_settle(&m);
    }
    if (n >= len) return 0;
    uint32_t code;
    if (utf8_next(s + n, &code, strict) == NULL) return luaL_error(L, "invalid UTF-8 code");
    lua_pushinteger(L, (lua_Integer)n + 1);
    lua_pushinteger(L, (lua_Integer)code);
    return 2;
}

static int codes_next_strict(lua_State *L) { return codes_next(L, 1); }
static int codes_next_lax(lua_State *L) { return codes_next(L, 0); }

// utf8.codes(s [, lax])
static int lib_utf8_codes(lua_State *L) {
    int lax = lua_toboolean(L, 2);
    luaL_checkstring(L, 1);
    lua_pushcfunction(L, lax ? codes_next_lax : codes_next_strict);
    lua_pushvalue(L, 1);
    lua_pushinteger(L, 0);
    return 3;
}

// MARK: - Base library

// The reader load calls instead of the script's own (upvalue 1): each piece it
// returns is charged for the scanning and compiling to come.
static int load_reader(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 0, 1);
    charge_if_large(L, (long long)(string_length(L, -1) >> SCAN_SHIFT));
    return 1;
}

// load(chunk [, chunkname [, mode [, env]]]): the stock load, charged for the source.
static int lib_load(lua_State *L) {
    lua_CFunction load = stock_function(L);
    if (lua_type(L, 1) == LUA_TFUNCTION) {
        lua_pushvalue(L, 1);
        lua_pushcclosure(L, load_reader, 1);
        lua_replace(L, 1);
    } else {
        charge_if_large(L, (long long)(string_length(L, 1) >> SCAN_SHIFT));
    }
    return load(L);
}

// collectgarbage: the stock function; a full collection is charged for the memory
// in use (what it traverses), a step for the work it was asked to do.
static int lib_collectgarbage(lua_State *L) {
    lua_CFunction collect = stock_function(L);
    const char *option = lua_isnoneornil(L, 1) ? "collect" : lua_type(L, 1) == LUA_TSTRING ? lua_tostring(L, 1) : NULL;
    if (option != NULL) {
        long long heap = (long long)lua_gc(L, LUA_GCCOUNT) * 1024 + lua_gc(L, LUA_GCCOUNTB);
        long long work = -1;
        if (strcmp(option, "collect") == 0) {
            work = heap;
        } else if (strcmp(option, "step") == 0) {
            lua_Integer kilobytes = lua_tointeger(L, 2);
            work = kilobytes <= 0 ? STEP_BYTES : kilobytes >= heap / 1024 ? heap : kilobytes * 1024;
        }
        if (work >= 0) charge_if_large(L, work / LUNAR_BYTES_PER_INSTRUCTION);
    }
    return collect(L);
}

// MARK: - Installing

static void replace(lua_State *L, const char *name, lua_CFunction function) {
    lua_pushcfunction(L, function);
    lua_setfield(L, -2, name);
}

// Puts `wrapper` in front of the C function at table[name] (its first upvalue).
static void wrap(lua_State *L, const char *name, lua_CFunction wrapper) {
    if (lua_getfield(L, -1, name) == LUA_TFUNCTION && lua_tocfunction(L, -1) != NULL) {
        lua_pushcclosure(L, wrapper, 1);  // takes the stock function as its upvalue
        lua_setfield(L, -2, name);
    } else {
        lua_pop(L, 1);
    }
}

// Pushes package.loaded[name] if it is a table; returns whether it did.
static int open_library(lua_State *L, const char *name) {
    if (lua_getfield(L, -1, name) == LUA_TTABLE) return 1;
    lua_pop(L, 1);
    return 0;
}

void lunar_library_install(lua_State *L) {
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    if (open_library(L, LUA_STRLIBNAME)) {
        replace(L, "rep", lib_rep);
        replace(L, "byte", lib_byte);
        wrap(L, "pack", lib_format_walk);
        wrap(L, "packsize", lib_format_walk);
        wrap(L, "unpack", lib_unpack_string);
        lua_pop(L, 1);
        // Arithmetic on strings ("10" + 1) converts them in the string metatable's metamethods.
        lua_pushliteral(L, "");
        if (lua_getmetatable(L, -1)) {
            static const char *const arithmetic[] = {"__add", "__sub", "__mul", "__mod", "__pow",
                                                     "__div", "__idiv", "__unm", NULL};
            for (const char *const *name = arithmetic; *name; name++) wrap(L, *name, lib_numeral);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (open_library(L, LUA_TABLIBNAME)) {
        replace(L, "insert", lib_insert);
        replace(L, "remove", lib_remove);
        replace(L, "move", lib_move);
        replace(L, "concat", lib_concat);
        replace(L, "unpack", lib_unpack);
        wrap(L, "sort", lib_sort);
        lua_pop(L, 1);
    }
    if (open_library(L, LUA_UTF8LIBNAME)) {
        replace(L, "len", lib_utf8_len);
        replace(L, "codepoint", lib_utf8_codepoint);
        replace(L, "offset", lib_utf8_offset);
        replace(L, "codes", lib_utf8_codes);
        lua_pop(L, 1);
    }
    if (open_library(L, LUA_GNAME)) {
        replace(L, "tonumber", lib_tonumber);
        wrap(L, "load", lib_load);
        wrap(L, "collectgarbage", lib_collectgarbage);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}
