// The debugger's hook: cheap while attached. Calls and returns decide whether the function
// now running needs line events (it holds a breakpoint, or a step is under way); only then
// does Lua report lines. Matching is by chunk source and the function's line range, so a
// function a hot reload re-created binds the same breakpoints.
#include "lunar_debug.h"

#include <stdlib.h>
#include <string.h>

static lunar_DebugHandler g_debug_handler = NULL;

void lunar_set_debug_handler(lunar_DebugHandler handler) { g_debug_handler = handler; }

static lunar_DebugFile *lunar_debug_file(lunar_DebugState *d, const char *source) {
    for (int i = 0; i < d->file_count; i++) {
        if (strcmp(d->files[i].source, source) == 0) return &d->files[i];
    }
    return NULL;
}

// Whether a function (its "S" info) holds a breakpoint line: the main chunk holds them all.
static int lunar_debug_covers(lunar_DebugState *d, lua_Debug *ar) {
    lunar_DebugFile *f = lunar_debug_file(d, ar->source);
    if (f == NULL) return 0;
    if (ar->linedefined == 0) return f->count > 0;
    for (int i = 0; i < f->count; i++) {
        if (f->lines[i] >= ar->linedefined && f->lines[i] <= ar->lastlinedefined) return 1;
    }
    return 0;
}

static int lunar_debug_has_line(lunar_DebugState *d, const char *source, int line) {
    lunar_DebugFile *f = lunar_debug_file(d, source);
    if (f == NULL) return 0;
    for (int i = 0; i < f->count; i++) {
        if (f->lines[i] == line) return 1;
    }
    return 0;
}

// Turns L's line events on or off; returns whether that changed them.
static int lunar_debug_lines(lua_State *L, int on) {
    int mask = lua_gethookmask(L);
    if (((mask & LUA_MASKLINE) != 0) == (on != 0)) return 0;
    lunar_sethook(L, on ? (mask | LUA_MASKLINE) : (mask & ~LUA_MASKLINE), lua_gethookcount(L));
    lunar_context(L)->debug.leaf = NULL;
    return 1;
}

// A pause asked for from another thread becomes a step that stops at the next line.
static void lunar_debug_take_pause(lunar_DebugState *d) {
    if (__atomic_load_n(&d->pause, __ATOMIC_ACQUIRE)) {
        __atomic_store_n(&d->pause, 0, __ATOMIC_RELAXED);
        d->step = LUNAR_STEP_PAUSE;
        d->step_thread = NULL;
    }
}

int lunar_debug_depth(lua_State *L) {
    lua_Debug ar;
    int depth = 0;
    while (lua_getstack(L, depth, &ar)) depth++;
    return depth;
}

// Whether the step under way stops at this line: never in Lunar's own Lua ("=" chunks).
static int lunar_debug_step_due(lua_State *L, lunar_DebugState *d, lua_Debug *ar) {
    if (ar->source[0] == '=') return 0;
    switch (d->step) {
    case LUNAR_STEP_IN:
    case LUNAR_STEP_PAUSE:
        return 1;
    case LUNAR_STEP_OVER:
        return L == d->step_thread && lunar_debug_depth(L) <= d->step_depth;
    case LUNAR_STEP_OUT:
        return L == d->step_thread && lunar_debug_depth(L) < d->step_depth;
    default:
        return 0;
    }
}

static void lunar_debug_notify(lua_State *L, lunar_Context *c, int event, int line) {
    if (g_debug_handler == NULL || c->debug.stopped) return;
    c->debug.stopped = 1;
    c->lenient++;
    g_debug_handler(L, event, line);
    c->lenient--;
    c->debug.stopped = 0;
    c->running = L;
}

