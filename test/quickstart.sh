#!/usr/bin/env bash
# quickstart.sh [REPO] [VERSION] — install what is needed, start a throwaway
# PostgreSQL cluster, and run roadmap_enrich on a repository: the bundled
# sample (default) or any repository path you name. Run as root.
# PG_MAJOR=18 (or 17, 15) runs it on that PostgreSQL major inside the cached
# Debian root of test/matrix.sh when the host has another one; the cluster is
# then stopped at the end (the root's mounts go with the run).
set -euo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
REPO=${1:-}
VERSION=${2:-}
host_major=$(pg_config --version 2>/dev/null | sed -nE 's/^PostgreSQL ([0-9]+).*/\1/p' || true)
if [ -n "${PG_MAJOR:-}" ] && [ "$PG_MAJOR" != "$host_major" ]; then
  args=()
  if [ -n "$REPO" ]; then   # the root sees a copy of the repository
    args=("/work/extra/$(basename "$REPO")" ${VERSION:+"$VERSION"})
    export RE_MATRIX_EXTRA=$(cd "$REPO" && pwd)
  fi
  exec bash "$SRC/test/matrix.sh" "$PG_MAJOR" env RE_QUICKSTART_STOP=1 bash test/quickstart.sh "${args[@]}"
fi
export RE_PGDATA=${RE_PGDATA:-/tmp/roadmap_enrich_quickstart} RE_PGPORT=${RE_PGPORT:-55440}
bash "$SRC/test/install_deps.sh"
make -C "$SRC" -s >/dev/null && make -C "$SRC" -s install >/dev/null
"$SRC/test/cluster.sh" start
SAMPLE=0
if [ -z "$REPO" ]; then
  bash "$SRC/test/fixtures/make_repos.sh" /tmp/roadmap_enrich_sample postgres >/dev/null
  REPO=/tmp/roadmap_enrich_sample/wb
  SAMPLE=1
fi
PSQL="psql -X -h /tmp -p $RE_PGPORT -U postgres -d postgres -v ON_ERROR_STOP=1"
# a throwaway cluster: start from a fresh catalog each time (also after an upgrade of the .so)
$PSQL -q -c "SET client_min_messages = warning" -c "DROP EXTENSION IF EXISTS roadmap_enrich CASCADE" -c "CREATE EXTENSION roadmap_enrich"
[ -n "$VERSION" ] || VERSION=$($PSQL -At -c "SELECT roadmap.next_version('$REPO')")
# the bundled sample is a throwaway copy: write back and commit; any other
# repository is only previewed (apply => false, then the diff)
APPLY=$([ $SAMPLE = 1 ] && echo true || echo false)
$PSQL -v repo="$REPO" -v version="$VERSION" -v apply="$APPLY" <<'SQL'
\pset footer off
\echo
\echo == where v:version is thin (pillar_gaps)
SELECT pillar, score, top_focus, deferred_open, evidence_hits FROM roadmap.pillar_gaps g
  JOIN roadmap.repository r USING (repo_id) WHERE r.path = :'repo' AND version = roadmap.version_norm(:'version') ORDER BY ord;
\echo == open items carried over from released versions
SELECT d.version, d.item_id, left(d.title, 60) AS title, d.carried_releases FROM roadmap.deferred_items d
  JOIN roadmap.repository r USING (repo_id) WHERE r.path = :'repo' ORDER BY d.version_key, d.item_id LIMIT 20;
\echo == proposals (roadmap.enrich)
SELECT item_id, title, effort, priority, source FROM roadmap.enrich(:'version', :'repo', apply => :apply);
SQL
if [ $SAMPLE = 1 ]; then
  echo; echo "== the commit roadmap.enrich made in $REPO"
  runuser -u postgres -- git -C "$REPO" show --stat HEAD | head -8
  echo; echo "== the enriched section"
  runuser -u postgres -- git -C "$REPO" show --format= HEAD | grep -v '^+++' | sed -n 's/^+//p'
else
  echo; echo "== what write-back would change (roadmap.diff)"
  $PSQL -At -c "SELECT roadmap.diff('$VERSION', '$REPO')"
fi
echo
if [ "${RE_QUICKSTART_STOP:-}" = 1 ]; then
  "$SRC/test/cluster.sh" destroy; echo "(PostgreSQL $PG_MAJOR cluster of the Debian root stopped)"; exit 0
fi
echo "Cluster left running: psql -h /tmp -p $RE_PGPORT -U postgres   (stop: RE_PGDATA=$RE_PGDATA test/cluster.sh destroy)"
