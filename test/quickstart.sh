#!/usr/bin/env bash
# quickstart.sh [REPO] [VERSION] — install what is needed, start a throwaway
# PostgreSQL 15 cluster, and run roadmap_enrich on a repository: the bundled
# sample (default) or any repository path you name. Run as root.
set -euo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
REPO=${1:-}
VERSION=${2:-}
export RE_PGDATA=${RE_PGDATA:-/tmp/roadmap_enrich_quickstart} RE_PGPORT=${RE_PGPORT:-55440}
bash "$SRC/test/install_deps.sh"
make -C "$SRC" -s >/dev/null && make -C "$SRC" -s install >/dev/null
"$SRC/test/cluster.sh" start
if [ -z "$REPO" ]; then
  bash "$SRC/test/fixtures/make_repos.sh" /tmp/roadmap_enrich_sample postgres >/dev/null
  REPO=/tmp/roadmap_enrich_sample/sample
fi
PSQL="psql -X -h /tmp -p $RE_PGPORT -U postgres -d postgres -v ON_ERROR_STOP=1"
$PSQL -q -c "CREATE EXTENSION IF NOT EXISTS roadmap_enrich"
$PSQL -v repo="$REPO" -v version="$VERSION" <<'SQL'
\pset footer off
SELECT roadmap.ingest(:'repo') AS repo_id \gset
\echo
\echo == repository
SELECT path, head_commit, layout FROM roadmap.repository WHERE repo_id = :repo_id;
\echo == releases not yet released
SELECT version, status, title, path FROM roadmap.release
 WHERE repo_id = :repo_id AND status <> 'released' ORDER BY version_key;
\echo == items per release and status (last five releases)
SELECT version, status, count(*) FROM roadmap.item
 WHERE repo_id = :repo_id AND version IN (SELECT version FROM roadmap.release WHERE repo_id = :repo_id
                                           ORDER BY version_key DESC LIMIT 5)
 GROUP BY version, status ORDER BY roadmap.version_key(version), status;
\echo == constraints from AGENTS.md
SELECT rule_no, kind, left(text, 80) AS text FROM roadmap.constraint_rule WHERE repo_id = :repo_id ORDER BY rule_no;
\echo == last run
SELECT kind, outcome, counts FROM roadmap.run WHERE repo_id = :repo_id ORDER BY run_id DESC LIMIT 1;
SQL
echo
echo "Cluster left running: psql -h /tmp -p $RE_PGPORT -U postgres   (stop: RE_PGDATA=$RE_PGDATA test/cluster.sh destroy)"
