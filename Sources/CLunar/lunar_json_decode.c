// JSON text → Lua values, built directly on the Lua stack: no intermediate
// tree, no allocation of our own (a scratch buffer for escaped strings and long
// numbers is a Lua userdata, so it counts against the state's memory cap).
#include "lunar_json.h"
#include "lunar_json_shared.h"
#include "clunar.h"

#include <stdint.h>
#include <string.h>
#include <math.h>
#include <lauxlib.h>

// Tables are pre-sized from the size of the previous container at the same
// depth (API documents repeat shapes); capped so one huge sibling cannot make
// every later one over-allocate.
#define HINT_CAP 1024

typedef struct Decoder {
    lua_State *L;
    const unsigned char *start;
    const unsigned char *p;
    const unsigned char *end;
    int depth;
    int deepest;  // hints above this depth are not initialised yet
    int scratch_slot;  // stack slot of the scratch userdata (nil until needed)
    unsigned char *scratch;
    size_t scratch_capacity;
    int arrays_slot;  // stack slot of the array-mark set (nil until needed)
    lunar_JSONFailure *failure;
    int array_hint[LUNAR_JSON_MAX_DEPTH + 2];
    int object_hint[LUNAR_JSON_MAX_DEPTH + 2];
} Decoder;

// 0: plain string byte; 1: control; 2: quote; 3: backslash; 4: non-ASCII.
static const unsigned char string_class[256] = {
    [0x00 ... 0x1F] = 1, ['"'] = 2, ['\\'] = 3, [0x80 ... 0xFF] = 4,
};

// Powers of ten that are exact in a double.
static const double exact_powers_of_ten[] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static void decode_value(Decoder *d);

__attribute__((noreturn)) static void fail(Decoder *d, const unsigned char *at, const char *reason) {
    size_t offset = (size_t)(at - d->start);
    if (d->failure != NULL) {
        d->failure->offset = offset;
        d->failure->reason = reason;
    }
    luaL_error(d->L, "invalid JSON at byte %I: %s", (lua_Integer)offset, reason);
    __builtin_unreachable();
}

// A sequence cut short by the end of the input is reported as the end.
__attribute__((noreturn)) static void fail_utf8(Decoder *d, const unsigned char *p) {
    size_t expected = *p >= 0xF0 ? 4 : *p >= 0xE0 ? 3 : 2;
    size_t available = (size_t)(d->end - p);
    if (*p >= 0xC2 && *p <= 0xF4 && available < expected) {
        size_t i = 1;
        while (i < available && (p[i] & 0xC0) == 0x80) i++;
        if (i == available) fail(d, d->end, "unexpected end of input");
    }
    fail(d, p, "invalid UTF-8 in string");
}

static inline int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

static inline void skip_whitespace(Decoder *d) {
    const unsigned char *p = d->p, *end = d->end;
    while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) p++;
    d->p = p;
}

// Makes the scratch buffer hold at least `needed` bytes, keeping the first `keep`.
static void reserve_scratch(Decoder *d, size_t needed, size_t keep) {
    if (needed <= d->scratch_capacity) return;
    size_t capacity = d->scratch_capacity ? d->scratch_capacity : 256;
    while (capacity < needed) capacity *= 2;
    unsigned char *buffer = (unsigned char *)lua_newuserdatauv(d->L, capacity, 0);
    if (keep > 0) memcpy(buffer, d->scratch, keep);
    lua_replace(d->L, d->scratch_slot);
    d->scratch = buffer;
    d->scratch_capacity = capacity;
}

// MARK: - Strings

static int read_hex4(const unsigned char *p, const unsigned char *end, unsigned *value) {
    if (end - p < 4) return 0;
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        unsigned c = p[i], digit;
        if (c >= '0' && c <= '9') digit = c - '0';
        else if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
        else return 0;
        v = v << 4 | digit;
    }
    *value = v;
    return 1;
}

