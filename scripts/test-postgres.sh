#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests (Debian's postgresql package) and prints its URL.
# Usage: scripts/test-postgres.sh start DIR PORT | restart DIR | stop DIR
set -euo pipefail
cmd="$1"; dir="$2"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$bin/postgres" ] || { echo "test-postgres: PostgreSQL is not installed" >&2; exit 3; }
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$cmd" in
  start)
    port="$3"
    rm -rf "$dir"; mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  restart)
    # what an operator's restart does: every connection is ended, the server comes back on the same port
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -m fast -w restart >/dev/null
    ;;
  stop)
    as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
esac
