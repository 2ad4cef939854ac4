// CLunar: the C side of Lunar's Lua bridge.
//
// Swift cannot import Lua's function-like macros or variadic functions, and a
// Lua error (a longjmp) must never skip a Swift frame. This target holds:
//   - inline wrappers for the macros Swift needs,
//   - the trampoline through which Lua calls every bridged Swift function: the
//     Swift dispatcher returns a status and the trampoline raises or yields
//     after Swift has returned,
//   - the capped allocator, the instruction-budget hook and the message handler
//     used by protected calls.
#ifndef CLUNAR_H
#define CLUNAR_H

#include <stddef.h>
#include <stdint.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

// MARK: - Macro wrappers

static inline int lunar_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int lunar_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void lunar_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void lunar_newtable(lua_State *L) { lua_newtable(L); }
static inline int lunar_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline void lunar_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void lunar_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void lunar_replace(lua_State *L, int i) { lua_replace(L, i); }
static inline void *lunar_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 1); }
static inline int lunar_upvalue_count_max(void) { return 255; }

// MARK: - Trampoline

/// What a Swift dispatcher returns to the trampoline.
/// n >= 0: return n results. LUNAR_RAISE: raise the value on top of the stack.
/// LUNAR_RAISE_WHERE: raise the string on top, prefixed with the caller's
/// "file:line:". n <= LUNAR_YIELD_BASE: yield (LUNAR_YIELD_BASE - n) values.
#define LUNAR_RAISE (-1)
#define LUNAR_RAISE_WHERE (-2)
#define LUNAR_YIELD_BASE (-3)

/// The one Swift entry point for every bridged function. It must never raise.
/// `function` is the pointer stored in the closure's first upvalue (a full
/// userdata holding an opaque Swift object pointer).
typedef int (*lunar_Dispatcher)(lua_State *L, void *function);

/// Pushes the marker that, as the first value given to lua_resume, makes an
/// awaiting bridged function raise the second value instead of returning.
void lunar_push_error_sentinel(lua_State *L);

/// Installs the process-wide dispatcher (set once, before any state exists).
void lunar_set_dispatcher(lunar_Dispatcher dispatcher);

/// The userdata a bridged function's closure owns (its first upvalue).
/// `object` comes first, so code that reads a box as `void **` sees it.
///
/// `after_ref`: LUA_NOREF, or a registry reference to a Lua function (or an
/// array of them) the trampoline calls after every call of this function
/// (the interceptors' fast path for script `after` hooks): `(true, results...)`,
/// or `(false, err)` before the error is raised, each protected; a failing
/// hook goes to the hook-failure handler and the others go on. The reference
/// is read when the call starts, so hooks changed during the call apply from
/// the next one; whoever sets the reference keeps it valid until then.
typedef struct lunar_FunctionBox {
    void *object;
    int after_ref;
} lunar_FunctionBox;

/// Pushes a C closure that calls the dispatcher with `function`. The closure
/// owns a userdata holding `function`; `gc_metatable_ref` (a registry
/// reference to a metatable with __gc) is attached so the Swift side can
/// release the object when Lua collects the closure. Must run protected or in
/// lenient memory mode: it allocates. Returns the box (valid until the
/// closure is collected).
lunar_FunctionBox *lunar_pushfunction(lua_State *L, void *function, int gc_metatable_ref);

/// Called with a failed after-hook's error on top of the stack (to pop), the
/// function's object and the lunar_pcall status; must never raise.
typedef void (*lunar_HookFailureHandler)(lua_State *L, void *function, int status);
void lunar_set_hook_failure_handler(lunar_HookFailureHandler handler);

// MARK: - Subject lanes

/// The shared state of a subject lane: values a script sends into a subject whose subscribers
/// are all Lua steps go from Lua straight to those steps, without a call into Swift.
/// `enabled`: the lane may be used (Swift keeps it in step with the subscribers).
/// `busy`: a delivery is under way (the lane's or Swift's); a send now takes the slow path,
/// where Swift queues it. `pending`: Swift queued events while the lane delivered; the lane
/// asks Swift to deliver them when it is done.
typedef struct lunar_Lane {
    const void *tag;
    int enabled;
    int busy;
    int pending;
} lunar_Lane;

