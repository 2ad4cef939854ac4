#include "cterminal.h"

#define NCURSES_WIDECHAR 1
#include <errno.h>
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>  // Debian's wide-character build
#else
#include <curses.h>  // macOS: the system's ncurses is the wide build
#endif
#include <signal.h>
#include <string.h>
#include <unistd.h>

// MARK: - Resize wake-up

static volatile sig_atomic_t resize_fd = -1;
static struct sigaction previous_resize_action;
static int resize_watched = 0;

static void run_previous(const struct sigaction *previous, int signal_number, siginfo_t *info, void *context) {
    if (previous->sa_flags & SA_SIGINFO) {
        if (previous->sa_sigaction) previous->sa_sigaction(signal_number, info, context);
    } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN && previous->sa_handler) {
        previous->sa_handler(signal_number);
    }
}

static void on_resize(int signal_number, siginfo_t *info, void *context) {
    int saved_errno = errno;
    run_previous(&previous_resize_action, signal_number, info, context);
    int fd = resize_fd;
    if (fd >= 0) {
        char byte = 1;
        // A full pipe already holds a wake-up; dropping this one loses nothing.
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

int lunar_terminal_watch_resize(int fd) {
    if (resize_watched) lunar_terminal_unwatch_resize();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_resize;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    resize_fd = fd;
    if (sigaction(SIGWINCH, &action, &previous_resize_action) != 0) {
        resize_fd = -1;
        return -1;
    }
    resize_watched = 1;
    return 0;
}

void lunar_terminal_unwatch_resize(void) {
    if (!resize_watched) return;
    sigaction(SIGWINCH, &previous_resize_action, NULL);
    resize_fd = -1;
    resize_watched = 0;
}

// MARK: - Crash restore

static const int crash_signals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE};
#define CRASH_SIGNAL_COUNT (sizeof crash_signals / sizeof crash_signals[0])
static struct sigaction previous_crash_actions[CRASH_SIGNAL_COUNT];
static int crash_handlers_installed = 0;

static void on_crash(int signal_number) {
    // endwin is not formally async-signal-safe; a crashing process has nothing to lose.
    endwin();
    for (unsigned i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        if (crash_signals[i] == signal_number) {
            sigaction(signal_number, &previous_crash_actions[i], NULL);
        }
    }
    // Pending until this handler returns, then delivered to the previous handler.
    raise(signal_number);
}

void lunar_terminal_restore_on_crash(void) {
    if (crash_handlers_installed) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_crash;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    for (unsigned i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        sigaction(crash_signals[i], &action, &previous_crash_actions[i]);
    }
    crash_handlers_installed = 1;
}

void lunar_terminal_release_crash_handlers(void) {
    if (!crash_handlers_installed) return;
    for (unsigned i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        sigaction(crash_signals[i], &previous_crash_actions[i], NULL);
    }
    crash_handlers_installed = 0;
}
