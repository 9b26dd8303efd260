#ifndef TERMELEMENTS_CNCURSESW_SHIM_H
#define TERMELEMENTS_CNCURSESW_SHIM_H

/* Wide-character ncurses: cchar_t, setcchar, wadd_wch and friends need these first. */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <ncursesw/curses.h>

/* Static inline wrappers for the macros and globals Swift cannot import. */

/** The standard screen window. */
static inline WINDOW *te_stdscr(void) { return stdscr; }

/** The number of colours the terminal supports, after start_color. */
static inline int te_colors(void) { return COLORS; }

/** The number of colour pairs available, after start_color. */
static inline int te_color_pairs(void) { return COLOR_PAIRS; }

/** The screen's lines. */
static inline int te_lines(void) { return LINES; }

/** The screen's columns. */
static inline int te_cols(void) { return COLS; }

/** The attribute bits of colour pair n. */
static inline attr_t te_color_pair(int n) { return (attr_t)COLOR_PAIR(n); }

/** Attribute constants. */
static inline attr_t te_a_normal(void) { return A_NORMAL; }
static inline attr_t te_a_bold(void) { return A_BOLD; }
static inline attr_t te_a_dim(void) { return A_DIM; }
static inline attr_t te_a_reverse(void) { return A_REVERSE; }
static inline attr_t te_a_underline(void) { return A_UNDERLINE; }

/** Key codes that are macros in curses.h. */
static inline int te_key_resize(void) { return KEY_RESIZE; }
static inline int te_key_mouse(void) { return KEY_MOUSE; }

/** Window size: getmaxyx is a macro. */
static inline void te_getmaxyx(WINDOW *win, int *y, int *x) {
  int yy, xx;
  getmaxyx(win, yy, xx);
  *y = yy;
  *x = xx;
}

/** Builds a cchar_t from up to CCHARW_MAX wide characters; returns ERR on failure. */
static inline int te_setcchar(cchar_t *cell, const wchar_t *chars, attr_t attrs, int pair) {
  return setcchar(cell, chars, attrs, (short)pair, NULL);
}

/** The maximum number of wide characters in one cchar_t (base plus combining marks). */
static inline int te_ccharw_max(void) { return CCHARW_MAX; }

/** The ncurses version string, such as "ncurses 6.4.20221231". */
static inline const char *te_curses_version(void) { return curses_version(); }

#endif
