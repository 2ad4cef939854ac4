// string.find, string.match, string.gmatch and string.gsub, written for Lunar
// from the semantics of Lua 5.4's patterns (reference manual §6.4.1), so that
// matching is charged to the instruction budget.
//
// Why: Lua's count hook only runs between VM instructions. Inside the stock C
// functions a backtracking pattern (`("a"):rep(3e4):find(".-.-.-.-b")`) runs
// for minutes and neither the budget nor an interrupt can stop it. This matcher
// counts its steps and every STEP_BATCH steps charges them to the budget through
// lunar_budget_charge, which raises exactly what the hook raises (and re-arms
// the hook, so pcall cannot swallow the stop).
//
// Results, the recursion limit ("pattern too complex") and every error message
// are those of the stock library; Tests/LunarBridgeTests/PatternTests.swift
// compares the two on thousands of cases.
//
// Reading past the end: Lua strings always end with a NUL byte that is not part
// of their length, so `*end` of a subject or pattern is a readable 0. Several
// checks below rely on it (as the stock library does) instead of bounds tests.
#define _GNU_SOURCE  // memmem
#include "lunar_pattern.h"
#include "clunar.h"

#include <ctype.h>
#include <stddef.h>
#include <string.h>
#include <lauxlib.h>

#define ESCAPE '%'
// How deeply the matcher may recurse: the stock library's limit, so the same
// patterns are "too complex" in both.
#define MAX_DEPTH 200
// Captures one pattern may have: the stock library's LUA_MAXCAPTURES.
#define MAX_CAPTURES 32
// Steps between two budget charges (a step is about one VM instruction's work).
#define STEP_BATCH 1024
// Bytes of a set `[...]` read per step when a subject byte is tested against it.
#define SET_BYTES_PER_STEP 16
// Bytes searched per step by a plain search (memmem runs at memory speed), and
// bytes of a pattern checked per step for special characters.
#define SEARCH_BYTES_PER_STEP 64
#define SCAN_BYTES_PER_STEP 16
// A plain search is charged window by window, so an interrupt is seen within one.
#define SEARCH_WINDOW ((size_t)1 << 20)
// Searches and scans shorter than this are not charged: their work is of the
// order of the call itself.
#define FREE_SCAN 1024
// The matcher's hot functions start on a cache line: their speed otherwise moved by
// 10-15% with unrelated changes elsewhere in the library (code placement).
#define HOT __attribute__((aligned(64)))

// Capture lengths that are markers: still open, or a position capture `()`.
#define CAPTURE_OPEN ((ptrdiff_t)-1)
#define CAPTURE_POSITION ((ptrdiff_t)-2)

typedef struct Capture {
    const char *start;
    ptrdiff_t length;  // or CAPTURE_OPEN / CAPTURE_POSITION
} Capture;

typedef struct Matcher {
    lua_State *L;
    const char *subject;
    const char *subject_end;
    const char *pattern_end;
    int depth_left;
    int level;  // captures opened so far (open or closed)
    ptrdiff_t steps_left;  // until the next budget charge
    Capture capture[MAX_CAPTURES];
} Matcher;

static inline int byte(const char *p) { return (unsigned char)*p; }

// MARK: - Budget

static void charge(Matcher *m) {
    long long used = STEP_BATCH - m->steps_left;
    m->steps_left = STEP_BATCH;
    lunar_budget_charge(m->L, used);
}

static inline void step(Matcher *m, ptrdiff_t n) {
    m->steps_left -= n;
    if (m->steps_left <= 0) charge(m);
}

// Reading a set `[...]` (open is its '[', close its ']'): one step per SET_BYTES_PER_STEP
// bytes, so a set of a few members is free and one of 400 KB costs what it takes.
static inline ptrdiff_t set_cost(const char *open, const char *close) {
    return (close - open) / SET_BYTES_PER_STEP;
}

