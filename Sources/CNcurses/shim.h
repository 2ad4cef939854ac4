// CNcurses: ncursesw for Swift, with the wide-character API switched on and
// inline wrappers for what Swift cannot import (function-like macros, and the
// global `stdscr`, which Swift 6 would treat as shared mutable state).
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>  // Debian's wide-character build
#else
#include <curses.h>  // macOS: the system's ncurses is the wide build
#endif
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

// Curses on the process's standard streams; NULL when the terminal cannot be used.
static inline SCREEN *lunar_curses_newterm(void) { return newterm(NULL, stdout, stdin); }

// The size the kernel reports for standard output's terminal; 0 on success.
static inline int lunar_curses_window_size(int *rows, int *columns) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

static inline WINDOW *lunar_curses_stdscr(void) { return stdscr; }
static inline int lunar_curses_lines(void) { return LINES; }
static inline int lunar_curses_columns(void) { return COLS; }

static inline int lunar_curses_color_pair(int pair) { return (int)COLOR_PAIR(pair); }
static inline int lunar_curses_colors(void) { return COLORS; }
static inline int lunar_curses_color_pairs(void) { return COLOR_PAIRS; }

// Whether colour numbers beyond a short (direct RGB colours) can be given to a pair:
// ncurses 6.1's extended colours.
#if defined(NCURSES_VERSION_MAJOR) && (NCURSES_VERSION_MAJOR > 6 || (NCURSES_VERSION_MAJOR == 6 && NCURSES_VERSION_MINOR >= 1))
static inline int lunar_curses_has_extended_colors(void) { return 1; }
static inline int lunar_curses_init_pair(int pair, int foreground, int background) {
    return init_extended_pair(pair, foreground, background);
}
#else
static inline int lunar_curses_has_extended_colors(void) { return 0; }
static inline int lunar_curses_init_pair(int pair, int foreground, int background) {
    return init_pair((short)pair, (short)foreground, (short)background);
}
#endif
static inline int lunar_curses_bold(void) { return (int)A_BOLD; }
static inline int lunar_curses_dim(void) { return (int)A_DIM; }
static inline int lunar_curses_reverse(void) { return (int)A_REVERSE; }
static inline int lunar_curses_underline(void) { return (int)A_UNDERLINE; }

// Key codes `get_wch` reports with KEY_CODE_YES, as constants Swift sees as Int32.
enum {
    LUNAR_KEY_CODE_YES = KEY_CODE_YES,
    LUNAR_KEY_DOWN = KEY_DOWN,
    LUNAR_KEY_UP = KEY_UP,
    LUNAR_KEY_LEFT = KEY_LEFT,
    LUNAR_KEY_RIGHT = KEY_RIGHT,
    LUNAR_KEY_HOME = KEY_HOME,
    LUNAR_KEY_END = KEY_END,
    LUNAR_KEY_BACKSPACE = KEY_BACKSPACE,
    LUNAR_KEY_DELETE = KEY_DC,
    LUNAR_KEY_PAGE_DOWN = KEY_NPAGE,
    LUNAR_KEY_PAGE_UP = KEY_PPAGE,
    LUNAR_KEY_ENTER = KEY_ENTER,
    LUNAR_KEY_BACK_TAB = KEY_BTAB,
    LUNAR_KEY_RESIZE = KEY_RESIZE,
};

#endif
