#!/bin/sh
# run.sh: runs the C baseline and termelements-bench for each row count and prints the figures.
#
# Usage: Benchmarks/run.sh BASELINE TERMELEMENTS_BENCH ROWS...
#
# Each implementation runs in its own process per row count, so that peak RSS belongs to one
# run; the two alternate, so that both see the same machine. Standard output gets every figure
# as a JSON line, then one ratio line (TermElements / C) per figure and row count. Standard
# error gets progress and, at the end, a table of the same figures for people.
#
# BENCH_STEPS, if set, is passed on as "SCROLL_STEPS PAGE_STEPS" (default: 2000 500).
# BENCH_ALONE_ROWS, if set, lists row counts run by TermElements alone after the pairs: counts
# the C baseline cannot hold, such as 1000000000.
# BENCH_VISIT, if set, is "ROWS SCROLL_STEPS": one more TermElements run of that many one-row
# steps (and 10 page steps), whose RSS right after the first frame, peak RSS and one-row step
# are printed as visit_first_screen_rss_kib, visit_peak_rss_kib and visit_scroll_step_cpu_us.
set -eu

if [ $# -lt 3 ]; then
  echo "usage: $0 BASELINE TERMELEMENTS_BENCH ROWS..." >&2
  exit 2
fi
baseline=$1
termelements=$2
shift 2

results=$(mktemp "${TMPDIR:-/tmp}/bench.XXXXXX")
run=$(mktemp "${TMPDIR:-/tmp}/bench-run.XXXXXX")
trap 'rm -f "$results" "$run"' EXIT

# Runs implementation $1 with $2 rows, saying so with $3 ("" or " alone"), and keeps its
# figures. Both programs need the screen to be 80x24, as terminfo says; LINES and COLUMNS
# would win.
run_one() {
  echo "bench: $(basename "$1")$3 with $2 rows" >&2
  # shellcheck disable=SC2086  # BENCH_STEPS is two words on purpose.
  if ! env -u LINES -u COLUMNS "$1" "$2" ${BENCH_STEPS:-} >"$run"; then
    echo "bench: $(basename "$1") failed with $2 rows" >&2
    exit 1
  fi
  cat "$run"
  cat "$run" >>"$results"
}

for rows in "$@"; do
  run_one "$baseline" "$rows" ""
  run_one "$termelements" "$rows" ""
done

for rows in ${BENCH_ALONE_ROWS:-}; do
  run_one "$termelements" "$rows" " alone"
done

if [ -n "${BENCH_VISIT:-}" ]; then
  echo "bench: $(basename "$termelements") visiting rows one step at a time: $BENCH_VISIT" >&2
  # shellcheck disable=SC2086  # BENCH_VISIT is two words on purpose.
  if ! env -u LINES -u COLUMNS "$termelements" $BENCH_VISIT 10 >"$run"; then
    echo "bench: $(basename "$termelements") failed visiting $BENCH_VISIT" >&2
    exit 1
  fi
  grep -E '"(first_screen_rss_kib|peak_rss_kib|scroll_step_cpu_us)"' "$run" \
    | sed 's/"name":"/"name":"visit_/' | tee -a "$results"
fi

# Ratio lines, then the table for people (see figures.awk).
figures_awk=$(dirname "$0")/figures.awk
awk -F'"' -v mode=ratios -f "$figures_awk" "$results"
awk -F'"' -v mode=table -f "$figures_awk" "$results" >&2
