#include "clunar.h"
#include "lunar_pattern.h"
#include "lunar_library.h"
#include "lunar_debug.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static lunar_Dispatcher g_dispatch = NULL;
static lunar_Releaser g_release = NULL;

void lunar_set_dispatcher(lunar_Dispatcher dispatcher) { g_dispatch = dispatcher; }
void lunar_set_releaser(lunar_Releaser releaser) { g_release = releaser; }

// MARK: - Context and allocator

lunar_Context *lunar_context(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (lunar_Context *)ud;
}

static void lunar_hook(lua_State *L, lua_Debug *ar);

// The debugger's events (call, return, line) ride on the budget's hook: keep them when the
// budget changes the count.
static int lunar_debug_bits(lua_State *L) { return lua_gethookmask(L) & (LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE); }

void lunar_sethook(lua_State *L, int mask, int count) { lua_sethook(L, lunar_hook, mask | LUA_MASKCOUNT, count); }

// Charges `grown` bytes of a large allocation made while Lua runs. The allocator
// must never raise: when the budget runs out, the thread that last ran is armed
// to stop at its next instruction (lua_sethook only sets fields, which is why
// lua.c may call it from a signal handler). A thread Lunar did not see start
// (a coroutine resumed by Lua) stops at its own next periodic hook instead.
static void lunar_charge_bytes(lunar_Context *c, size_t grown) {
    if (c->remaining < 0 || c->tripped) return;
    c->remaining -= (long long)(grown / LUNAR_BYTES_PER_INSTRUCTION);
    if (c->remaining < 0 && c->running != NULL) lua_sethook(c->running, lunar_hook, LUA_MASKCOUNT | lunar_debug_bits(c->running), 1);
}

static void *lunar_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    lunar_Context *c = (lunar_Context *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        // A freed thread can no longer be armed (the check needs no knowledge of its layout).
        if (c->running != NULL && (size_t)((char *)c->running - (char *)ptr) < old) c->running = NULL;
        free(ptr);
        c->used -= old;
        return NULL;
    }
    if (nsize > old && c->limit != 0 && c->lenient == 0 && c->used - old + nsize > c->limit) {
        return NULL;  // Lua turns this into "not enough memory"; the state stays usable
    }
    void *p = realloc(ptr, nsize);
    if (p == NULL) {
        if (c->lenient > 0) {
            // A refusal here would longjmp across a Swift frame: never allowed.
            fputs("lunar: out of memory while a Swift frame is active\n", stderr);
            abort();
        }
        return NULL;
    }
    c->used = c->used - old + nsize;
    if (c->used > c->peak) c->peak = c->used;
    // Bytes produced while Lua runs (not while Swift converts values for it).
    if (nsize >= LUNAR_CHARGED_ALLOCATION && nsize > old && c->lenient == 0) lunar_charge_bytes(c, nsize - old);
    return p;
}

static int lunar_panic(lua_State *L) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "lunar: unprotected Lua error: %s\n", msg ? msg : "(error object is not a string)");
    abort();
    return 0;
}

lua_State *lunar_newstate(lunar_Context *context) {
    lua_State *L = lua_newstate(lunar_alloc, context);
    if (L != NULL) lua_atpanic(L, lunar_panic);
    return L;
}

// MARK: - Instruction budget

// `level` is the stack level of the Lua function to blame: 0 inside the hook,
// 1 inside a C function that Lua called.
static void lunar_trip(lua_State *L, lunar_Context *c, int level) {
    // Sticky: re-arm with count 1 so a pcall loop cannot swallow the stop.
    lua_sethook(L, lunar_hook, LUA_MASKCOUNT | lunar_debug_bits(L), 1);
    if (c->tripped) {
        // Code that caught the stop (a pcall in a runtime helper) ran on: raise the
        // first message again, so the report names where the script was stopped.
        lua_pushstring(L, c->message);
        lua_error(L);
    }
    c->tripped = 1;
    // Blame the nearest Lua line from `level` up (a matcher called through pcall has a C caller),
    // passing over the runtime's own Lua (chunks named `=lunar.*`: the sandbox's shims, whose
    // `load` and `collectgarbage` call the library's, and the helpers the host runs inside a
    // script's call, such as a render or a lifecycle step during `nav.push`): the script called
    // them. A stop with no script frame above blames the nearest line.
    lua_Debug ar;
    int placed = 0;
    for (int pass = 0; pass < 2 && !placed; pass++) {
        for (int lv = level; !placed && lua_getstack(L, lv, &ar); lv++) {
            if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0
                && (pass == 1 || strncmp(ar.source, LUNAR_RUNTIME_CHUNK_PREFIX, sizeof LUNAR_RUNTIME_CHUNK_PREFIX - 1) != 0)) {
                lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
                placed = 1;
            }
        }
    }
    if (!placed) lua_pushliteral(L, "");
    lua_pushstring(L, c->reason[0] ? c->reason : "script interrupted");
    lua_concat(L, 2);
    snprintf(c->message, sizeof c->message, "%s", lua_tostring(L, -1));
    lua_error(L);
}

