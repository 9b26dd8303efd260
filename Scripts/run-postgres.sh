#!/usr/bin/env bash
# `make run-postgres`: data-browser on a throwaway PostgreSQL server holding the sample database
# (Scripts/postgres-sample.sql, a million people), made afresh in a temporary directory and
# removed when data-browser exits, or when this script is interrupted or killed (the server's
# watchdog follows this script's process).
#
#   Scripts/run-postgres.sh PATH-TO-data-browser
set -euo pipefail
browser=${1:?usage: $0 PATH-TO-data-browser}
scripts=$(cd "$(dirname "$0")" && pwd)
server=$scripts/postgres-server.sh

dir=$(mktemp -d)
trap '"$server" stop "$dir"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"$server" start "$dir" --owner-pid $$ >/dev/null
"$server" psql "$dir" -q -c 'CREATE DATABASE sample'
echo "Loading 1,000,000 sample rows..." >&2
"$server" psql "$dir" -q -d sample -v rows=1000000 -f - <"$scripts/postgres-sample.sql"
# Not exec: the EXIT trap stops the server when data-browser returns.
"$browser" "postgresql://postgres@/sample?host=$dir"
