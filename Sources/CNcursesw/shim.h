#ifndef TERMELEMENTS_CNCURSESW_SHIM_H
#define TERMELEMENTS_CNCURSESW_SHIM_H

/* Wide-character ncurses: cchar_t, setcchar, wadd_wch and friends need these first. */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
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

/* The signal self-pipe. Its state is static, so only one Swift file (TerminalSignals.swift)
   may call these functions: every object file that uses a static function gets its own copy.
   Handlers only write the signal number to a pipe, which the run loop
   reads. A second SIGINT, SIGTERM or SIGHUP while the first is pending gives the terminal back
   at once and dies by the signal, so that a stuck program can still be stopped. */
static int te_signal_pipe[2] = {-1, -1};
static volatile sig_atomic_t te_pending_quit = 0;

static void te_signal_handler(int signo) {
  int saved = errno;
  if (signo == SIGINT || signo == SIGTERM || signo == SIGHUP) {
    if (te_pending_quit) {
      endwin();
      signal(signo, SIG_DFL);
      raise(signo);
    }
    te_pending_quit = 1;
  }
  unsigned char byte = (unsigned char)signo;
  if (te_signal_pipe[1] >= 0) {
    ssize_t ignored = write(te_signal_pipe[1], &byte, 1);
    (void)ignored;
  }
  errno = saved;
}

/** Installs `handler` for the signals the run loop handles. */
static inline void te_set_loop_signals(void (*handler)(int)) {
  struct sigaction action;
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  int signals[] = {SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT};
  for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
    sigaction(signals[i], &action, NULL);
  }
}

/** Opens the self-pipe and routes the run loop's signals to it; returns its read end, or -1. */
static inline int te_install_signal_pipe(void) {
  if (te_signal_pipe[0] < 0) {
    if (pipe(te_signal_pipe) != 0) return -1;
    for (int i = 0; i < 2; i++) {
      fcntl(te_signal_pipe[i], F_SETFL, fcntl(te_signal_pipe[i], F_GETFL) | O_NONBLOCK);
      fcntl(te_signal_pipe[i], F_SETFD, FD_CLOEXEC);
    }
  }
  te_pending_quit = 0;
  te_set_loop_signals(te_signal_handler);
  return te_signal_pipe[0];
}

/** Puts the default handlers back. */
static inline void te_remove_signal_handlers(void) { te_set_loop_signals(SIG_DFL); }

/** Raises `signo` in this thread with it unblocked, so that it takes effect even on a thread
    (such as a Dispatch worker) that blocks it. */
static inline void te_raise_unblocked(int signo) {
  sigset_t set, old;
  sigemptyset(&set);
  sigaddset(&set, signo);
  pthread_sigmask(SIG_UNBLOCK, &set, &old);
  raise(signo);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/** Stops the process as Ctrl-Z would, after the caller has given the terminal back; returns
    when the shell continues it with fg, with the previous SIGTSTP handler back in place. */
static inline void te_stop_process(void) {
  struct sigaction stop, saved;
  stop.sa_handler = SIG_DFL;
  sigemptyset(&stop.sa_mask);
  stop.sa_flags = 0;
  sigaction(SIGTSTP, &stop, &saved);
  te_raise_unblocked(SIGTSTP);
  sigaction(SIGTSTP, &saved, NULL);
}

/** Dies by `signo` with its default action, for a conventional exit status. */
static inline void te_die_by_signal(int signo) {
  signal(signo, SIG_DFL);
  te_raise_unblocked(signo);
}

/* Crashes (a trap from fatalError, an abort, a bad access) give the terminal back before the
   process dies, so that the shell is usable and the crash message readable. */
static void te_crash_handler(int signo) {
  endwin();
  signal(signo, SIG_DFL);
  raise(signo);
}

/** Installs (1) or removes (0) the crash handlers. */
static inline void te_set_crash_handlers(int install) {
  int signals[] = {SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV};
  for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
    signal(signals[i], install ? te_crash_handler : SIG_DFL);
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
