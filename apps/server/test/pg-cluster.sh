#!/bin/sh
# Throwaway PostgreSQL 15 cluster for the server's tests.
#   start: prints the connection URL on stdout (export DATABASE_URL=$(pg-cluster.sh start))
#   stop:  stops the cluster and removes its folder
# initdb refuses root, so the cluster belongs to the postgres user, in a fresh folder it owns,
# listening on 127.0.0.1 on a free port. State is kept in $PG_CLUSTER_STATE (default /tmp/ddex-pg-cluster.state).
set -eu
BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
STATE=${PG_CLUSTER_STATE:-/tmp/ddex-pg-cluster.state}

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

case "${1:-}" in
  start)
    if [ -f "$STATE" ]; then
      . "$STATE"
      # A state left by a cluster that no longer runs (a machine restarted, a session ended) is stale.
      if as_postgres "$BIN/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
        echo "pg-cluster: already started ($STATE); run stop first" >&2
        exit 1
      fi
      rm -rf "$DIR" "$STATE"
    fi
    DIR=$(mktemp -d /tmp/ddex-pg.XXXXXX)
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    PORT=$(free_port)
    as_postgres "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust --encoding=UTF8 --locale=C >&2
    as_postgres "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >&2
    printf 'DIR=%s\nPORT=%s\n' "$DIR" "$PORT" > "$STATE"
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    if [ ! -f "$STATE" ]; then echo "pg-cluster: not started" >&2; exit 0; fi
    . "$STATE"
    as_postgres "$BIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >&2 || true
    rm -rf "$DIR" "$STATE"
    ;;
  *)
    echo "usage: pg-cluster.sh start|stop" >&2
    exit 2
    ;;
esac
