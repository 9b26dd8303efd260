#!/usr/bin/env bash
# Builds the DocC documentation of the library's modules with the toolchain's own docc, from
# the symbol graphs in the folder given (else those of a build made for them), into
# .build/docs/<Module>.doccarchive. Prints every warning with its place, and fails when there is
# any, so that `make test` fails on a new one.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v docc >/dev/null 2>&1 || { echo "error: docc not found: it comes with the Swift 6.3 toolchain (https://swift.org/install)" >&2; exit 1; }
out=.build/docs
# The graphs of a build made with `-emit-symbol-graph` (make test builds so, to build once), or
# else SwiftPM's, which says where it wrote them in its last line: "Files written to <folder>".
if [ $# -gt 0 ]; then
  graphs=$1
else
  graphs=$(swift package dump-symbol-graph --minimum-access-level public 2>/dev/null \
    | sed -n 's/^Files written to //p')
fi
[ -d "$graphs" ] || { echo "error: no symbol graphs in '$graphs'" >&2; exit 1; }
total=0
for module in TermElements TermElementsCurses TermElementsRecords TermElementsRecordsTesting TermElementsRecordsSQL; do
  rm -rf "$out/$module-graphs" "$out/$module.doccarchive"
  mkdir -p "$out/$module-graphs"
  cp "$graphs/$module.symbols.json" "$out/$module-graphs/"
  # Extensions of other modules' types (Swift, FoundationEssentials) come in files of their own.
  find "$graphs" -name "$module@*.symbols.json" -exec cp {} "$out/$module-graphs/" \;
  log="$out/$module.log"
  docc convert "Sources/$module/Documentation.docc" \
    --additional-symbol-graph-dir "$out/$module-graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.termelements.$module" \
    --output-path "$out/$module.doccarchive" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
  warnings=$(grep -c 'warning:' "$log" || true)
  if [ "$warnings" -gt 0 ]; then
    echo "docs: $module: $warnings DocC warning(s):" >&2
    grep -A 6 'warning:' "$log" >&2
  fi
  total=$((total + warnings))
  echo "docs: $module: $out/$module.doccarchive, $warnings warning(s)" >&2
done
[ "$total" -eq 0 ] || { echo "error: $total DocC warning(s); make docs must end with none" >&2; exit 1; }
