#!/usr/bin/env bash
# A throwaway PostgreSQL server for tests, benchmarks and the demo: one directory holds the
# cluster (DIR/data), its log (DIR/server.log) and its Unix socket, and deleting the directory
# deletes everything. Durability is off (fsync, full_page_writes, synchronous_commit): never put
# data you want to keep in it.
#
#   postgres-server.sh check
#       Exit 0 when the server binaries are found, else print one error line and exit 1.
#   postgres-server.sh start DIR [--port PORT] [--owner-pid PID]
#       DIR must not exist or be empty. Makes a cluster in DIR/data, starts it listening on the
#       socket in DIR only (or also on 127.0.0.1:PORT with TLS when --port is given), creates
#       the role browser (password $PG_BROWSER_PASSWORD, default browser-secret, member of
#       pg_read_all_data) and prints DIR (absolute) on stdout. The superuser postgres connects
#       over the socket without a password; browser needs its password, over the socket or TCP.
#       With --owner-pid, a detached watchdog stops the server and deletes DIR once PID exits.
#       On failure: the tail of the log on stderr, nothing left running, DIR removed, exit 1.
#   postgres-server.sh stop DIR
#       Stops the server (if running) and deletes DIR. Safe to call twice.
#   postgres-server.sh psql DIR [psql args...]
#       psql as the superuser postgres over DIR's socket (database postgres unless -d), with
#       ON_ERROR_STOP and no ~/.psqlrc; stdin is passed through.
#
# Binaries: $PG_BIN, else the newest /usr/lib/postgresql/*/bin, else where `initdb` is on PATH.
# As root, the server commands run as the OS user postgres (initdb refuses root).
set -euo pipefail

missing_binaries="error: PostgreSQL server binaries (initdb, postgres) not found: install the Debian package postgresql (apt-get install postgresql)"

# Sets PG_BIN to a directory holding initdb and postgres, or fails with the Debian package line.
find_binaries() {
  local dir candidate
  if [ -n "${PG_BIN:-}" ]; then
    dir=$PG_BIN
  else
    dir=
    # The newest version first (sort -V: 9.6 < 15 < 16).
    for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -rV); do
      if [ -x "$candidate/initdb" ] && [ -x "$candidate/postgres" ]; then dir=$candidate; break; fi
    done
    # /usr/local/bin/initdb may be a symbolic link: postgres sits beside its target.
    if [ -z "$dir" ] && candidate=$(command -v initdb 2>/dev/null); then
      dir=$(dirname "$(readlink -f "$candidate")")
    fi
  fi
  if [ -z "$dir" ] || [ ! -x "$dir/initdb" ] || [ ! -x "$dir/postgres" ]; then
    echo "$missing_binaries" >&2
    exit 1
  fi
  PG_BIN=$dir
}

# Runs a server command as the OS user postgres when we are root, else as ourselves.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# psql of the server's version if it has one, else the one on PATH.
psql_binary() {
  if [ -x "$PG_BIN/psql" ]; then echo "$PG_BIN/psql"; else command -v psql; fi
}

# The port of the running server (its socket is DIR/.s.PGSQL.PORT): line 4 of postmaster.pid.
server_port() {
  local port
  port=$(sed -n 4p "$1/data/postmaster.pid" 2>/dev/null || true)
  echo "${port:-5432}"
}

usage() {
  echo "usage: $0 check | start DIR [--port PORT] [--owner-pid PID] | stop DIR | psql DIR [psql args...]" >&2
  exit 2
}

# --- start -----------------------------------------------------------------------------------