// Charges the steps of a finished call, so many short calls add up too.
static void settle(Matcher *m) {
    if (m->steps_left < STEP_BATCH) charge(m);
}

static void matcher_init(Matcher *m, lua_State *L, const char *s, size_t slen, const char *p, size_t plen) {
    m->L = L;
    m->subject = s;
    m->subject_end = s + slen;
    m->pattern_end = p + plen;
    m->steps_left = STEP_BATCH;
    m->level = 0;
    m->depth_left = MAX_DEPTH;
}

// Before each attempt at a new subject position.
static inline void matcher_restart(Matcher *m) {
    m->level = 0;
    m->depth_left = MAX_DEPTH;
}

// MARK: - Single-character classes

// `%x` (cl is the letter): the C-locale test, complemented for upper case;
// any other character after '%' stands for itself.
static int class_has(int c, int cl) {
    int hit;
    switch (tolower(cl)) {
        case 'a': hit = isalpha(c); break;
        case 'c': hit = iscntrl(c); break;
        case 'd': hit = isdigit(c); break;
        case 'g': hit = isgraph(c); break;
        case 'l': hit = islower(c); break;
        case 'p': hit = ispunct(c); break;
        case 's': hit = isspace(c); break;
        case 'u': hit = isupper(c); break;
        case 'w': hit = isalnum(c); break;
        case 'x': hit = isxdigit(c); break;
        case 'z': hit = c == 0; break;  // deprecated in 5.2, still accepted by 5.4
        default: return cl == c;
    }
    return isupper(cl) ? !hit : hit != 0;
}

// A set `[...]`: `open` is its '[', `close` its closing ']'.
static int set_has(int c, const char *open, const char *close) {
    const char *p = open + 1;
    int inside = 1;
    if (*p == '^') {
        inside = 0;
        p++;
    }
    for (; p < close; p++) {
        if (*p == ESCAPE) {
            p++;
            if (class_has(c, byte(p))) return inside;
        } else if (p[1] == '-' && p + 2 < close) {
            if (byte(p) <= c && c <= byte(p + 2)) return inside;
            p += 2;
        } else if (byte(p) == c) {
            return inside;
        }
    }
    return !inside;
}

