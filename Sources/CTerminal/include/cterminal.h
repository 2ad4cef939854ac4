// CTerminal: the signal handling of Lunar's terminal renderer, which must be
// async-signal-safe and therefore lives in C.
#ifndef CTERMINAL_H
#define CTERMINAL_H

/// Writes one byte to `fd` on every SIGWINCH, then runs the handler that was
/// installed before (ncurses's, which makes the next get_wch report
/// KEY_RESIZE). The input thread polls `fd`, so a resize wakes it.
/// Returns 0, or -1 with errno set.
int lunar_terminal_watch_resize(int fd);

/// Puts back the SIGWINCH handler that lunar_terminal_watch_resize replaced.
void lunar_terminal_unwatch_resize(void);

/// On a crash (SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE), leaves
/// curses mode so the shell gets a usable terminal back, then lets the
/// previous handler (the Swift backtracer, or the default) deal with it.
void lunar_terminal_restore_on_crash(void);

/// Removes the crash handlers lunar_terminal_restore_on_crash installed.
void lunar_terminal_release_crash_handlers(void);

#endif