// A stop asked for from another thread: an interrupt, or a stop for good (which a reset's
// clearing of `interrupt` may have raced, so `stopped` is read too). Acquire: the reason was
// written before either flag was raised.
static inline int lunar_interrupt_pending(lunar_Context *c) {
    return __atomic_load_n(&c->interrupt, __ATOMIC_ACQUIRE) || __atomic_load_n(&c->stopped, __ATOMIC_ACQUIRE);
}

static void lunar_hook(lua_State *L, lua_Debug *ar) {
    lunar_Context *c = lunar_context(L);
    c->running = L;
    if (ar->event != LUA_HOOKCOUNT) {
        lunar_debug_event(L, c, ar);
        return;
    }
    lunar_debug_count(L, c);
    if (c->tripped) {
        lunar_trip(L, c, 0);
        return;
    }
    if (lunar_interrupt_pending(c)) {
        // The interrupting thread wrote its reason before raising the flag; copy it on this thread.
        snprintf(c->reason, sizeof c->reason, "%s", c->interrupt_reason);
        lunar_trip(L, c, 0);
        return;
    }
    if (lua_gethookcount(L) != c->granularity) {
        // A thread left sticky by an earlier trip: restore normal accounting.
        lua_sethook(L, lunar_hook, LUA_MASKCOUNT | lunar_debug_bits(L), c->granularity);
        if (c->remaining >= 0) c->remaining -= 1;
    } else if (c->remaining >= 0) {
        c->remaining -= c->granularity;
    }
    if (c->remaining < 0) {
        snprintf(c->reason, sizeof c->reason, "instruction budget exceeded");
        lunar_trip(L, c, 0);
    }
}

void lunar_budget_charge(lua_State *L, long long instructions) {
    lunar_Context *c = lunar_context(L);
    c->running = L;
    if (!c->tripped) {
        if (lunar_interrupt_pending(c)) {
            snprintf(c->reason, sizeof c->reason, "%s", c->interrupt_reason);
        } else {
            if (c->remaining >= 0) c->remaining -= instructions;
            if (c->remaining >= 0) return;
            snprintf(c->reason, sizeof c->reason, "instruction budget exceeded");
        }
    }
    lunar_trip(L, c, 1);
}

int lunar_budget_take(lunar_Context *c, long long instructions) {
    if (c->tripped || lunar_interrupt_pending(c)) return 1;
    if (c->remaining >= 0) c->remaining -= instructions;
    return c->remaining < 0;
}

// Whether the running call must stop: a stop already raised, the budget spent, or a stop asked for.
static inline int lunar_budget_spent(lunar_Context *c) {
    return c->tripped || c->remaining < 0 || lunar_interrupt_pending(c);
}

void lunar_arm_budget(lua_State *L) {
    lunar_Context *c = lunar_context(L);
    if (c->granularity <= 0) c->granularity = 1000;
    lua_sethook(L, lunar_hook, LUA_MASKCOUNT | lunar_debug_bits(L), c->granularity);
}