// True if [p, end) is a `\uXXXX` escape cut short by the end of the input.
static int is_cut_unicode_escape(const unsigned char *p, const unsigned char *end) {
    static const char shape[] = "\\uXXXX";
    if (end - p >= 6) return 0;
    for (const unsigned char *q = p; q < end; q++) {
        char expected = shape[q - p];
        int ok = expected == 'X' ? ((*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'f') || (*q >= 'A' && *q <= 'F'))
                                 : *q == (unsigned char)expected;
        if (!ok) return 0;
    }
    return 1;
}

static size_t put_utf8(unsigned char *out, unsigned cp) {
    if (cp < 0x80) {
        out[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (unsigned char)(0xC0 | cp >> 6);
        out[1] = (unsigned char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (unsigned char)(0xE0 | cp >> 12);
        out[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        out[2] = (unsigned char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (unsigned char)(0xF0 | cp >> 18);
    out[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
    out[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
    out[3] = (unsigned char)(0x80 | (cp & 0x3F));
    return 4;
}

// Decodes the escape at p (a backslash) into the scratch buffer at *length.
// The scratch has room for 4 more bytes. Returns the byte after the escape.
static const unsigned char *decode_escape(Decoder *d, const unsigned char *p, size_t *length) {
    unsigned char *out = d->scratch + *length;
    if (d->end - p < 2) fail(d, d->end, "unexpected end of input");
    unsigned char c;
    switch (p[1]) {
        case '"': c = '"'; break;
        case '\\': c = '\\'; break;
        case '/': c = '/'; break;
        case 'b': c = '\b'; break;
        case 'f': c = '\f'; break;
        case 'n': c = '\n'; break;
        case 'r': c = '\r'; break;
        case 't': c = '\t'; break;
        case 'u': {
            unsigned cp;
            if (is_cut_unicode_escape(p, d->end)) fail(d, d->end, "unexpected end of input");
            if (!read_hex4(p + 2, d->end, &cp)) fail(d, p, "invalid \\u escape");
            const unsigned char *next = p + 6;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                unsigned low;
                // A truncated low half is the end of the input, not a lone surrogate.
                if (is_cut_unicode_escape(next, d->end)) fail(d, d->end, "unexpected end of input");
                if (d->end - next >= 6 && next[0] == '\\' && next[1] == 'u' && read_hex4(next + 2, d->end, &low) &&
                    low >= 0xDC00 && low <= 0xDFFF) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    next += 6;
                } else {
                    fail(d, p, "unpaired surrogate in \\u escape");
                }
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                fail(d, p, "unpaired surrogate in \\u escape");
            }
            *length += put_utf8(out, cp);
            return next;
        }
        default: fail(d, p, "invalid escape");
    }
    *out = c;
    *length += 1;
    return p + 2;
}

// The first byte at or after p that is not a plain string byte (or end).
// Eight bytes at a time: a zero-byte test on v ^ '"' and v ^ '\\', a
// below-0x20 test, and the high bit; the lowest flagged byte is always a true hit.
static inline const unsigned char *skip_plain(const unsigned char *p, const unsigned char *end) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t ones = UINT64_C(0x0101010101010101), highs = UINT64_C(0x8080808080808080);
    while (end - p >= 8) {
        uint64_t v;
        memcpy(&v, p, 8);
        uint64_t quote = v ^ (ones * '"'), backslash = v ^ (ones * '\\');
        uint64_t hits = ((v - ones * 0x20) & ~v) | ((quote - ones) & ~quote) | ((backslash - ones) & ~backslash) | v;
        hits &= highs;
        if (hits != 0) return p + (__builtin_ctzll(hits) >> 3);
        p += 8;
    }
#endif
    while (p < end && string_class[*p] == 0) p++;
    return p;
}

// Finishes a string that has escapes: [s, p) is plain, p is at a backslash.
static void decode_escaped_string(Decoder *d, const unsigned char *s, const unsigned char *p) {
    const unsigned char *end = d->end;
    size_t length = (size_t)(p - s);
    reserve_scratch(d, length + 8, 0);
    memcpy(d->scratch, s, length);
    for (;;) {
        unsigned char c = *p;
        if (c == '"') {
            lua_pushlstring(d->L, (const char *)d->scratch, length);
            d->p = p + 1;
            return;
        } else if (c == '\\') {
            reserve_scratch(d, length + 4, length);
            p = decode_escape(d, p, &length);
        } else if (c >= 0x80) {
            size_t n = lunar_utf8_sequence(p, (size_t)(end - p));
            if (n == 0) fail_utf8(d, p);
            reserve_scratch(d, length + n, length);
            memcpy(d->scratch + length, p, n);
            length += n;
            p += n;
        } else {
            fail(d, p, "control character in string");
        }
        const unsigned char *run = p;
        p = skip_plain(p, end);
        if (p >= end) fail(d, end, "unexpected end of input");
        size_t n = (size_t)(p - run);
        reserve_scratch(d, length + n, length);
        memcpy(d->scratch + length, run, n);
        length += n;
    }
}

// d->p is at the opening quote. Pushes the string.
static void decode_string(Decoder *d) {
    const unsigned char *p = d->p + 1, *end = d->end, *s = p;
    for (;;) {
        p = skip_plain(p, end);
        if (p >= end) fail(d, end, "unexpected end of input");
        switch (string_class[*p]) {
            case 2:
                lua_pushlstring(d->L, (const char *)s, (size_t)(p - s));
                d->p = p + 1;
                return;
            case 4: {
                // Valid UTF-8 is kept in place: validation needs no copy.
                size_t n = lunar_utf8_sequence(p, (size_t)(end - p));
                if (n == 0) fail_utf8(d, p);
                p += n;
                break;
            }
            case 3:
                decode_escaped_string(d, s, p);
                return;
            default:
                fail(d, p, "control character in string");
        }
    }
}

// MARK: - Numbers

// Lua's own conversion (integers when they fit, else correctly rounded floats)
// for what the fast paths do not cover.
static void decode_number_exactly(Decoder *d, const unsigned char *s, const unsigned char *e) {
    char local[64];
    char *text = local;
    size_t n = (size_t)(e - s);
    if (n >= sizeof local) {
        reserve_scratch(d, n + 1, 0);
        text = (char *)d->scratch;
    }
    memcpy(text, s, n);
    text[n] = '\0';
    if (lua_stringtonumber(d->L, text) == 0) fail(d, s, "invalid number");
    if (!lua_isinteger(d->L, -1) && isinf(lua_tonumber(d->L, -1))) fail(d, s, "number out of range");
}

// d->p is at '-' or a digit. Pushes an integer when the text has no fraction
// or exponent and fits, else a float (`-0` too: it is the float -0.0).
static void decode_number(Decoder *d) {
    const unsigned char *start = d->p, *p = start, *end = d->end;
    int negative = 0;
    if (*p == '-') {
        negative = 1;
        p++;
    }
    if (p >= end) fail(d, p, "unexpected end of input");
    if (!is_digit(*p)) fail(d, p, "expected a digit");
    uint64_t mantissa = 0;
    int digits = 0, dropped = 0, exponent = 0, is_float = 0;
    if (*p == '0') {
        p++;
        if (p < end && is_digit(*p)) fail(d, p, "leading zero in number");
    } else {
        do {
            if (digits < 19) {
                mantissa = mantissa * 10 + (uint64_t)(*p - '0');
                digits++;
            } else {
                dropped++;
            }
            p++;
        } while (p < end && is_digit(*p));
    }
    if (p < end && *p == '.') {
        is_float = 1;
        p++;
        if (p >= end) fail(d, p, "unexpected end of input");
        if (!is_digit(*p)) fail(d, p, "expected a digit after '.'");
        do {
            if (digits < 19) {
                mantissa = mantissa * 10 + (uint64_t)(*p - '0');
                digits++;
                exponent--;
            } else {
                dropped++;
            }
            p++;
        } while (p < end && is_digit(*p));
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        is_float = 1;
        p++;
        int exponent_negative = 0;
        if (p < end && (*p == '+' || *p == '-')) exponent_negative = *p++ == '-';
        if (p >= end) fail(d, p, "unexpected end of input");
        if (!is_digit(*p)) fail(d, p, "expected a digit in the exponent");
        int e = 0;
        do {
            if (e < 100000) e = e * 10 + (*p - '0');
            p++;
        } while (p < end && is_digit(*p));
        exponent += exponent_negative ? -e : e;
    }
    d->p = p;
    if (!is_float) {
        if (negative && mantissa == 0) {  // -0: an integer has no negative zero, a float does
            lua_pushnumber(d->L, -0.0);
            return;
        }
        if (dropped == 0 && digits <= 18) {  // below 10^18: always fits
            lua_Integer v = (lua_Integer)mantissa;
            lua_pushinteger(d->L, negative ? -v : v);
            return;
        }
    } else if (dropped == 0 && mantissa <= (UINT64_C(1) << 53) && exponent >= -22 && exponent <= 22) {
        // Both operands are exact, so one IEEE operation rounds correctly (as strtod would).
        double v = (double)mantissa;
        v = exponent < 0 ? v / exact_powers_of_ten[-exponent] : v * exact_powers_of_ten[exponent];
        lua_pushnumber(d->L, negative ? -v : v);
        return;
    }
    decode_number_exactly(d, start, p);
}

// MARK: - Containers

static void enter_container(Decoder *d) {
    if (++d->depth > LUNAR_JSON_MAX_DEPTH) fail(d, d->p, "nesting deeper than " LUNAR_JSON_MAX_DEPTH_TEXT " levels");
    if (d->depth > d->deepest) {
        d->deepest = d->depth;
        d->array_hint[d->depth] = 0;
        d->object_hint[d->depth] = 0;
    }
    // A container holds its table, a key and a value; the scratch may need one more.
    if (!lua_checkstack(d->L, 4)) fail(d, d->p, "nesting too deep for the Lua stack");
    d->p++;
    skip_whitespace(d);
}

static void mark_empty_array(Decoder *d) {
    lua_State *L = d->L;
    if (lua_type(L, d->arrays_slot) != LUA_TTABLE) {
        lunar_json_push_array_set(L, 1);
        lua_replace(L, d->arrays_slot);
    }
    lua_pushvalue(L, -1);
    lua_pushboolean(L, 1);
    lua_rawset(L, d->arrays_slot);
}

static void decode_array(Decoder *d) {
    lua_State *L = d->L;
    enter_container(d);
    int depth = d->depth;
    lua_createtable(L, d->array_hint[depth], 0);
    if (d->p < d->end && *d->p == ']') {
        d->p++;
        mark_empty_array(d);
        d->depth--;
        return;
    }
    lua_Integer count = 0;
    for (;;) {
        decode_value(d);
        lua_rawseti(L, -2, ++count);
        skip_whitespace(d);
        if (d->p >= d->end) fail(d, d->p, "unexpected end of input");
        unsigned char c = *d->p++;
        if (c == ',') continue;
        if (c == ']') break;
        fail(d, d->p - 1, "expected ',' or ']'");
    }
    d->array_hint[depth] = count < HINT_CAP ? (int)count : HINT_CAP;
    d->depth--;
}

static void decode_object(Decoder *d) {
    lua_State *L = d->L;
    enter_container(d);
    int depth = d->depth;
    lua_createtable(L, 0, d->object_hint[depth]);
    if (d->p < d->end && *d->p == '}') {
        d->p++;
        d->depth--;
        return;
    }
    int count = 0;
    for (;;) {
        skip_whitespace(d);
        if (d->p >= d->end) fail(d, d->p, "unexpected end of input");
        if (*d->p != '"') fail(d, d->p, "expected a string key");
        decode_string(d);
        skip_whitespace(d);
        if (d->p >= d->end) fail(d, d->p, "unexpected end of input");
        if (*d->p != ':') fail(d, d->p, "expected ':'");
        d->p++;
        decode_value(d);
        lua_rawset(L, -3);
        if (count < HINT_CAP) count++;
        skip_whitespace(d);
        if (d->p >= d->end) fail(d, d->p, "unexpected end of input");
        unsigned char c = *d->p++;
        if (c == ',') continue;
        if (c == '}') break;
        fail(d, d->p - 1, "expected ',' or '}'");
    }
    d->object_hint[depth] = count;
    d->depth--;
}

// MARK: - Values

static void decode_literal(Decoder *d, const char *word, size_t length) {
    if ((size_t)(d->end - d->p) < length || memcmp(d->p, word, length) != 0) {
        // Point at the first byte that differs (or the end of the input).
        const unsigned char *p = d->p;
        size_t i = 0;
        while (p + i < d->end && i < length && p[i] == (unsigned char)word[i]) i++;
        fail(d, p + i, p + i >= d->end ? "unexpected end of input" : "invalid literal");
    }
    d->p += length;
}

static void decode_value(Decoder *d) {
    skip_whitespace(d);
    if (d->p >= d->end) fail(d, d->p, "unexpected end of input");
    switch (*d->p) {
        case '{': decode_object(d); return;
        case '[': decode_array(d); return;
        case '"': decode_string(d); return;
        case 't':
            decode_literal(d, "true", 4);
            lua_pushboolean(d->L, 1);
            return;
        case 'f':
            decode_literal(d, "false", 5);
            lua_pushboolean(d->L, 0);
            return;
        case 'n':
            decode_literal(d, "null", 4);
            lunar_json_pushnull(d->L);
            return;
        case '-': case '0': case '1': case '2': case '3': case '4':
        case '5': case '6': case '7': case '8': case '9':
            decode_number(d);
            return;
        default:
            fail(d, d->p, "expected a value");
    }
}

// Pushes the scratch and array-set slots, then the decoded value, and returns 1
// (the value is the Lua function's result).
static int decode_document(lua_State *L, const unsigned char *bytes, size_t length, lunar_JSONFailure *failure) {
    Decoder d;
    d.L = L;
    d.start = d.p = bytes;
    d.end = bytes + length;
    d.depth = 0;
    d.deepest = 0;
    d.scratch = NULL;
    d.scratch_capacity = 0;
    d.failure = failure;
    luaL_checkstack(L, 6, "JSON decoding");
    lua_pushnil(L);
    d.scratch_slot = lua_gettop(L);
    lua_pushnil(L);
    d.arrays_slot = lua_gettop(L);
    decode_value(&d);
    skip_whitespace(&d);
    if (d.p < d.end) fail(&d, d.p, "unexpected data after the document");
    return 1;
}

int lunar_json_decode(lua_State *L) {
    if (lua_type(L, 1) != LUA_TSTRING) {
        return luaL_error(L, "bad argument #1 to 'json.decode' (string expected, got %s)", luaL_typename(L, 1));
    }
    size_t length;
    const char *text = lua_tolstring(L, 1, &length);
    return decode_document(L, (const unsigned char *)text, length, NULL);
}

typedef struct DecodeRequest {
    const void *bytes;
    size_t length;
    lunar_JSONFailure *failure;
} DecodeRequest;

static int decode_request(lua_State *L) {
    DecodeRequest *request = (DecodeRequest *)lua_touserdata(L, 1);
    return decode_document(L, (const unsigned char *)request->bytes, request->length, request->failure);
}

int lunar_json_pdecode(lua_State *L, const void *bytes, size_t length, lunar_JSONFailure *failure) {
    DecodeRequest request = {bytes != NULL ? bytes : "", length, failure};
    failure->offset = 0;
    failure->reason = NULL;
    lua_pushcfunction(L, decode_request);
    lua_pushlightuserdata(L, &request);
    return lunar_pcall(L, 1, 1);
}