/// Pushes a new lane: a userdata with one user value, the array of the lane's entries (each a
/// table `{ step, id }`; `step` is false once that subscription has ended). `tag` marks it as a
/// lane; leave it as set.
lunar_Lane *lunar_newlane(lua_State *L);

/// A subject's `send(self, value)` in front of the Swift method. Upvalues: 1 the Swift `send`
/// (the slow path), 2 `failed(self, id, status, err)` for a step's error, 3 `drain(self)` for
/// what Swift queued meanwhile. The lane is the subject userdata's first user value.
int lunar_lane_send(lua_State *L);

/// Reads the opaque pointer stored in a userdata created by lunar_pushobject;
/// NULL if the value at idx is not such a userdata (function boxes are read
/// with lunar_tobridged).
void *lunar_toboxed(lua_State *L, int idx);

/// The opaque pointer of a bridged function (a closure made by
/// lunar_pushfunction) at idx; NULL for any other value. Never raises.
void *lunar_tobridged(lua_State *L, int idx);

/// Pushes a full userdata holding `object` with the metatable held at registry
/// reference `metatable_ref`.
void lunar_pushobject(lua_State *L, void *object, int metatable_ref);

/// Clears the pointer inside a boxed userdata (after its __gc released it).
void lunar_clearboxed(lua_State *L, int idx);

/// Releases a Swift object stored in a box (called from __gc; never raises).
typedef void (*lunar_Releaser)(void *object);
void lunar_set_releaser(lunar_Releaser releaser);

/// Pushes the __gc function for boxes: it clears the box and calls the releaser.
void lunar_pushgchandler(lua_State *L);

// MARK: - Debugging

typedef struct lunar_Context lunar_Context;

/// A file's line breakpoints: `source` is the chunk name (`@screens/login.lua`), `lines` sorted.
typedef struct lunar_DebugFile {
    char *source;
    int *lines;
    int count;
} lunar_DebugFile;

/// What the debugger keeps in a state's context; all zero when no debugger is attached.
///
/// While attached, the hook also sees calls and returns; line events are on only in functions
/// whose source and line range hold a breakpoint, or while a step or pause is under way.
/// Written on the executor only, except `pause` (any thread, atomically).
typedef struct lunar_DebugState {
    int mask;                 // LUA_MASKCALL | LUA_MASKRET while attached, else 0
    int step;                 // LUNAR_STEP_*
    int step_depth;           // stack depth the step started at
    lua_State *step_thread;   // the thread the step started on (over and out stay on it)
    int pause;                // asked for from any thread; the next count or call event starts a pause step
    int exceptions;           // LUNAR_BREAK_UNCAUGHT | LUNAR_BREAK_ALL
    int stopped;              // the handler is running: no nested stops
    // The thread whose last event was a call that left its line events as they were, and no
    // event changed any since: its next return goes back to a caller that needs the same (a
    // leaf returned), so the return has nothing to decide. Cleared wherever an error is caught
    // (a caught error skips the returns of the frames it unwinds).
    lua_State *leaf;
    lunar_DebugFile *files;
    int file_count;
} lunar_DebugState;

#define LUNAR_STEP_NONE 0
#define LUNAR_STEP_IN 1
#define LUNAR_STEP_OVER 2
#define LUNAR_STEP_OUT 3
#define LUNAR_STEP_PAUSE 4

#define LUNAR_BREAK_UNCAUGHT 1
#define LUNAR_BREAK_ALL 2

/// Events given to the debug handler (or-ed for a line event).
#define LUNAR_DEBUG_BREAKPOINT 1
#define LUNAR_DEBUG_STEP 2
#define LUNAR_DEBUG_EXCEPTION 4

/// Called on the executor, inside a hook or a message handler, when Lua may have to stop:
/// a line with a breakpoint, a step or pause due, or an error raised (its value on top of the
/// stack). Level 0 of `L` is the function at `line` (for an exception, the handler: the
/// failing function is further up). It must never raise; it may block (the app pauses) and
/// run protected calls. `running` is set while it runs, so no stop nests in it.
typedef void (*lunar_DebugHandler)(lua_State *L, int event, int line);
void lunar_set_debug_handler(lunar_DebugHandler handler);