void lunar_budget_reset(lua_State *L, long long instructions) {
    lunar_Context *c = lunar_context(L);
    c->tripped = 0;
    // A stop racing this clear is not lost: the hook and the trampoline read `stopped` too.
    __atomic_store_n(&c->interrupt, 0, __ATOMIC_RELAXED);
    c->reason[0] = 0;
    c->message[0] = 0;
    // "Unlimited" is a huge positive number so the hook arithmetic never trips.
    c->remaining = instructions < 0 ? ((long long)1 << 62) : instructions;
    if (__atomic_load_n(&c->stopped, __ATOMIC_ACQUIRE)) {
        // A stopped state runs nothing more: every call stops at its first instruction.
        __atomic_store_n(&c->interrupt, 1, __ATOMIC_RELAXED);
        lua_sethook(L, lunar_hook, LUA_MASKCOUNT | lunar_debug_bits(L), 1);
    } else if (lua_gethookcount(L) != c->granularity) {
        lua_sethook(L, lunar_hook, LUA_MASKCOUNT | lunar_debug_bits(L), c->granularity);
    }
}

void lunar_budget_interrupt(lunar_Context *c, const char *reason) {
    // Called from any thread while the script runs: only the interrupt fields are written here.
    snprintf(c->interrupt_reason, sizeof c->interrupt_reason, "%s", reason ? reason : "script interrupted");
    __atomic_store_n(&c->interrupt, 1, __ATOMIC_RELEASE);
}

void lunar_budget_stop(lunar_Context *c, const char *reason) {
    // The reason is written once: the first stop's stays for every later call.
    if (__atomic_exchange_n(&c->stop_claimed, 1, __ATOMIC_ACQ_REL)) return;
    snprintf(c->interrupt_reason, sizeof c->interrupt_reason, "%s", reason ? reason : "script interrupted");
    __atomic_store_n(&c->stopped, 1, __ATOMIC_RELEASE);
    __atomic_store_n(&c->interrupt, 1, __ATOMIC_RELEASE);
}

// MARK: - Trampoline

static char lunar_error_sentinel;

void lunar_push_error_sentinel(lua_State *L) { lua_pushlightuserdata(L, &lunar_error_sentinel); }

// Continuation of a bridged function that yielded to await: the values given
// to lua_resume are its results, unless they are (sentinel, error).
static int lunar_await_k(lua_State *L, int status, lua_KContext ctx) {
    (void)status;
    int base = (int)ctx;
    int top = lua_gettop(L);
    if (top - base >= 2 && lua_touserdata(L, base + 1) == &lunar_error_sentinel) {
        lua_pushvalue(L, base + 2);
        if (lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    return top - base;
}

static lunar_HookFailureHandler g_hook_failure = NULL;


void lunar_set_hook_failure_handler(lunar_HookFailureHandler handler) { g_hook_failure = handler; }

static int lunar_msgh(lua_State *L);

// Calls one after hook, on top of the stack, with `ok` and the `n` results,
// protected and strictly (a hook's memory is capped like any script's); a
// failure goes to the hook-failure handler. The stack holds the results, the
// message handler, the hook array when `extra` is 1, and the hook; relative
// indices only, so the results stay where they are.
static void lunar_call_after(lua_State *L, lunar_Context *c, lunar_FunctionBox *box, int ok, int n, int extra) {
    lua_pushboolean(L, ok);
    // Each result's copy is n + 3 + extra below the top when it is pushed, as is the handler afterwards.
    int below = n + 3 + extra;
    for (int k = 0; k < n; k++) lua_pushvalue(L, -below);
    int saved = c->lenient;
    c->lenient = 0;
    int status = lua_pcallk(L, n + 1, 0, -below, 0, NULL);
    c->lenient = saved;
    if (status != LUA_OK) {
        c->debug.leaf = NULL;
        c->lenient++;
        if (g_hook_failure) g_hook_failure(L, box->object, status); else lua_pop(L, 1);
        c->lenient--;
    }
}

// Runs the after hooks registered under `ref` (one function, or an array of
// them) with `ok` and the `n` values on top of the stack, leaving the stack as
// it was. Pushes only above those values: no value is moved.
static void lunar_run_after(lua_State *L, lunar_Context *c, lunar_FunctionBox *box, int ref, int ok, int n) {
    if (!lua_checkstack(L, n + 5)) luaL_error(L, "stack overflow (too many results for an after hook)");
    lua_pushcfunction(L, lunar_msgh);
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, ref) == LUA_TFUNCTION) {
        // The common case, one hook: it is the registry value itself.
        lunar_call_after(L, c, box, ok, n, 0);
        lua_pop(L, 1);
    } else {
        lua_Integer count = (lua_Integer)lua_rawlen(L, -1);
        for (lua_Integer i = 1; i <= count; i++) {
            lua_rawgeti(L, -1, i);
            lunar_call_after(L, c, box, ok, n, 1);
        }
        lua_pop(L, 2);
    }
}

