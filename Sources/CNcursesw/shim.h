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
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/* Static inline wrappers for the macros and globals Swift cannot import. */

/** The standard screen window. */
static inline WINDOW *te_stdscr(void) { return stdscr; }

/** The current-screen window, for clearok. */
static inline WINDOW *curscr_pointer(void) { return curscr; }

/** The number of colours the terminal supports, after start_color. */
static inline int te_colors(void) { return COLORS; }

/** The number of colour pairs available, after start_color. */
static inline int te_color_pairs(void) { return COLOR_PAIRS; }

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

/** Columns the C library, and so ncurses, gives a wide character. */
static inline int te_wcwidth(wchar_t c) { return wcwidth(c); }

/** The ncurses version string, such as "ncurses 6.4.20221231". */
static inline const char *te_curses_version(void) { return curses_version(); }

/** Mouse masks: they are built by function-like macros. */
static inline mmask_t te_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t te_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t te_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t te_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t te_button5_pressed(void) {
#ifdef BUTTON5_PRESSED
  return BUTTON5_PRESSED;
#else
  return 0;
#endif
}

/** The terminal's size from the kernel, for SIGWINCH; returns 0 on success. */
static inline int te_window_size(int fd, int *height, int *width) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
  *height = size.ws_row;
  *width = size.ws_col;
  return 0;
}

/* Crashes (a trap from fatalError, an abort, a bad access) give the terminal back before the
   process dies, so that the shell is usable and the crash message readable. This is C because
   a signal handler may only call what is async-signal-safe, and because a fault must be
   handled on the thread that made it, where Dispatch cannot serve it. The handler that was
   there before (such as the Swift runtime's backtracer) still runs, once the terminal is given
   back; then the process dies by the signal. Removing puts the previous handlers back.
   The saved handlers are static, so only one Swift file (CursesScreen.swift) may call these
   functions: every object file that uses a static function gets its own copy. */

/** The handler that was in place for `signo` before the crash handlers. */
static inline struct sigaction *te_previous_crash_action(int signo) {
  static struct sigaction previous[NSIG];
  return &previous[signo];
}

static void te_crash_handler(int signo, siginfo_t *info, void *context) {
  endwin();
  struct sigaction *previous = te_previous_crash_action(signo);
  if (previous->sa_flags & SA_SIGINFO) {
    if (previous->sa_sigaction != NULL) previous->sa_sigaction(signo, info, context);
  } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
    previous->sa_handler(signo);
  }
  signal(signo, SIG_DFL);
  raise(signo);
}

/** Installs (1) or removes (0) the crash handlers for SIGILL, SIGTRAP, SIGABRT, SIGBUS,
    SIGFPE and SIGSEGV; they stay until every install has been matched by a remove. */
static inline void te_set_crash_handlers(int install) {
  static int installs = 0;
  int signals[] = {SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV};
  if (install ? installs++ > 0 : installs == 0 || --installs > 0) return;
  for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
    int signo = signals[i];
    if (install) {
      struct sigaction action;
      action.sa_sigaction = te_crash_handler;
      sigemptyset(&action.sa_mask);
      action.sa_flags = SA_SIGINFO | SA_ONSTACK;
      sigaction(signo, &action, te_previous_crash_action(signo));
    } else {
      sigaction(signo, te_previous_crash_action(signo), NULL);
    }
  }
}

static void te_atexit_handler(void) {
  if (!isendwin()) endwin();
}

/** Gives the terminal back if the program calls exit() while curses is active. */
static inline void te_install_atexit(void) {
  static int installed = 0;
  if (!installed) {
    installed = 1;
    atexit(te_atexit_handler);
  }
}

/** Whether terminfo knows `term`: 1 yes, 0 unknown, -1 no terminfo database. */
static inline int te_terminal_known(const char *term) {
  int error = 0;
  TERMINAL *saved = cur_term;
  if (setupterm((char *)term, 1, &error) != OK) return error == 0 ? 0 : -1;
  del_curterm(cur_term);
  set_curterm(saved);
  return 1;
}

#endif