// Where the single-character class starting at p ends (its quantifier, if any).
static const char *class_end(Matcher *m, const char *p) {
    char first = *p++;
    if (first == ESCAPE) {
        if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (first == '[') {
        const char *open = p - 1;
        if (*p == '^') p++;
        // The first member is taken before looking for ']', so "[]]" is a set of ']'.
        do {
            if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
            p += (*p == ESCAPE && p + 1 < m->pattern_end) ? 2 : 1;
        } while (*p != ']');
        // Reading it here and testing a byte against it once: each costs its length.
        if (p - open >= SET_BYTES_PER_STEP) step(m, 2 * set_cost(open, p));
        return p + 1;
    }
    return p;
}

// Does the subject byte at s match the class [p, end)?
static inline int single(const Matcher *m, const char *s, const char *p, const char *end) {
    if (s >= m->subject_end) return 0;
    int c = byte(s);
    switch (*p) {
        case '.': return 1;
        case ESCAPE: return class_has(c, byte(p + 1));
        case '[': return set_has(c, p, end - 1);
        default: return byte(p) == c;
    }
}

// The steps one test of a byte against the class [p, end) costs beyond the step
// it is counted as: a set is read member by member, so a long one costs its
// length. 0 for every other class and for short sets (the matcher's hot loops
// test that once, outside).
static inline ptrdiff_t test_cost(const char *p, const char *end) {
    return *p == '[' && end - p > SET_BYTES_PER_STEP ? set_cost(p, end - 1) : 0;
}

// MARK: - Matching

static const char *match(Matcher *m, const char *s, const char *p);

// `x*` (or the rest of `x+`): the longest run first, then shorter ones.
// The run of a long set, charged test by test (out of the hot path).
__attribute__((noinline, cold)) static ptrdiff_t charged_run(Matcher *m, const char *s, const char *p, const char *end) {
    ptrdiff_t cost = test_cost(p, end), run = 0;
    for (; step(m, cost), single(m, s + run, p, end); run++) {}
    return run;
}

HOT static const char *greedy(Matcher *m, const char *s, const char *p, const char *end) {
    ptrdiff_t run = 0;
    if (__builtin_expect(*p == '[' && end - p > SET_BYTES_PER_STEP, 0)) {
        run = charged_run(m, s, p, end);
    } else {
        while (single(m, s + run, p, end)) run++;
    }
    step(m, run);
    for (; run >= 0; run--) {
        const char *rest = match(m, s + run, end + 1);
        if (rest != NULL) return rest;
    }
    return NULL;
}

// `x-`: the shortest run first, then one more at a time.
HOT static const char *lazy(Matcher *m, const char *s, const char *p, const char *end) {
    ptrdiff_t cost = test_cost(p, end);
    for (;;) {
        const char *rest = match(m, s, end + 1);
        if (rest != NULL) return rest;
        if (__builtin_expect(cost != 0, 0)) step(m, cost);
        if (!single(m, s, p, end)) return NULL;
        s++;
    }
}

static const char *open_capture(Matcher *m, const char *s, const char *p, ptrdiff_t kind) {
    if (m->level >= MAX_CAPTURES) luaL_error(m->L, "too many captures");
    int i = m->level++;
    m->capture[i].start = s;
    m->capture[i].length = kind;
    const char *rest = match(m, s, p);
    if (rest == NULL) m->level--;
    return rest;
}

static const char *close_capture(Matcher *m, const char *s, const char *p) {
    int i = m->level - 1;
    while (i >= 0 && m->capture[i].length != CAPTURE_OPEN) i--;
    if (i < 0) luaL_error(m->L, "invalid pattern capture");
    m->capture[i].length = s - m->capture[i].start;
    const char *rest = match(m, s, p);
    if (rest == NULL) m->capture[i].length = CAPTURE_OPEN;
    return rest;
}

// `%1`-`%9` in a pattern: the text of a closed capture, again.
static const char *back_reference(Matcher *m, const char *s, int digit) {
    int i = digit - '1';
    if (i < 0 || i >= m->level || m->capture[i].length == CAPTURE_OPEN) {
        luaL_error(m->L, "invalid capture index %%%d", i + 1);
    }
    ptrdiff_t length = m->capture[i].length;
    // A position capture has no text: it never matches (as in the stock library).
    if (length < 0 || m->subject_end - s < length) return NULL;
    step(m, length / 64);
    return memcmp(m->capture[i].start, s, (size_t)length) == 0 ? s + length : NULL;
}

// `%bxy`: from an x to its balancing y.
static const char *balanced(Matcher *m, const char *s, const char *p) {
    if (p + 1 >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->subject_end || *s != p[0]) return NULL;
    char open = p[0], close = p[1];
    int depth = 1;
    for (const char *q = s + 1; q < m->subject_end; q++) {
        if (*q == close) {
            if (--depth == 0) {
                step(m, q - s);
                return q + 1;
            }
        } else if (*q == open) {
            depth++;
        }
    }
    step(m, m->subject_end - s);
    return NULL;
}

// Matches the pattern from p against the subject from s; the end of the match
// or NULL. Items that end a branch loop here instead of recursing; the others
// recurse, and their nesting is what MAX_DEPTH limits.
HOT static const char *match(Matcher *m, const char *s, const char *p) {
    if (m->depth_left-- == 0) luaL_error(m->L, "pattern too complex");
    while (p != m->pattern_end) {
        step(m, 1);
        switch (*p) {
            case '(':
                s = p[1] == ')' ? open_capture(m, s, p + 2, CAPTURE_POSITION) : open_capture(m, s, p + 1, CAPTURE_OPEN);
                goto done;
            case ')':
                s = close_capture(m, s, p + 1);
                goto done;
            case '$':
                if (p + 1 == m->pattern_end) {
                    if (s != m->subject_end) s = NULL;
                    goto done;
                }
                break;  // elsewhere '$' is an ordinary character
            case ESCAPE:
                if (p[1] == 'b') {
                    s = balanced(m, s, p + 2);
                    if (s == NULL) goto done;
                    p += 4;
                    continue;
                }
                if (p[1] == 'f') {
                    p += 2;
                    if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
                    const char *end = class_end(m, p);
                    int before = s == m->subject ? 0 : byte(s - 1);
                    int after = byte(s);  // the terminating NUL at the end
                    step(m, 2 * test_cost(p, end));
                    if (set_has(before, p, end - 1) || !set_has(after, p, end - 1)) {
                        s = NULL;
                        goto done;
                    }
                    p = end;
                    continue;
                }
                if (p[1] >= '0' && p[1] <= '9') {
                    s = back_reference(m, s, byte(p + 1));
                    if (s == NULL) goto done;
                    p += 2;
                    continue;
                }
                break;  // a class such as %d
            default:
                break;
        }
        // A single-character class with an optional quantifier.
        const char *end = class_end(m, p);
        char quantifier = *end;  // may be the pattern's terminating NUL
        if (!single(m, s, p, end)) {
            if (quantifier == '*' || quantifier == '?' || quantifier == '-') {
                p = end + 1;  // zero repetitions
                continue;
            }
            s = NULL;
            goto done;
        }
        switch (quantifier) {
            case '?': {
                const char *rest = match(m, s + 1, end + 1);
                if (rest != NULL) {
                    s = rest;
                    goto done;
                }
                p = end + 1;
                continue;
            }
            case '+':
                s = greedy(m, s + 1, p, end);
                goto done;
            case '*':
                s = greedy(m, s, p, end);
                goto done;
            case '-':
                s = lazy(m, s, p, end);
                goto done;
            default:
                s++;
                p = end;
                continue;
        }
    }
done:
    m->depth_left++;
    return s;
}

// MARK: - Captures as values

// Capture i's text (start and length), or the whole match [s, e) when the
// pattern has no captures and i is 0. A position capture pushes its integer and
// returns CAPTURE_POSITION.
static ptrdiff_t capture_value(Matcher *m, int i, const char *s, const char *e, const char **text) {
    if (i >= m->level) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        *text = s;
        return e - s;
    }
    const Capture *c = &m->capture[i];
    *text = c->start;
    if (c->length == CAPTURE_OPEN) luaL_error(m->L, "unfinished capture");
    if (c->length == CAPTURE_POSITION) lua_pushinteger(m->L, (c->start - m->subject) + 1);
    return c->length;
}