/// Attaches (1) or detaches (0) the debugger: turns the call and return events on or off
/// for `L` now and for other threads at their next count event. Detaching also drops every
/// breakpoint, step and pause.
void lunar_debug_attach(lua_State *L, int attached);

/// Replaces the breakpoints of `source` with `lines` (`count` 0 removes them). Line events
/// follow at the next call or return.
void lunar_debug_set_lines(lua_State *L, const char *source, const int *lines, int count);

/// Arms a step (LUNAR_STEP_*) from the stopped thread `L`, before its handler returns.
void lunar_debug_step(lua_State *L, int mode);

/// Asks the running script to pause at its next line (thread-safe).
void lunar_debug_pause(lunar_Context *context);
/// Whether a pause was asked for and no stop has taken it yet; and forgets it (thread-safe).
int lunar_debug_pause_pending(lunar_Context *context);
void lunar_debug_clear_pause(lunar_Context *context);

/// Which errors stop: LUNAR_BREAK_UNCAUGHT (those reaching the host), LUNAR_BREAK_ALL (also
/// those a script's `pcall` catches).
void lunar_debug_set_exceptions(lua_State *L, int exceptions);

/// The number of stack levels of `L`.
int lunar_debug_depth(lua_State *L);

// MARK: - Context (memory cap, instruction budget, owner)

/// Per-state bookkeeping, used as the allocator's user data so every thread of
/// a state reaches it through lua_getallocf.
///
/// Memory: `limit == 0` means no cap. While `lenient > 0` (a Swift frame is on
/// the stack) allocations are never refused, so no Lua API call made from Swift
/// can raise a memory error; the trampoline enforces the cap when Swift returns.
///
/// Budget: `remaining < 0` means unlimited. `interrupt` and `interrupt_reason`
/// are written by lunar_budget_interrupt from any thread (the reason first, then
/// the flag with release order) and read only after an acquire load of the flag;
/// one interrupter at a time. Once tripped the hook stays armed with count 1
/// ("sticky") so a script cannot swallow the stop with pcall; the host resets it per call,
/// except after lunar_budget_stop (`stopped`), which every later call keeps: the hook and the
/// trampoline read `stopped` as well as `interrupt`, so a stop that races a reset is never lost.
/// Every trip after the first in a host call raises the first one's `message`,
/// so Lua code that caught the stop cannot replace where the script was stopped.
///
/// Work done inside C is charged too: the allocator charges large allocations
/// (bytes produced) and Lunar's versions of the library functions that loop
/// charge their elements and bytes (docs/swift-host.md, "Limits"). The allocator
/// cannot raise, so when its charge exhausts the budget it arms `running` (the
/// Lua thread that last ran, as far as Lunar saw: NULL when unknown or freed) to
/// stop at its next instruction.
struct lunar_Context {
    size_t used;
    size_t limit;
    size_t peak;
    int lenient;
    long long remaining;
    int granularity;
    int interrupt;
    int stopped;
    int stop_claimed;         // the first lunar_budget_stop's: only it writes the reason
    int tripped;
    char reason[128];
    char message[384];
    char interrupt_reason[128];
    void *owner;
    lua_State *running;
    lunar_DebugState debug;
};

/// Creates a state whose allocator accounts into `context`. NULL if out of memory.
lua_State *lunar_newstate(lunar_Context *context);
lunar_Context *lunar_context(lua_State *L);

/// Arms the instruction-count hook on L (new threads inherit it).
void lunar_arm_budget(lua_State *L);
/// Starts a host call: clears a trip, sets the budget (< 0: unlimited).
void lunar_budget_reset(lua_State *L, long long instructions);
/// Asks the running script to stop with `reason` (thread-safe flag).
void lunar_budget_interrupt(lunar_Context *context, const char *reason);
/// lunar_budget_interrupt for good (thread-safe): later host calls stop at their first
/// instruction with the same reason, for a state whose owner is gone (a closed web tab).
void lunar_budget_stop(lunar_Context *context, const char *reason);
/// Charges work done inside a C function called by Lua (which the count hook
/// cannot see) to the budget. When the budget is exhausted, or a stop was
/// asked for, raises the hook's error, blaming the calling Lua function.
/// Charging 0 only checks (a budget the allocator exhausted, an interrupt).
void lunar_budget_charge(lua_State *L, long long instructions);
/// Charges work done by a bridged function's Swift body without raising (Swift frames are
/// active): returns 1 when the call must stop (the budget is spent, a stop was asked for or
/// already raised). The trampoline raises the stop when the body returns, at the script's line.
int lunar_budget_take(lunar_Context *context, long long instructions);