void lunar_debug_event(lua_State *L, lunar_Context *c, lua_Debug *ar) {
    lunar_DebugState *d = &c->debug;
    if (d->mask == 0) {
        lunar_debug_lines(L, 0);
        return;
    }
    switch (ar->event) {
    case LUA_HOOKCALL:
    case LUA_HOOKTAILCALL: {
        lunar_debug_take_pause(d);
        int changed = 0;
        if (d->step != LUNAR_STEP_NONE) {
            changed = lunar_debug_lines(L, 1);
        } else if (d->file_count == 0) {
            changed = lunar_debug_lines(L, 0);
        } else {
            lua_getinfo(L, "S", ar);
            if (ar->what[0] != 'C') changed = lunar_debug_lines(L, lunar_debug_covers(d, ar));
        }
        // A tail call replaces its caller: its return goes to a function not seen here.
        d->leaf = (changed || ar->event == LUA_HOOKTAILCALL) ? NULL : L;
        break;
    }
    case LUA_HOOKRET: {
        // The caller (level 1) runs next; a C caller decides nothing (its own return will).
        lunar_debug_take_pause(d);
        if (d->step != LUNAR_STEP_NONE) {
            lunar_debug_lines(L, 1);
            break;
        }
        if (d->leaf == L) {
            d->leaf = NULL;
            break;
        }
        if (d->file_count == 0) {
            lunar_debug_lines(L, 0);
            break;
        }
        lua_Debug caller;
        if (!lua_getstack(L, 1, &caller)) break;
        lua_getinfo(L, "S", &caller);
        if (caller.what[0] != 'C') lunar_debug_lines(L, lunar_debug_covers(d, &caller));
        break;
    }
    case LUA_HOOKLINE: {
        lua_getinfo(L, "S", ar);
        int event = 0;
        if (d->step != LUNAR_STEP_NONE && lunar_debug_step_due(L, d, ar)) event |= LUNAR_DEBUG_STEP;
        if (d->file_count > 0 && lunar_debug_has_line(d, ar->source, ar->currentline)) event |= LUNAR_DEBUG_BREAKPOINT;
        if (event) lunar_debug_notify(L, c, event, ar->currentline);
        // Stepping ended (or went on elsewhere): this function keeps lines only if it needs them.
        if (d->step == LUNAR_STEP_NONE && !lunar_debug_covers(d, ar)) lunar_debug_lines(L, 0);
        break;
    }
    default:
        break;
    }
}

void lunar_debug_count(lua_State *L, lunar_Context *c) {
    lunar_DebugState *d = &c->debug;
    int mask = lua_gethookmask(L);
    if (d->mask == 0) {
        if (mask != LUA_MASKCOUNT) lunar_sethook(L, LUA_MASKCOUNT, lua_gethookcount(L));
        return;
    }
    lunar_debug_take_pause(d);
    int wanted = LUA_MASKCOUNT | d->mask | (mask & LUA_MASKLINE) | (d->step != LUNAR_STEP_NONE ? LUA_MASKLINE : 0);
    if (mask != wanted) lunar_sethook(L, wanted, lua_gethookcount(L));
}

void lunar_debug_error(lua_State *L, int which) {
    lunar_Context *c = lunar_context(L);
    if (c->debug.mask == 0 || (c->debug.exceptions & which) == 0) return;
    lua_Debug ar;
    int line = 0;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            // Lunar's own Lua catches errors it expects (probing a value): only the script's count.
            if (which == LUNAR_BREAK_ALL && ar.source[0] == '=') return;
            line = ar.currentline;
            break;
        }
    }
    lua_settop(L, 1);
    lunar_debug_notify(L, c, LUNAR_DEBUG_EXCEPTION, line);
    lua_settop(L, 1);
}

void lunar_debug_attach(lua_State *L, int attached) {
    lunar_Context *c = lunar_context(L);
    lunar_DebugState *d = &c->debug;
    if (!attached) {
        lunar_debug_free(c);
        d->step = LUNAR_STEP_NONE;
        d->step_thread = NULL;
        d->exceptions = 0;
        __atomic_store_n(&d->pause, 0, __ATOMIC_RELAXED);
    }
    d->mask = attached ? (LUA_MASKCALL | LUA_MASKRET) : 0;
    d->leaf = NULL;
    lunar_sethook(L, d->mask, lua_gethookcount(L));
}