static void push_capture(Matcher *m, int i, const char *s, const char *e) {
    const char *text;
    ptrdiff_t length = capture_value(m, i, s, e, &text);
    if (length != CAPTURE_POSITION) lua_pushlstring(m->L, text, (size_t)length);
}

// Pushes every capture (the whole match when there are none and s is given);
// returns how many.
static int push_captures(Matcher *m, const char *s, const char *e) {
    int n = (m->level == 0 && s != NULL) ? 1 : m->level;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++) push_capture(m, i, s, e);
    return n;
}

// MARK: - Library functions

// A 1-based, possibly negative `init` as a 0-based offset (may exceed len).
static size_t start_offset(lua_Integer init, size_t len) {
    if (init > 0) return (size_t)init - 1;
    if (init == 0 || init < -(lua_Integer)len) return 0;
    return len - (size_t)(-init);
}

// Without any of these, find searches for the pattern as plain text.
static int has_specials(const char *p, size_t len) {
    for (size_t i = 0; i < len; i++) {
        switch (p[i]) {
            case '^': case '$': case '*': case '+': case '?':
            case '.': case '(': case '[': case '%': case '-':
                return 1;
            default:
                break;
        }
    }
    return 0;
}

// memmem over [s, s + len), charged window by window: linear, but a loop over a
// large subject would otherwise do unmetered work at every call.
static const char *plain_search(lua_State *L, const char *s, size_t len, const char *p, size_t plen) {
    if (plen == 0) return s;
    if (plen > len) return NULL;
    size_t last = len - plen;  // the last position a match can start at
    for (size_t at = 0; at <= last;) {
        size_t starts = last - at + 1;
        if (starts > SEARCH_WINDOW) starts = SEARCH_WINDOW;
        size_t span = starts + plen - 1;
        if (span >= FREE_SCAN) lunar_budget_charge(L, (long long)(span / SEARCH_BYTES_PER_STEP));
        const char *hit = memmem(s + at, span, p, plen);
        if (hit != NULL) return hit;
        at += starts;
    }
    return NULL;
}