// MARK: - Subject lanes

// Marks a userdata as a lane: a script with `debug` could put any value in a user value.
static const char lunar_lane_tag = 0;

lunar_Lane *lunar_newlane(lua_State *L) {
    lunar_Lane *lane = (lunar_Lane *)lua_newuserdatauv(L, sizeof(lunar_Lane), 1);
    lane->tag = &lunar_lane_tag;
    lane->enabled = 0;
    lane->busy = 0;
    lane->pending = 0;
    return lane;
}

int lunar_lane_send(lua_State *L) {
    lua_settop(L, 2);
    lunar_Lane *lane = NULL;
    if (lua_type(L, 1) == LUA_TUSERDATA && lua_getiuservalue(L, 1, 1) == LUA_TUSERDATA
        && lua_rawlen(L, 3) == sizeof(lunar_Lane)) {
        lane = (lunar_Lane *)lua_touserdata(L, 3);
        if (lane->tag != &lunar_lane_tag) lane = NULL;
    }
    if (lane == NULL || !lane->enabled || lane->busy || lua_getiuservalue(L, 3, 1) != LUA_TTABLE) {
        // Swift delivers (or queues) it. Its own errors (a bad receiver, memory) are raised
        // with the script's position: seen from the Swift method, the caller is this function.
        lua_settop(L, 2);
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_insert(L, 1);
        if (lua_pcallk(L, 2, 0, 0, 0, NULL) != LUA_OK) {
            if (lua_type(L, -1) == LUA_TSTRING) {
                luaL_where(L, 1);
                lua_insert(L, -2);
                lua_concat(L, 2);
            }
            return lua_error(L);
        }
        return 0;
    }
    luaL_checkstack(L, 10, "subject send");
    // 4: the entries when the send started; 5: the message handler; 6: the first error the
    // lane itself met (raised once the value has reached every step and the queue is drained).
    lua_pushcfunction(L, lunar_msgh);
    lua_pushnil(L);
    lane->busy++;
    lua_Integer count = (lua_Integer)lua_rawlen(L, 4);
    for (lua_Integer i = 1; i <= count; i++) {
        // 7: entry; 8: its step, unless it has ended.
        if (lua_rawgeti(L, 4, i) == LUA_TTABLE && lua_rawgeti(L, 7, 1) == LUA_TFUNCTION) {
            lua_pushvalue(L, 2);
            int status = lua_pcallk(L, 1, 0, 5, 0, NULL);
            if (status != LUA_OK) {
                lunar_context(L)->debug.leaf = NULL;
                // 8: the step's error; Swift tells a subscriber's (reported) from a stage's
                // (that subscription fails).
                lua_pushvalue(L, lua_upvalueindex(2));
                lua_pushvalue(L, 1);
                lua_rawgeti(L, 7, 2);
                lua_pushinteger(L, status);
                lua_pushvalue(L, 8);
                if (lua_pcallk(L, 4, 0, 5, 0, NULL) != LUA_OK && lua_isnil(L, 6)) lua_replace(L, 6);
            }
        }
        lua_settop(L, 6);
    }
    // A step's error was caught above: the frames it unwound returned unseen.
    lunar_context(L)->debug.leaf = NULL;
    lane->busy--;
    if (lane->busy == 0 && lane->pending) {
        lane->pending = 0;
        lua_pushvalue(L, lua_upvalueindex(3));
        lua_pushvalue(L, 1);
        if (lua_pcallk(L, 1, 0, 5, 0, NULL) != LUA_OK && lua_isnil(L, 6)) lua_replace(L, 6);
    }
    if (!lua_isnil(L, 6)) {
        lua_settop(L, 6);
        return lua_error(L);
    }
    return 0;
}

