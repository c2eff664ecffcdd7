#!/usr/bin/env bash
# test/cluster.sh start|stop|destroy — a throwaway PostgreSQL cluster (the major
# version of the pg_config on PATH, or PGBIN) run as
# the non-root OS user "postgres" (the server refuses root), with pg_cron.
set -euo pipefail
PGBIN=${PGBIN:-$(pg_config --bindir)}
PGDATA=${RE_PGDATA:-/tmp/roadmap_enrich_pg}
PGPORT=${RE_PGPORT:-55432}
RUNAS=${RE_PGUSER:-postgres}
as_user() { if [ "$(id -un)" = "$RUNAS" ]; then "$@"; else runuser -u "$RUNAS" -- "$@"; fi; }
case "${1:-}" in
  start)
    if [ ! -s "$PGDATA/PG_VERSION" ]; then
      mkdir -p "$PGDATA"; chown "$RUNAS" "$PGDATA"
      as_user "$PGBIN/initdb" -D "$PGDATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
      cat >> "$PGDATA/postgresql.conf" <<CONF
port = $PGPORT
listen_addresses = ''
unix_socket_directories = '/tmp'
shared_preload_libraries = 'pg_cron'
cron.database_name = 'postgres'
cron.host = '/tmp'
cron.use_background_workers = on
max_worker_processes = 16
timezone = 'UTC'
CONF
    fi
    if as_user "$PGBIN/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; then
      echo "PostgreSQL already running: psql -h /tmp -p $PGPORT -U postgres"; exit 0
    fi
    # the server must not inherit the caller's descriptors: a lock held by a
    # `flock FILE cmd` caller would stay held for the server's whole life
    for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && [ "$fd" -lt 255 ] && eval "exec $fd>&-" 2>/dev/null; done
    # a fixed mmap threshold turns off glibc's dynamic one, which otherwise
    # rises to the size of the largest freed chunk (up to 32 MB) at a moment
    # that depends on timing; test/bounds.sh then sees RssAnon step up by
    # ~20 MB mid-run and cannot tell that from a leak (docs/testing.md)
    export GLIBC_TUNABLES=${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=131072}
    as_user "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -w start >/dev/null
    echo "PostgreSQL running: psql -h /tmp -p $PGPORT -U postgres"
    ;;
  stop)
    as_user "$PGBIN/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null || true ;;
  destroy)
    as_user "$PGBIN/pg_ctl" -D "$PGDATA" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$PGDATA" ;;
  *) echo "usage: $0 start|stop|destroy" >&2; exit 2 ;;
esac
