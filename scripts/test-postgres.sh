#!/usr/bin/env bash
# Starts (or stops) a throw-away PostgreSQL cluster on a free loopback port, owned by an unprivileged
# user, and prints `export TEST_DATABASE_URL=…` for eval. Usage: test-postgres.sh start|stop
set -euo pipefail
# One cluster per checkout (a second clone or worktree on the same machine gets its own).
repo=$(cd "$(dirname "$0")/.." && pwd)
dir=${PGTEST_DIR:-/tmp/site-pgtest-$(printf %s "$repo" | md5sum | cut -c1-8)}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "echo 'PostgreSQL is not installed' >&2"; exit 0; }
run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "${1:-start}" in
  start)
    port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    rm -rf "$dir"; mkdir -p "$dir"; [ "$(id -u)" = 0 ] && chown postgres "$dir"
    run "$bin/initdb" -D "$dir/data" -U postgres -A trust >/dev/null
    run "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=on" -w start >/dev/null
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -d "$dir/data" ] && run "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
    ;;
esac