/// How the chunk names of the runtime's own Lua begin (LuaSource: "=" + a `lunar.*` name: the
/// sandbox's prelude, the Lua-written modules, the host's helpers). A budget stop inside one
/// (a shim in front of a library function, a render during `nav.push`) blames the script line
/// that called it.
#define LUNAR_RUNTIME_CHUNK_PREFIX "=lunar."

/// Allocations of at least this many bytes that grow a block charge the growth
/// to the budget, one instruction per LUNAR_BYTES_PER_INSTRUCTION bytes.
#define LUNAR_CHARGED_ALLOCATION 256
#define LUNAR_BYTES_PER_INSTRUCTION 16

// MARK: - Protected calls

/// Puts the message handler in slot 1 of L's stack, where lunar_pcall finds
/// it (call once on an empty main thread; never pop below slot 1 after).
void lunar_install_msgh(lua_State *L);

/// lua_pcall with a message handler that records the traceback and the first
/// Lua frame's source:line in the registry (read with lunar_last_error_info).
/// Also turns on strict memory mode for the duration of the call.
int lunar_pcall(lua_State *L, int nargs, int nresults);

/// lunar_begin_call's `budget` for a call nested in another host call: the
/// running turn's budget goes on.
#define LUNAR_KEEP_BUDGET (-2LL)

/// Starts a call from the host: resets the instruction budget to `budget` (as
/// lunar_budget_reset; LUNAR_KEEP_BUDGET leaves it), makes room for `nargs`
/// arguments, pushes the message handler (unless slot 1 holds it, as on the
/// main thread; `*handler` says where it is) and the function held at
/// registry reference `ref`, and returns the stack top from before (to
/// restore); -1 when there is no room.
int lunar_begin_call(lua_State *L, int ref, int nargs, long long budget, int *handler);

/// lunar_pcall for a call started by lunar_begin_call, with the handler index
/// it gave: no stack shuffling. A pushed handler stays where it is (below the
/// results, or below the error); the caller's settop removes it.
int lunar_pcallh(lua_State *L, int nargs, int nresults, int handler);

/// lua_resume with the same memory-mode handling; on error the traceback of
/// the coroutine is recorded like lunar_pcall does.
int lunar_resume(lua_State *co, lua_State *from, int nargs, int *nresults);

/// After a failed lunar_pcall/lunar_resume: pushes the traceback string (or
/// nil) and the "source:line" of the failing Lua frame (or nil).
void lunar_push_last_error_info(lua_State *L);

/// Loads a text chunk (binary chunks refused). Memory mode strict.
int lunar_loadtext(lua_State *L, const char *buffer, size_t size, const char *chunkname);

/// Loads a chunk in `mode` ("t": text only, "b": binary only). Memory mode strict.
/// Only modules of a verified bundle are ever loaded with "b".
int lunar_loadchunk(lua_State *L, const char *buffer, size_t size, const char *chunkname, const char *mode);

/// Dumps the Lua function on top of the stack as a binary chunk, debug
/// information kept (so errors still say file:line), into a buffer from
/// `malloc` that the caller frees. Runs protected; leaves the stack as it was.
/// Returns a Lua status; on failure the message is on the stack.
int lunar_dump(lua_State *L, char **bytes, size_t *size);

/// Protected `luaL_openlibs`-style set-up of the listed standard libraries.
/// Returns a Lua status; the error message is on the stack on failure.
int lunar_openlibs(lua_State *L);


/// Installs a warning function that forwards to the dispatcher-side handler.
typedef void (*lunar_WarningSink)(lua_State *L, const char *message, int tocont);
void lunar_set_warning_sink(lua_State *L, lunar_WarningSink sink);

// MARK: - Helpers written in C for speed

/// Builds a traceback string for L starting at `level` and pushes it.
void lunar_traceback(lua_State *L, lua_State *L1, const char *msg, int level);

/// Pushes "source:line:" for stack level `level` (or "" when unknown).
void lunar_where(lua_State *L, int level);

#endif
