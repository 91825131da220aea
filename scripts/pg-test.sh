#!/usr/bin/env bash
# A private PostgreSQL cluster for the tests: its own data directory under /tmp, its own port,
# trust authentication on 127.0.0.1 only. Used by .ci/run and by developers alike.
#
#   eval "$(scripts/pg-test.sh start)"   # starts (or reuses) the cluster; exports MCP_POSTURE_TEST_PG
#   scripts/pg-test.sh stop
#   scripts/pg-test.sh url
#
# PGPORT (default 55433) and PGDATA_DIR (default /tmp/mcp-posture-pg-$PGPORT) choose where.
# Postgres refuses to run as root: as root the cluster runs as the `postgres` user.
set -euo pipefail

PORT="${PGPORT:-55433}"
DIR="${PGDATA_DIR:-/tmp/mcp-posture-pg-$PORT}"
ROLE=posture
DB=posture
URL="postgres://$ROLE@127.0.0.1:$PORT/$DB"

bindir() {
  local d
  d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
  if [ -z "$d" ] || [ ! -x "$d/initdb" ]; then
    echo "pg-test.sh: no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)" >&2
    exit 1
  fi
  printf '%s' "$d"
}

# Runs a command as the cluster's owner: `postgres` when we are root, ourselves otherwise.
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

start() {
  local bin
  bin="$(bindir)"
  if [ ! -s "$DIR/data/PG_VERSION" ]; then
    mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres: "$DIR"
    as_owner "$bin/initdb" -D "$DIR/data" -A trust -U postgres --no-sync >"$DIR/initdb.log" 2>&1 || {
      cat "$DIR/initdb.log" >&2
      exit 1
    }
  fi
  local started=reused
  if ! as_owner "$bin/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
    started=started
    as_owner "$bin/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null || {
      cat "$DIR/server.log" >&2
      exit 1
    }
  fi
  local psql=("$bin/psql" -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -qtA)
  if [ "$("${psql[@]}" -c "select 1 from pg_roles where rolname = '$ROLE'")" != 1 ]; then
    "${psql[@]}" -c "create role $ROLE login createdb" >/dev/null
  fi
  if [ "$("${psql[@]}" -c "select 1 from pg_database where datname = '$DB'")" != 1 ]; then
    "${psql[@]}" -c "create database $DB owner $ROLE" >/dev/null
  fi
  echo "export MCP_POSTURE_TEST_PG=$URL"
  # Whether this call started the server: a caller stops only what it started.
  echo "# $started"
}

stop() {
  local bin
  bin="$(bindir)"
  if [ -s "$DIR/data/PG_VERSION" ]; then
    as_owner "$bin/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null 2>&1 || true
  fi
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  url) echo "$URL" ;;
  *)
    echo "usage: $0 start|stop|url" >&2
    exit 2
    ;;
esac
