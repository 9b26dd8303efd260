/*
 * baseline.c: the hand-written C ncursesw list that TermElements is measured against.
 *
 * It is the "physical limit" yardstick of GUIDE.md: N rows held in memory, and only the 24
 * visible lines of an 80x24 screen drawn, with one mvaddnstr per line and one doupdate() per
 * frame. ncurses' output goes to a temporary file so that the bytes it emits can be counted;
 * its input is /dev/null.
 *
 * The workload is the same as Benchmarks/TermElementsBench (see TermElementsBench.swift there), step for
 * step:
 *
 *   - Row i (counting from 0) reads "Row <i>  <name>", the name cycling through NAMES below.
 *   - One row is selected and shown in reverse video across the whole line (A_REVERSE), as
 *     TermElements highlights its selection; every other line is plain.
 *   - Every frame draws all 24 visible lines into stdscr, then wnoutrefresh + doupdate, so
 *     ncurses works out what changed and may scroll the terminal. A line is the row's text
 *     (mvaddnstr) and clrtoeol(); the selected line then gets mvchgat(A_REVERSE) to its end.
 *     That leaves exactly the cells TermElements' frame has (it writes the rest of a line as
 *     spaces), so both make ncurses emit the same bytes; writing the 80 columns out as
 *     text and spaces, as TermElements' CursesScreen does, would cost this side about twice
 *     the CPU, because ncursesw converts every byte of an addnstr.
 *
 * Steps, the same on both sides:
 *
 *   - First frame: top row 0, row 0 selected. Time to first frame is wall-clock time
 *     (CLOCK_MONOTONIC) from main() entry, building the rows included, to the return of that
 *     first doupdate().
 *   - Setup: 23 "down" presses move the selection, without scrolling, to the bottom line.
 *   - One-row scroll step ("down" with the selection on the bottom line): the top row and
 *     the selected row both move down by one, so the screen scrolls one line and the
 *     highlight moves from the new line 22 to line 23. After 200 warm-up steps, 2,000 steps
 *     are measured.
 *   - Page step ("PgDn" with the selection on the bottom line): the top row and the selected
 *     row both move down by 23, the selection staying on the bottom line. After 50 warm-up
 *     steps, 500 are measured.
 *   - Whenever the next step would run past the last row, the list is reset, unmeasured:
 *     "Home" (top row 0, row 0 selected, one frame), then 23 "down" presses (one frame each).
 *
 * A measured step is the state change, the drawing of the frame and the doupdate(). Its CPU
 * time is CLOCK_PROCESS_CPUTIME_ID before and after; its bytes are the growth of the output
 * file (fflush, then ftell). Figures are medians. Peak RSS is getrusage's ru_maxrss, in KiB.
 *
 * Usage: baseline ROWS [SCROLL_STEPS [PAGE_STEPS]]
 * Output: JSON lines on standard output, one figure each.
 * Build:  cc -O2 -o baseline baseline.c -lncursesw   (make bench does it)
 */
#define _XOPEN_SOURCE_EXTENDED 1
#define _GNU_SOURCE 1

#include <locale.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

/* The screen: 80 columns, 24 lines, every line for the list. */
enum { WIDTH = 80, HEIGHT = 24, PAGE = HEIGHT - 1 };

/* Steps before measuring, and measured by default. */
enum { SCROLL_WARMUP = 200, SCROLL_STEPS = 2000, PAGE_WARMUP = 50, PAGE_STEPS = 500 };

/* Names the rows cycle through; the same list as the Swift side's. */
static const char *const NAMES[] = {
    "Ada Lovelace", "Grace Hopper",   "Alan Turing", "Edsger Dijkstra",
    "Barbara Liskov", "Ken Thompson", "Dennis Ritchie", "Margaret Hamilton",
};
enum { NAME_COUNT = sizeof NAMES / sizeof NAMES[0] };

/* The rows: row i is rows[i], rows_len[i] bytes, pointing into one arena. */
static char **rows;
static unsigned char *rows_len;
static long row_count;

/* The list's state: the row on line 0 and the selected row. */
static long top;
static long selected;

