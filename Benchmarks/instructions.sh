#!/bin/sh
# instructions.sh: counts, with callgrind, the instructions of the C baseline's and
# termelements-bench's measured steps for each row count, and prints the figures.
#
# Usage: Benchmarks/instructions.sh BASELINE TERMELEMENTS_BENCH ROWS...
#
# As in run.sh, each implementation runs in its own process per row count, and the two
# alternate. Each runs under `valgrind --tool=callgrind --collect-atstart=no` with
# --toggle-collect on the two functions that wrap its measured steps: a
# one-row step and a page step, each called only from the measured loop (measured_scroll_step
# and measured_page_step in baseline.c, Run.measuredScrollStep() and Run.measuredPageStep() in
# termelements-bench). Building the rows, ncurses' set-up, the first frame, the warm-up steps,
# the resets, the clocks and termelements-bench's checks are not counted. The figures are a
# wrapper's instructions, everything it calls included, divided by its calls.
#
# Standard output gets every figure as a JSON line, then one ratio line (TermElements / C) per
# figure and row count. Standard error gets progress and, at the end, a table of the same
# figures for people. The programs' own timed figures, meaningless under callgrind, are dropped.
#
# BENCH_STEPS, if set, is passed on as "SCROLL_STEPS PAGE_STEPS" (default: 200 50, fewer than
# make bench's since callgrind runs the programs some 50 times slower).
set -eu

if [ $# -lt 3 ]; then
  echo "usage: $0 BASELINE TERMELEMENTS_BENCH ROWS..." >&2
  exit 2
fi
if ! command -v valgrind >/dev/null 2>&1; then
  echo "error: valgrind not found: install the Debian package valgrind (apt-get install valgrind)" >&2
  exit 1
fi
baseline=$1
termelements=$2
shift 2

# The two step counts, from BENCH_STEPS.
read -r scroll_steps page_steps extra <<EOF
${BENCH_STEPS:-200 50}
EOF
# Whether $1 is a positive whole number.
is_count() {
  case $1 in
    '' | *[!0-9]* | 0*) return 1 ;;
  esac
}
if [ -n "$extra" ] || ! is_count "$scroll_steps" || ! is_count "$page_steps"; then
  echo "bench-instructions: BENCH_STEPS must be two positive whole numbers, such as \"200 50\"" >&2
  exit 2
fi

results=$(mktemp "${TMPDIR:-/tmp}/bench-instructions.XXXXXX")
profile=$(mktemp "${TMPDIR:-/tmp}/bench-callgrind.XXXXXX")
figures=$(mktemp "${TMPDIR:-/tmp}/bench-figures.XXXXXX")
trap 'rm -f "$results" "$profile" "$figures"' EXIT

# The functions that wrap the measured steps: a one-row step, then a page step.
c_scroll=measured_scroll_step
c_page=measured_page_step
swift_scroll="\$s17TermElementsBench3RunC18measuredScrollStepyyF"
swift_page="\$s17TermElementsBench3RunC16measuredPageStepyyF"

for rows in "$@"; do
  for impl in c-baseline termelements; do
    if [ "$impl" = c-baseline ]; then
      implementation=$baseline scroll=$c_scroll page=$c_page
    else
      implementation=$termelements scroll=$swift_scroll page=$swift_page
    fi
    echo "bench-instructions: $(basename "$implementation") with $rows rows, under callgrind" >&2
    # Both programs need the screen to be 80x24, as terminfo says; LINES and COLUMNS would win.
    # Swift's hashing is made deterministic, so that two runs hash alike.
    if ! env -u LINES -u COLUMNS SWIFT_DETERMINISTIC_HASHING=1 \
      valgrind --quiet --tool=callgrind --callgrind-out-file="$profile" \
      --collect-atstart=no --toggle-collect="$scroll" --toggle-collect="$page" \
      --compress-strings=no --compress-pos=no \
      "$implementation" "$rows" "$scroll_steps" "$page_steps" >/dev/null; then
      echo "bench-instructions: $(basename "$implementation") failed with $rows rows" >&2
      exit 1
    fi
    # With uncompressed names, a call from the measured loop to a wrapper reads
    # "cfn=NAME", "calls=COUNT ...", then a line whose last field is the instructions of those
    # calls, everything they called included. Those must add up to the profile's total, or
    # something other than the wrappers was counted.
    if ! awk -v scroll="$scroll" -v page="$page" -v impl="$impl" -v rows="$rows" \
      -v scroll_steps="$scroll_steps" -v page_steps="$page_steps" '
      /^cfn=/ { callee = substr($0, 5); next }
      /^calls=/ {
        split(substr($0, 7), part, " "); count = part[1]; arc = 1; next
      }
      arc {
        arc = 0
        if (callee == scroll) { scroll_calls += count; scroll_ir += $NF }
        else if (callee == page) { page_calls += count; page_ir += $NF }
        next
      }
      /^totals:/ { total = $2 }
      END {
        if (scroll_calls != scroll_steps || page_calls != page_steps) {
          printf "bench-instructions: %s made %d one-row and %d page steps under callgrind, " \
            "expected %d and %d\n", impl, scroll_calls, page_calls, scroll_steps, \
            page_steps > "/dev/stderr"
          exit 1
        }
        if (scroll_ir + page_ir != total) {
          printf "bench-instructions: %s: the steps add up to %.0f instructions, the " \
            "profile to %.0f\n", impl, scroll_ir + page_ir, total > "/dev/stderr"
          exit 1
        }
        format = "{\"name\":\"%s\",\"impl\":\"%s\",\"rows\":%s,\"value\":%.0f}\n"
        printf format, "instructions_per_row_step", impl, rows, scroll_ir / scroll_calls
        printf format, "instructions_per_page_step", impl, rows, page_ir / page_calls
      }' "$profile" >"$figures"; then
      exit 1
    fi
    cat "$figures"
    cat "$figures" >>"$results"
  done
done

# Ratio lines, then the table for people (see figures.awk).
figures_awk=$(dirname "$0")/figures.awk
awk -F'"' -v mode=ratios -f "$figures_awk" "$results"
awk -F'"' -v mode=table -f "$figures_awk" "$results" >&2
