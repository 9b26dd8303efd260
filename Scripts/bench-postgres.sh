#!/usr/bin/env bash
# `make bench`'s PostgreSQL figures: a throwaway PostgreSQL server (Scripts/postgres-server.sh)
# in a temporary directory, the sample database of Scripts/postgres-sample.sql loaded into it
# with ROWS people (default 10,000,000), then `data-browser-bench --postgres` on it. The server
# is stopped and its directory removed when this script exits, or is interrupted or killed
# (the server's watchdog follows this script's process).
#
#   Scripts/bench-postgres.sh PATH-TO-data-browser-bench [ROWS]
#
# JSON lines on stdout: the load's and the vacuum's times (impl "postgres-sample.sql"), then the
# bench's figures; progress and the bench's summary on stderr. After the load, VACUUM (ANALYZE)
# sets the table's hint bits and visibility map once, so that neither the first reads nor an
# autovacuum that starts in the middle of the figures moves them.
set -euo pipefail
bench=${1:?usage: $0 PATH-TO-data-browser-bench [ROWS]}
rows=${2:-10000000}
scripts=$(cd "$(dirname "$0")" && pwd)
server=$scripts/postgres-server.sh

# The server's directory: mktemp's own, which start hands to the OS user postgres when we are
# root (a directory inside it would not be reachable by that user).
dir=$(mktemp -d)
ticker=
cleanup() {
  if [ -n "$ticker" ]; then kill "$ticker" 2>/dev/null || true; fi
  "$server" stop "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Seconds since the epoch, with fractions.
now() { date +%s.%N; }
# The JSON line of one figure, as data-browser-bench prints them.
figure() {
  printf '{"name":"%s","impl":"postgres-sample.sql","rows":%s,"value":%.1f}\n' "$1" "$rows" "$2"
}

"$server" start "$dir" --owner-pid $$ >/dev/null
"$server" psql "$dir" -q -c 'CREATE DATABASE sample'

echo "bench: loading $rows people into PostgreSQL (Scripts/postgres-sample.sql; about a minute for 10,000,000)" >&2
start=$(now)
# The load is one transaction, which says nothing until it ends: the time so far, every 15 s.
(
  while sleep 15 >/dev/null 2>&1; do
    echo "bench: loading... $(awk -v s="$start" -v n="$(now)" 'BEGIN { printf "%d", n - s }') s" >&2
  done
) &
ticker=$!
"$server" psql "$dir" -q -d sample -v rows="$rows" -f - <"$scripts/postgres-sample.sql"
kill "$ticker" 2>/dev/null || true
wait "$ticker" 2>/dev/null || true
ticker=
loaded=$(now)
load=$(awk -v s="$start" -v e="$loaded" 'BEGIN { print e - s }')
figure postgres_load_s "$load"
echo "bench: loaded in $(printf '%.1f' "$load") s; VACUUM (ANALYZE) public.people" >&2
"$server" psql "$dir" -q -d sample -c 'VACUUM (ANALYZE) public.people'
vacuum=$(awk -v s="$loaded" -v e="$(now)" 'BEGIN { print e - s }')
figure postgres_vacuum_s "$vacuum"
echo "bench: vacuumed in $(printf '%.1f' "$vacuum") s" >&2

# Not exec: the EXIT trap stops the server when the bench returns.
"$bench" --postgres "postgresql://postgres@/sample?host=$dir" --rows "$rows"