static int find_or_match(lua_State *L, int find) {
    size_t slen, plen;
    const char *s = luaL_checklstring(L, 1, &slen);
    const char *p = luaL_checklstring(L, 2, &plen);
    size_t from = start_offset(luaL_optinteger(L, 3, 1), slen);
    if (from > slen) {
        luaL_pushfail(L);
        return 1;
    }
    if (plen >= FREE_SCAN) lunar_budget_charge(L, (long long)(plen / SCAN_BYTES_PER_STEP));
    if (find && (lua_toboolean(L, 4) || !has_specials(p, plen))) {
        const char *hit = plain_search(L, s + from, slen - from, p, plen);
        if (hit == NULL) {
            luaL_pushfail(L);
            return 1;
        }
        lua_pushinteger(L, (hit - s) + 1);
        lua_pushinteger(L, (hit - s) + (lua_Integer)plen);
        return 2;
    }
    int anchored = *p == '^';
    if (anchored) {
        p++;
        plen--;
    }
    Matcher m;
    matcher_init(&m, L, s, slen, p, plen);
    const char *at = s + from;
    do {
        matcher_restart(&m);
        const char *e = match(&m, at, p);
        if (e != NULL) {
            settle(&m);
            if (!find) return push_captures(&m, at, e);
            lua_pushinteger(L, (at - s) + 1);
            lua_pushinteger(L, e - s);
            return push_captures(&m, NULL, NULL) + 2;
        }
    } while (at++ < m.subject_end && !anchored);
    settle(&m);
    luaL_pushfail(L);
    return 1;
}

static int pattern_find(lua_State *L) { return find_or_match(L, 1); }

static int pattern_match(lua_State *L) { return find_or_match(L, 0); }

// The iterator's state, a userdata kept as the closure's third upvalue (the
// subject and pattern are the first two, so the pointers stay valid).
typedef struct Iteration {
    Matcher m;
    const char *pattern;
    const char *next;  // where the next search starts
    const char *last;  // end of the last match: an empty match there is skipped
} Iteration;

static int gmatch_next(lua_State *L) {
    Iteration *it = (Iteration *)lua_touserdata(L, lua_upvalueindex(3));
    it->m.L = L;
    for (const char *at = it->next; at <= it->m.subject_end; at++) {
        matcher_restart(&it->m);
        const char *e = match(&it->m, at, it->pattern);
        if (e != NULL && e != it->last) {
            it->next = it->last = e;
            settle(&it->m);
            return push_captures(&it->m, at, e);
        }
    }
    settle(&it->m);
    return 0;
}