static int lunar_trampoline(lua_State *L) {
    lunar_FunctionBox *box = (lunar_FunctionBox *)lua_touserdata(L, lua_upvalueindex(1));
    lunar_Context *c = lunar_context(L);
    // Read before the call: hooks changed while it runs apply from the next call.
    int after_ref = box->after_ref;
    c->lenient++;
    int r = g_dispatch(L, box->object);
    c->lenient--;
    c->running = L;  // Swift may have run other threads; this one goes on
    if (after_ref != LUA_NOREF) {
        // Hooks see the results; or the error (as pcall would, without the caller's
        // position); or, when an awaited call suspends, success and no results.
        int failed = r == LUNAR_RAISE || r == LUNAR_RAISE_WHERE;
        lunar_run_after(L, c, box, after_ref, !failed, r >= 0 ? r : failed);
    }
    if (r >= 0 && c->limit != 0 && c->lenient == 0 && c->used > c->limit) {
        lua_pushliteral(L, "not enough memory");
        return lua_error(L);
    }
    // Work Swift charged (lunar_budget_take), or a stop asked for while it ran, stops the
    // script here, at its caller's line: Swift never raises. A yield stops at the resume.
    if (r > LUNAR_YIELD_BASE && lunar_budget_spent(c)) lunar_budget_charge(L, 0);
    if (r >= 0) return r;
    if (r == LUNAR_RAISE) return lua_error(L);
    if (r == LUNAR_RAISE_WHERE) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    int n = LUNAR_YIELD_BASE - r;
    return lua_yieldk(L, n, (lua_KContext)(lua_gettop(L) - n), lunar_await_k);
}

static int lunar_box_gc(lua_State *L) {
    void **box = (void **)lua_touserdata(L, 1);
    if (box != NULL && *box != NULL) {
        void *object = *box;
        *box = NULL;
        if (g_release) g_release(object);
    }
    return 0;
}

void lunar_pushgchandler(lua_State *L) { lua_pushcfunction(L, lunar_box_gc); }

lunar_FunctionBox *lunar_pushfunction(lua_State *L, void *function, int gc_metatable_ref) {
    lunar_FunctionBox *box = (lunar_FunctionBox *)lua_newuserdatauv(L, sizeof(lunar_FunctionBox), 0);
    box->object = function;
    box->after_ref = LUA_NOREF;
    lua_rawgeti(L, LUA_REGISTRYINDEX, gc_metatable_ref);
    lua_setmetatable(L, -2);
    lua_pushcclosure(L, lunar_trampoline, 1);
    return box;
}

void *lunar_tobridged(lua_State *L, int idx) {
    if (lua_tocfunction(L, idx) != lunar_trampoline) return NULL;
    idx = lua_absindex(L, idx);
    if (lua_getupvalue(L, idx, 1) == NULL) return NULL;
    void **box = (void **)lua_touserdata(L, -1);
    lua_pop(L, 1);
    return box ? *box : NULL;
}

void lunar_pushobject(lua_State *L, void *object, int metatable_ref) {
    void **box = (void **)lua_newuserdatauv(L, sizeof(void *), 1);
    *box = object;
    lua_rawgeti(L, LUA_REGISTRYINDEX, metatable_ref);
    lua_setmetatable(L, -2);
}

void *lunar_toboxed(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TUSERDATA) return NULL;
    if (lua_rawlen(L, idx) != sizeof(void *)) return NULL;
    void **box = (void **)lua_touserdata(L, idx);
    return box ? *box : NULL;
}

void lunar_clearboxed(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TUSERDATA) return;
    void **box = (void **)lua_touserdata(L, idx);
    if (box) *box = NULL;
}

// MARK: - Protected calls

static const char *const kTracebackKey = "lunar.error.traceback";
static const char *const kWhereKey = "lunar.error.where";

// Records where the error happened (the stack is still intact here).
static void lunar_record(lua_State *L, lua_State *at, int level, const char *msg) {
    lua_Debug ar;
    int found = 0;
    for (int lv = level; lua_getstack(at, lv, &ar); lv++) {
        if (lua_getinfo(at, "Sl", &ar) && ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d", ar.short_src, ar.currentline);
            found = 1;
            break;
        }
    }
    if (!found) lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, kWhereKey);
    luaL_traceback(L, at, msg, level);
    lua_setfield(L, LUA_REGISTRYINDEX, kTracebackKey);
}