static int lunar_int_compare(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

void lunar_debug_set_lines(lua_State *L, const char *source, const int *lines, int count) {
    lunar_DebugState *d = &lunar_context(L)->debug;
    lunar_DebugFile *f = lunar_debug_file(d, source);
    if (count <= 0) {
        if (f == NULL) return;
        free(f->source);
        free(f->lines);
        *f = d->files[d->file_count - 1];
        d->file_count--;
        if (d->file_count == 0) {
            free(d->files);
            d->files = NULL;
        }
        return;
    }
    int *copy = malloc(sizeof(int) * (size_t)count);
    if (copy == NULL) return;
    memcpy(copy, lines, sizeof(int) * (size_t)count);
    qsort(copy, (size_t)count, sizeof(int), lunar_int_compare);
    if (f == NULL) {
        lunar_DebugFile *grown = realloc(d->files, sizeof(lunar_DebugFile) * (size_t)(d->file_count + 1));
        char *name = strdup(source);
        if (grown == NULL || name == NULL) {
            if (grown != NULL) d->files = grown;
            free(name);
            free(copy);
            return;
        }
        d->files = grown;
        f = &d->files[d->file_count++];
        f->source = name;
        f->lines = NULL;
    }
    free(f->lines);
    f->lines = copy;
    f->count = count;
}

void lunar_debug_free(lunar_Context *c) {
    lunar_DebugState *d = &c->debug;
    for (int i = 0; i < d->file_count; i++) {
        free(d->files[i].source);
        free(d->files[i].lines);
    }
    free(d->files);
    d->files = NULL;
    d->file_count = 0;
}

void lunar_debug_step(lua_State *L, int mode) {
    lunar_DebugState *d = &lunar_context(L)->debug;
    d->step = mode;
    d->step_thread = L;
    // Levels above the stopped line's function: the handler runs with that function at level 0.
    d->step_depth = lunar_debug_depth(L);
    if (mode != LUNAR_STEP_NONE) lunar_debug_lines(L, 1);
}

void lunar_debug_pause(lunar_Context *c) { __atomic_store_n(&c->debug.pause, 1, __ATOMIC_RELEASE); }

int lunar_debug_pause_pending(lunar_Context *c) { return __atomic_load_n(&c->debug.pause, __ATOMIC_ACQUIRE); }

void lunar_debug_clear_pause(lunar_Context *c) { __atomic_store_n(&c->debug.pause, 0, __ATOMIC_RELAXED); }

void lunar_debug_set_exceptions(lua_State *L, int exceptions) { lunar_context(L)->debug.exceptions = exceptions; }

// MARK: - pcall

// lbaselib's pcall, and with the debugger breaking on every error, the same with a message
// handler that stops where the error is raised (the stack is still there) and returns it.
static int lunar_finish_pcall(lua_State *L, int status, lua_KContext extra) {
    if (status != LUA_OK && status != LUA_YIELD) {
        lunar_context(L)->debug.leaf = NULL;
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

static int lunar_pcall_msgh(lua_State *L) {
    lunar_debug_error(L, LUNAR_BREAK_ALL);
    return 1;
}

static int lunar_debug_pcall_fn(lua_State *L) {
    luaL_checkany(L, 1);
    lunar_Context *c = lunar_context(L);
    if (c->debug.mask != 0 && (c->debug.exceptions & LUNAR_BREAK_ALL)) {
        int n = lua_gettop(L);
        lua_pushcfunction(L, lunar_pcall_msgh);
        lua_pushboolean(L, 1);
        lua_rotate(L, 1, 2);  // handler, true, f, args...
        int status = lua_pcallk(L, n - 1, LUA_MULTRET, 1, 1, lunar_finish_pcall);
        return lunar_finish_pcall(L, status, 1);
    }
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, lunar_finish_pcall);
    return lunar_finish_pcall(L, status, 0);
}

void lunar_debug_install(lua_State *L) {
    lua_pushcfunction(L, lunar_debug_pcall_fn);
    lua_setglobal(L, "pcall");
}