/* The output file ncurses writes to. */
static FILE *out;

/* Seconds on a clock, as a double. */
static double now(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Bytes ncurses has written to the output file so far. */
static long bytes_written(void) {
  fflush(out);
  return ftell(out);
}

/* Builds the N row strings up front, in one arena, with an array pointing into it. */
static void build_rows(long n) {
  /* "Row " + up to 19 digits + two spaces + the longest name + NUL fits in 48 bytes. */
  size_t arena_size = (size_t)n * 48;
  char *arena = malloc(arena_size > 0 ? arena_size : 1);
  rows = malloc(sizeof *rows * (size_t)(n > 0 ? n : 1));
  rows_len = malloc((size_t)(n > 0 ? n : 1));
  if (!arena || !rows || !rows_len) {
    fprintf(stderr, "baseline: out of memory for %ld rows\n", n);
    exit(1);
  }
  char *cursor = arena;
  for (long i = 0; i < n; i++) {
    int length = sprintf(cursor, "Row %ld  %s", i, NAMES[i % NAME_COUNT]);
    rows[i] = cursor;
    rows_len[i] = (unsigned char)(length < WIDTH ? length : WIDTH);
    cursor += length + 1;
  }
  row_count = n;
}

/* Draws the visible window: one mvaddnstr per line, then one doupdate(). */
static void draw_frame(void) {
  for (int y = 0; y < HEIGHT; y++) {
    long index = top + y;
    if (index < row_count) {
      mvaddnstr(y, 0, rows[index], rows_len[index]);
    } else {
      move(y, 0);
    }
    clrtoeol();
    if (index == selected) mvchgat(y, 0, -1, A_REVERSE, 0, NULL);
  }
  /* Park the hidden cursor where writing the last line to its full width leaves it, as
   * TermElements' CursesScreen does, so that both emit the same bytes. */
  move(HEIGHT - 1, WIDTH - 1);
  wnoutrefresh(stdscr);
  doupdate();
}

/* "Home" then 23 "down" presses: back to the top with the selection on the bottom line. */
static void reset_to_top(void) {
  top = 0;
  selected = 0;
  draw_frame();
  for (int i = 0; i < PAGE && selected + 1 < row_count; i++) {
    selected++;
    draw_frame();
  }
}

/* One step of `lines` rows: the top and selected rows move down together; returns whether it
 * could, having reset first when the list would run out. */
static int step(long lines) {
  if (top + lines + HEIGHT > row_count) {
    reset_to_top();
    if (top + lines + HEIGHT > row_count) return 0;
  }
  top += lines;
  selected += lines;
  draw_frame();
  return 1;
}

/* The measured steps, each in a function of its own that is called from nowhere else, so that
 * `make bench-instructions` can count the instructions of exactly these steps with callgrind's
 * --toggle-collect=measured_scroll_step and --toggle-collect=measured_page_step (see
 * Benchmarks/instructions.sh). noinline keeps the function and its name; the empty asm after
 * the call keeps the compiler from turning it into a jump, so that the function returns
 * through its own ret and callgrind sees it end. */
__attribute__((noinline)) static int measured_scroll_step(void) {
  int stepped = step(1);
  __asm__ volatile("" ::: "memory");
  return stepped;
}

__attribute__((noinline)) static int measured_page_step(void) {
  int stepped = step(PAGE);
  __asm__ volatile("" ::: "memory");
  return stepped;
}

/* Compares doubles, for qsort. */
static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median of n values, which it sorts. */
static double median(double *values, int n) {
  if (n == 0) return 0;
  qsort(values, (size_t)n, sizeof *values, compare);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* The medians of one kind of step. */
struct step_figures {
  double cpu_us;
  double bytes;
};

/* Runs `warmup` then `count` measured steps of `lines` rows. */
static struct step_figures measure_steps(long lines, int warmup, int count) {
  struct step_figures figures = {0, 0};
  double *cpu = malloc(sizeof *cpu * (size_t)count);
  double *bytes = malloc(sizeof *bytes * (size_t)count);
  for (int i = 0; i < warmup; i++) {
    if (!step(lines)) return figures;
  }
  int done = 0;
  for (; done < count; done++) {
    /* A reset is not part of the step: do it before the clocks start. */
    if (top + lines + HEIGHT > row_count) reset_to_top();
    long bytes_before = bytes_written();
    double before = now(CLOCK_PROCESS_CPUTIME_ID);
    if (!(lines == 1 ? measured_scroll_step() : measured_page_step())) break;
    double after = now(CLOCK_PROCESS_CPUTIME_ID);
    cpu[done] = (after - before) * 1e6;
    bytes[done] = (double)(bytes_written() - bytes_before);
  }
  figures.cpu_us = median(cpu, done);
  figures.bytes = median(bytes, done);
  free(cpu);
  free(bytes);
  return figures;
}

/* Prints one figure as a JSON line. */
static void print_figure(const char *name, long n, const char *format, double value) {
  printf("{\"name\":\"%s\",\"impl\":\"c-baseline\",\"rows\":%ld,\"value\":", name, n);
  printf(format, value);
  printf("}\n");
}

int main(int argc, char **argv) {
  double start = now(CLOCK_MONOTONIC);
  if (argc < 2) {
    fprintf(stderr, "usage: %s ROWS [SCROLL_STEPS [PAGE_STEPS]]\n", argv[0]);
    return 2;
  }
  long n = atol(argv[1]);
  int scroll_steps = argc > 2 ? atoi(argv[2]) : SCROLL_STEPS;
  int page_steps = argc > 3 ? atoi(argv[3]) : PAGE_STEPS;
  if (n < HEIGHT + PAGE || scroll_steps < 1 || page_steps < 1) {
    fprintf(stderr, "baseline: need at least %d rows and one step of each kind\n",
            HEIGHT + PAGE);
    return 2;
  }
  build_rows(n);

  setlocale(LC_ALL, "");
  out = tmpfile();
  FILE *in = fopen("/dev/null", "r");
  if (!out || !in) {
    perror("baseline: cannot open the output file or /dev/null");
    return 1;
  }
  /* The same set-up as TermElements' CursesScreen. */
  SCREEN *screen = newterm("xterm-256color", out, in);
  if (!screen) {
    fprintf(stderr, "baseline: newterm failed for xterm-256color\n");
    return 1;
  }
  set_term(screen);
  cbreak();
  noecho();
  nonl();
  intrflush(stdscr, FALSE);
  keypad(stdscr, TRUE);
  nodelay(stdscr, TRUE);
  set_escdelay(25);
  curs_set(0);
  if (has_colors()) {
    start_color();
    use_default_colors();
  }
  mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON4_PRESSED |
                BUTTON5_PRESSED,
            NULL);
  mouseinterval(0);
  if (LINES != HEIGHT || COLS != WIDTH) {
    endwin();
    fprintf(stderr, "baseline: the screen is %dx%d, not %dx%d; unset LINES and COLUMNS\n",
            COLS, LINES, WIDTH, HEIGHT);
    return 1;
  }

  top = 0;
  selected = 0;
  draw_frame();
  double first_frame_ms = (now(CLOCK_MONOTONIC) - start) * 1e3;

  for (int i = 0; i < PAGE; i++) {
    selected++;
    draw_frame();
  }
  struct step_figures scroll = measure_steps(1, SCROLL_WARMUP, scroll_steps);
  struct step_figures page = measure_steps(PAGE, PAGE_WARMUP, page_steps);

  endwin();
  delscreen(screen);
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);

  print_figure("scroll_step_cpu_us", n, "%.2f", scroll.cpu_us);
  print_figure("page_step_cpu_us", n, "%.2f", page.cpu_us);
  print_figure("scroll_step_bytes", n, "%.1f", scroll.bytes);
  print_figure("page_step_bytes", n, "%.1f", page.bytes);
  print_figure("first_frame_ms", n, "%.2f", first_frame_ms);
  print_figure("peak_rss_kib", n, "%.0f", (double)usage.ru_maxrss);
  return 0;
}
