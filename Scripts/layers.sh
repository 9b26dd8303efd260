#!/usr/bin/env bash
# Checks that the folders of the library's sources refer to each other one way only: runs the
# layer tool given (shared/tools/swift_layers.py beside the repository) and fails when it
# reports a cycle. Without the tool, CI fails and a developer's machine warns.
set -euo pipefail
cd "$(dirname "$0")/.."
tool=${1:-../shared/tools/swift_layers.py}
if [ ! -f "$tool" ]; then
  message="layers: $tool not found: the folder check needs the shared tools beside the repository"
  if [ "${CI:-}" = "true" ]; then echo "error: $message" >&2; exit 1; fi
  echo "warning: $message; skipped" >&2
  exit 0
fi
report=$(python3 "$tool" Sources/TermElements Sources/TermElementsCurses Sources/TermElementsRecords \
  Sources/TermElementsRecordsSQL)
cycles=$(printf '%s\n' "$report" | sed -n 's/^CYCLES: \([0-9]*\).*/\1/p')
[ -n "$cycles" ] || { printf '%s\n' "$report" >&2; echo "error: layers: no CYCLES line from $tool" >&2; exit 1; }
if [ "$cycles" != 0 ]; then
  printf '%s\n' "$report" | sed -n '/^CYCLES:/,/^PUBLIC TYPES:/p' | sed '$d' >&2
  echo "error: layers: the folders of Sources refer to each other in $cycles cycle(s)" >&2
  exit 1
fi
echo "layers: no folder cycle" >&2