start() {
  local dir=${1:-} port= owner_pid=
  [ -n "$dir" ] || usage
  shift
  while [ $# -gt 0 ]; do
    case $1 in
      --port) port=${2:?--port needs a number}; shift 2 ;;
      --owner-pid) owner_pid=${2:?--owner-pid needs a process id}; shift 2 ;;
      *) usage ;;
    esac
  done
  if [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then
    echo "error: $dir is not empty" >&2
    exit 1
  fi
  if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    echo "error: running as root needs the OS user postgres to run the server (the Debian package postgresql makes it)" >&2
    exit 1
  fi
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  # The socket's path has a limit of 107 bytes (sun_path).
  local socket="$dir/.s.PGSQL.${port:-5432}"
  if [ ${#socket} -gt 107 ]; then
    echo "error: $dir is too long for a Unix socket path (107 bytes at most with /.s.PGSQL.PORT)" >&2
    rmdir "$dir"
    exit 1
  fi

  # From here on, any failure prints the log, stops the server and removes DIR (on_start_exit).
  START_DIR=$dir
  START_OK=
  START_LOG=$dir/initdb.log  # the log to show when a step fails: each step's own
  trap on_start_exit EXIT

  if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
  chmod 700 "$dir"
  if ! as_pg test -w "$dir"; then
    echo "error: the postgres user cannot write $dir (are its parent directories open to it?)" >&2
    exit 1
  fi

  # The cluster. --no-sync: nothing here is meant to survive a crash of the machine.
  local log=$dir/server.log
  if ! as_pg "$PG_BIN/initdb" -D "$dir/data" -U postgres --auth-local=trust \
      --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1; then
    # A system without the C.UTF-8 locale: the plain C locale (still UTF-8 encoded).
    as_pg rm -rf "$dir/data"
    as_pg "$PG_BIN/initdb" -D "$dir/data" -U postgres --auth-local=trust \
      --auth-host=scram-sha-256 -E UTF8 --no-locale --no-sync >>"$dir/initdb.log" 2>&1
  fi

  # Client authentication, first matching line wins: the superuser over the socket without a
  # password; browser over the socket with its password (so tests can try a wrong one); any role
  # over TCP (127.0.0.1 only) with a password; other roles a test makes, over the socket freely.
  as_pg tee "$dir/data/pg_hba.conf" >/dev/null <<'EOF'
# TYPE  DATABASE  USER      ADDRESS        METHOD
local   all       postgres                 trust
local   all       browser                  scram-sha-256
host    all       all       127.0.0.1/32   scram-sha-256
local   all       all                      trust
EOF

  # Settings, appended to postgresql.conf (later lines win) so that a plain `pg_ctl start`
  # (the watchdog's, or someone debugging) gets them too.
  local listen="''" ssl=off
  if [ -n "$port" ]; then
    listen="'127.0.0.1'"
    if command -v openssl >/dev/null 2>&1; then
      # A self-signed certificate for one day: clients use sslmode=require (no verification).
      START_LOG=$dir/openssl.log
      openssl req -new -x509 -days 1 -nodes -subj "/CN=localhost" -newkey rsa:2048 \
        -keyout "$dir/data/server.key" -out "$dir/data/server.crt" >"$START_LOG" 2>&1
      chmod 600 "$dir/data/server.key"
      if [ "$(id -u)" = 0 ]; then chown postgres: "$dir/data/server.key" "$dir/data/server.crt"; fi
      ssl=on
    fi
  fi
  as_pg tee -a "$dir/data/postgresql.conf" >/dev/null <<EOF

# --- postgres-server.sh: a throwaway server ---
listen_addresses = $listen
port = ${port:-5432}
unix_socket_directories = '$dir'
ssl = $ssl
max_connections = 40
shared_buffers = 128MB
# No durability: fast loads, nothing survives a crash.
fsync = off
synchronous_commit = off
full_page_writes = off
# Tables made and filled in one transaction skip the write-ahead log.
wal_level = minimal
max_wal_senders = 0
# Steady timings for tests and benchmarks: no just-in-time compilation.
jit = off
EOF

  # -w: wait until it accepts connections (30 s at most); its output goes to server.log.
  START_LOG=$log
  as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -l "$log" -w -t 30 start >/dev/null

  # The read-only role of the browser's tests; the password goes in as a psql variable.
  as_pg "$(psql_binary)" -h "$dir" -p "${port:-5432}" -U postgres -d postgres -X -q \
      -v ON_ERROR_STOP=1 -v password="${PG_BROWSER_PASSWORD:-browser-secret}" >/dev/null <<'EOF'
CREATE ROLE browser LOGIN PASSWORD :'password';
GRANT pg_read_all_data TO browser;
EOF

  if [ -n "$owner_pid" ]; then
    # Detached (own session, stdio on /dev/null: it holds no pipe of the caller open).
    setsid nohup "$(readlink -f "$0")" _watch "$dir" "$owner_pid" </dev/null >/dev/null 2>&1 &
  fi
  START_OK=1
  echo "$dir"
}

# On any exit of start before it succeeded: the log on stderr, the server stopped, DIR removed.
on_start_exit() {
  local status=$?
  [ -z "$START_OK" ] || return 0
  local dir=$START_DIR
  echo "error: the PostgreSQL server in $dir did not start" >&2
  if [ -s "$START_LOG" ]; then echo "--- the end of $START_LOG:" >&2; tail -n 20 "$START_LOG" >&2; fi
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$dir/data" stop -m immediate >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
  exit $(( status == 0 ? 1 : status ))
}

# --- the watchdog of --owner-pid ------------------------------------------------------------

# Waits while the owner lives and the cluster is there (stop deletes it: then nothing to do),
# then stops the server at once and deletes DIR.
watch() {
  local dir=$1 owner_pid=$2
  while alive "$owner_pid" && [ -d "$dir/data" ]; do sleep 0.5; done
  [ -d "$dir/data" ] || exit 0
  as_pg "$PG_BIN/pg_ctl" -D "$dir/data" stop -m immediate >/dev/null 2>&1 || true
  rm -rf "$dir"
}

# Whether process PID exists. kill -0 fails for another user's process too (when we are not
# root), so /proc has the last word.
alive() {
  kill -0 "$1" 2>/dev/null || [ -d "/proc/$1" ]
}

# --- stop, psql ------------------------------------------------------------------------------

stop() {
  local dir=${1:-}
  [ -n "$dir" ] || usage
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$dir/data" stop -m fast >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

run_psql() {
  local dir=${1:-}
  [ -n "$dir" ] || usage
  shift
  local abs
  abs=$(cd "$dir" && pwd)
  as_pg "$(psql_binary)" -h "$abs" -p "$(server_port "$abs")" -U postgres -X -v ON_ERROR_STOP=1 "$@"
}

command=${1:-}
[ $# -gt 0 ] && shift
case $command in
  check) find_binaries ;;
  start) find_binaries; start "$@" ;;
  stop) find_binaries; stop "$@" ;;
  psql) find_binaries; run_psql "$@" ;;
  _watch) find_binaries; watch "$@" ;;
  *) usage ;;
esac