static int lunar_msgh(lua_State *L) {
    lunar_debug_error(L, LUNAR_BREAK_UNCAUGHT);
    const char *msg = NULL;
    if (lua_type(L, 1) == LUA_TSTRING) msg = lua_tostring(L, 1);
    lunar_record(L, L, 1, msg);
    lua_settop(L, 1);
    return 1;
}

void lunar_install_msgh(lua_State *L) {
    lua_settop(L, 0);
    lua_pushcfunction(L, lunar_msgh);
}

int lunar_begin_call(lua_State *L, int ref, int nargs, long long budget, int *handler) {
    if (budget != LUNAR_KEEP_BUDGET) lunar_budget_reset(L, budget);
    if (!lua_checkstack(L, nargs + 3)) return -1;
    int base = lua_gettop(L);
    // The main thread keeps the handler in slot 1 (lunar_install_msgh); elsewhere it
    // goes below the function.
    if (lua_tocfunction(L, 1) == lunar_msgh) {
        *handler = 1;
    } else {
        lua_pushcfunction(L, lunar_msgh);
        *handler = base + 1;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    return base;
}

int lunar_pcallh(lua_State *L, int nargs, int nresults, int handler) {
    lunar_Context *c = lunar_context(L);
    int saved = c->lenient;
    c->lenient = 0;
    c->running = L;
    int status = lua_pcallk(L, nargs, nresults, handler, 0, NULL);
    c->lenient = saved;
    if (status != LUA_OK) c->debug.leaf = NULL;
    return status;
}

int lunar_pcall(lua_State *L, int nargs, int nresults) {
    lunar_Context *c = lunar_context(L);
    int saved = c->lenient;
    c->lenient = 0;
    c->running = L;
    int status;
    if (lua_tocfunction(L, 1) == lunar_msgh) {
        // The main thread keeps the handler in slot 1: no stack shuffling per call.
        status = lua_pcallk(L, nargs, nresults, 1, 0, NULL);
    } else {
        int base = lua_gettop(L) - nargs;
        lua_pushcfunction(L, lunar_msgh);
        lua_insert(L, base);
        status = lua_pcallk(L, nargs, nresults, base, 0, NULL);
        lua_remove(L, base);
    }
    c->lenient = saved;
    if (status != LUA_OK) c->debug.leaf = NULL;
    return status;
}

static int lunar_record_k(lua_State *L) {
    lua_State *co = (lua_State *)lua_touserdata(L, 1);
    const char *msg = lua_type(co, -1) == LUA_TSTRING ? lua_tostring(co, -1) : NULL;
    lunar_record(L, co, 0, msg);
    return 0;
}

int lunar_resume(lua_State *co, lua_State *from, int nargs, int *nresults) {
    lunar_Context *c = lunar_context(co);
    int saved = c->lenient;
    c->lenient = 0;
    c->running = co;
    int status = lua_resume(co, from, nargs, nresults);
    if (status != LUA_OK && status != LUA_YIELD) c->debug.leaf = NULL;
    // `from` runs again (alive: it called us), if it is a Lua thread.
    c->running = from;
    if (status != LUA_OK && status != LUA_YIELD && from != NULL) {
        lua_pushcfunction(from, lunar_record_k);
        lua_pushlightuserdata(from, co);
        lua_pcallk(from, 1, 0, 0, 0, NULL);
    }
    c->lenient = saved;
    return status;
}

void lunar_push_last_error_info(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, kTracebackKey);
    lua_getfield(L, LUA_REGISTRYINDEX, kWhereKey);
}

int lunar_loadtext(lua_State *L, const char *buffer, size_t size, const char *chunkname) {
    lunar_Context *c = lunar_context(L);
    int saved = c->lenient;
    c->lenient = 0;
    int status = luaL_loadbufferx(L, buffer, size, chunkname, "t");
    c->lenient = saved;
    return status;
}

int lunar_loadchunk(lua_State *L, const char *buffer, size_t size, const char *chunkname, const char *mode) {
    lunar_Context *c = lunar_context(L);
    int saved = c->lenient;
    c->lenient = 0;
    int status = luaL_loadbufferx(L, buffer, size, chunkname, mode);
    c->lenient = saved;
    return status;
}

