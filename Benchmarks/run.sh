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

# Both programs need the screen to be 80x24, as terminfo says; LINES and COLUMNS would win.
for rows in "$@"; do
  for implementation in "$baseline" "$termelements"; do
    echo "bench: $(basename "$implementation") with $rows rows" >&2
    # shellcheck disable=SC2086  # BENCH_STEPS is two words on purpose.
    if ! env -u LINES -u COLUMNS "$implementation" "$rows" ${BENCH_STEPS:-} >"$run"; then
      echo "bench: $(basename "$implementation") failed with $rows rows" >&2
      exit 1
    fi
    cat "$run"
    cat "$run" >>"$results"
  done
done

for rows in ${BENCH_ALONE_ROWS:-}; do
  echo "bench: $(basename "$termelements") alone with $rows rows" >&2
  # shellcheck disable=SC2086  # BENCH_STEPS is two words on purpose.
  if ! env -u LINES -u COLUMNS "$termelements" "$rows" ${BENCH_STEPS:-} >"$run"; then
    echo "bench: $(basename "$termelements") failed with $rows rows" >&2
    exit 1
  fi
  cat "$run"
  cat "$run" >>"$results"
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

# Ratio lines: TermElements' figure divided by the C baseline's, named after the figure
# without its unit ("scroll_step_cpu_us" gives "scroll_step_cpu_ratio").
awk -F'"' '
  {
    name = $4; impl = $8; rows = $11; value = $13
    gsub(/[^0-9]/, "", rows); gsub(/[^0-9.eE+-]/, "", value)
    key = name SUBSEP rows
    if (!(key in seen)) { seen[key] = 1; order[++count] = key }
    figure[impl, key] = value
  }
  END {
    for (i = 1; i <= count; i++) {
      split(order[i], part, SUBSEP)
      c = figure["c-baseline", order[i]]; t = figure["termelements", order[i]]
      if (c == "" || t == "" || c + 0 == 0) continue
      ratio = part[1]; sub(/_(us|ms|kib)$/, "", ratio)
      format = t / c < 0.1 ? "%.4f" : "%.2f"
      printf "{\"name\":\"%s_ratio\",\"rows\":%s,\"value\":" format "}\n", ratio, part[2], t / c
    }
  }' "$results"

# The table, for people.
awk -F'"' '
  BEGIN {
    label["scroll_step_cpu_us"] = "CPU per one-row step (us)"
    label["page_step_cpu_us"] = "CPU per page step (us)"
    label["scroll_step_bytes"] = "bytes per one-row step"
    label["page_step_bytes"] = "bytes per page step"
    label["first_frame_ms"] = "time to first frame (ms)"
    label["peak_rss_kib"] = "peak RSS (KiB)"
    label["end_jump_cpu_us"] = "CPU per End jump (us)"
    label["row_jump_cpu_us"] = "CPU per scrollToRow (us)"
    label["first_screen_rss_kib"] = "RSS after first frame (KiB)"
    label["visit_scroll_step_cpu_us"] = "visit: CPU per one-row step"
    label["visit_first_screen_rss_kib"] = "visit: RSS after 1st frame"
    label["visit_peak_rss_kib"] = "visit: peak RSS (KiB)"
  }
  {
    name = $4; impl = $8; rows = $11; value = $13
    gsub(/[^0-9]/, "", rows); gsub(/[^0-9.eE+-]/, "", value)
    if (!(name in named)) { named[name] = 1; names[++nameCount] = name }
    if (!(rows in counted)) { counted[rows] = 1; counts[++rowCount] = rows }
    figure[impl, name, rows] = value
  }
  END {
    printf "\n%-28s %10s %14s %14s %8s\n", "figure", "rows", "c-baseline", "termelements", "ratio"
    for (n = 1; n <= nameCount; n++) {
      for (r = 1; r <= rowCount; r++) {
        name = names[n]; rows = counts[r]
        c = figure["c-baseline", name, rows]; t = figure["termelements", name, rows]
        if (c == "" && t == "") continue
        ratio = (c != "" && t != "" && c + 0 != 0) ? sprintf(t / c < 0.1 ? "%.4f" : "%.2f", t / c) : "-"
        printf "%-28s %10s %14s %14s %8s\n", (name in label ? label[name] : name), rows, \
          (c == "" ? "-" : c), (t == "" ? "-" : t), ratio
      }
    }
  }' "$results" >&2