static int pattern_gmatch(lua_State *L) {
    size_t slen, plen;
    const char *s = luaL_checklstring(L, 1, &slen);
    const char *p = luaL_checklstring(L, 2, &plen);
    size_t from = start_offset(luaL_optinteger(L, 3, 1), slen);
    if (from > slen) from = slen + 1;  // nothing to find; keeps the pointer in range
    lua_settop(L, 2);
    Iteration *it = (Iteration *)lua_newuserdatauv(L, sizeof *it, 0);
    matcher_init(&it->m, L, s, slen, p, plen);
    it->pattern = p;
    it->next = s + from;
    it->last = NULL;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

// A replacement string: `%0`-`%9` are captures, `%%` is '%'.
static void add_template(Matcher *m, luaL_Buffer *out, const char *s, const char *e) {
    size_t len;
    const char *t = lua_tolstring(m->L, 3, &len);
    const char *t_end = t + len;
    const char *escape;
    while ((escape = memchr(t, ESCAPE, (size_t)(t_end - t))) != NULL) {
        luaL_addlstring(out, t, (size_t)(escape - t));
        char code = escape[1];  // the NUL terminator when '%' is last
        if (code == ESCAPE) {
            luaL_addchar(out, ESCAPE);
        } else if (code == '0') {
            luaL_addlstring(out, s, (size_t)(e - s));
        } else if (code >= '1' && code <= '9') {
            const char *text;
            ptrdiff_t length = capture_value(m, code - '1', s, e, &text);
            if (length == CAPTURE_POSITION) {
                luaL_addvalue(out);
            } else {
                luaL_addlstring(out, text, (size_t)length);
            }
        } else {
            luaL_error(m->L, "invalid use of '%c' in replacement string", ESCAPE);
        }
        t = escape + 2;
    }
    luaL_addlstring(out, t, (size_t)(t_end - t));
}

// Adds the replacement of the match [s, e); returns whether it changed the text
// (a function or table giving nil/false keeps the match as it was).
static int add_replacement(Matcher *m, luaL_Buffer *out, const char *s, const char *e, int kind) {
    lua_State *L = m->L;
    if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = push_captures(m, s, e);
        lua_call(L, n, 1);
    } else if (kind == LUA_TTABLE) {
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_template(m, out, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(out, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) {
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    }
    luaL_addvalue(out);
    return 1;
}

static int pattern_gsub(lua_State *L) {
    size_t slen, plen;
    const char *src = luaL_checklstring(L, 1, &slen);
    const char *p = luaL_checklstring(L, 2, &plen);
    int kind = lua_type(L, 3);
    lua_Integer limit = luaL_optinteger(L, 4, (lua_Integer)slen + 1);
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE, 3,
                     "string/function/table");
    luaL_Buffer out;
    luaL_buffinit(L, &out);
    int anchored = *p == '^';
    if (anchored) {
        p++;
        plen--;
    }
    Matcher m;
    matcher_init(&m, L, src, slen, p, plen);
    const char *last = NULL;
    lua_Integer count = 0;
    int changed = 0;
    while (count < limit) {
        matcher_restart(&m);
        const char *e = match(&m, src, p);
        if (e != NULL && e != last) {
            count++;
            changed |= add_replacement(&m, &out, src, e, kind);
            src = last = e;
        } else if (src < m.subject_end) {
            luaL_addchar(&out, *src++);
        } else {
            break;
        }
        if (anchored) break;
    }
    settle(&m);
    if (changed) {
        luaL_addlstring(&out, src, (size_t)(m.subject_end - src));
        luaL_pushresult(&out);
    } else {
        lua_pushvalue(L, 1);  // unchanged: the subject itself
    }
    lua_pushinteger(L, count);
    return 2;
}

void lunar_pattern_install(lua_State *L, int lib) {
    static const luaL_Reg functions[] = {
        {"find", pattern_find},
        {"match", pattern_match},
        {"gmatch", pattern_gmatch},
        {"gsub", pattern_gsub},
        {NULL, NULL},
    };
    lua_pushvalue(L, lib);
    luaL_setfuncs(L, functions, 0);
    lua_pop(L, 1);
}