// MARK: - Dumping bytecode

typedef struct {
    char *bytes;
    size_t size;
    size_t capacity;
} lunar_DumpBuffer;

// Grows with realloc, not Lua's allocator, so the dump never allocates Lua memory.
static int lunar_dump_writer(lua_State *L, const void *p, size_t n, void *ud) {
    (void)L;
    lunar_DumpBuffer *b = (lunar_DumpBuffer *)ud;
    if (b->size + n > b->capacity) {
        size_t wanted = b->capacity ? b->capacity * 2 : 4096;
        while (wanted < b->size + n) wanted *= 2;
        char *grown = realloc(b->bytes, wanted);
        if (!grown) return 1;
        b->bytes = grown;
        b->capacity = wanted;
    }
    memcpy(b->bytes + b->size, p, n);
    b->size += n;
    return 0;
}

static int lunar_dump_k(lua_State *L) {
    lunar_DumpBuffer *b = (lunar_DumpBuffer *)lua_touserdata(L, 2);
    lua_settop(L, 1);
    if (lua_dump(L, lunar_dump_writer, b, 0) != 0) {
        return luaL_error(L, "cannot dump the chunk (out of memory or not a Lua function)");
    }
    return 0;
}

int lunar_dump(lua_State *L, char **bytes, size_t *size) {
    lunar_DumpBuffer buffer = {NULL, 0, 0};
    lunar_Context *c = lunar_context(L);
    int saved = c->lenient;
    c->lenient = 0;
    lua_pushcfunction(L, lunar_dump_k);
    lua_pushvalue(L, -2);
    lua_pushlightuserdata(L, &buffer);
    int status = lua_pcallk(L, 2, 0, 0, 0, NULL);
    c->lenient = saved;
    if (status != LUA_OK) {
        free(buffer.bytes);
        *bytes = NULL;
        *size = 0;
        return status;
    }
    *bytes = buffer.bytes;
    *size = buffer.size;
    return LUA_OK;
}

static int lunar_openlibs_k(lua_State *L) {
    static const luaL_Reg libs[] = {
        {LUA_GNAME, luaopen_base},         {LUA_LOADLIBNAME, luaopen_package},
        {LUA_COLIBNAME, luaopen_coroutine}, {LUA_TABLIBNAME, luaopen_table},
        {LUA_STRLIBNAME, luaopen_string},   {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8},    {LUA_OSLIBNAME, luaopen_os},
        {LUA_IOLIBNAME, luaopen_io},        {LUA_DBLIBNAME, luaopen_debug},
        {NULL, NULL}};
    for (const luaL_Reg *lib = libs; lib->func; lib++) {
        luaL_requiref(L, lib->name, lib->func, 1);
        // Patterns run in C, out of the count hook's sight: use the budgeted ones.
        if (lib->func == luaopen_string) lunar_pattern_install(L, -1);
        lua_pop(L, 1);
    }
    // Library functions that loop in C, charged to the budget by the work they do.
    lunar_library_install(L);
    // `pcall` that can stop the debugger where a caught error is raised.
    lunar_debug_install(L);
    return 0;
}

int lunar_openlibs(lua_State *L) {
    lunar_Context *c = lunar_context(L);
    int saved = c->lenient;
    c->lenient = 0;
    lua_pushcfunction(L, lunar_openlibs_k);
    int status = lua_pcallk(L, 0, 0, 0, 0, NULL);
    c->lenient = saved;
    return status;
}

// MARK: - Warnings

static lunar_WarningSink g_warning_sink = NULL;

static void lunar_warnf(void *ud, const char *message, int tocont) {
    if (g_warning_sink) g_warning_sink((lua_State *)ud, message, tocont);
}

void lunar_set_warning_sink(lua_State *L, lunar_WarningSink sink) {
    g_warning_sink = sink;
    lua_setwarnf(L, lunar_warnf, L);
}

// MARK: - Helpers

void lunar_traceback(lua_State *L, lua_State *L1, const char *msg, int level) {
    luaL_traceback(L, L1, msg, level);
}

void lunar_where(lua_State *L, int level) { luaL_where(L, level); }
