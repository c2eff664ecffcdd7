#!/usr/bin/env bash
# mem_ingest.sh [N] [REPO] — N ingests alternating between two commits in ONE
# backend; prints the backend's RSS after warm-up, at the middle and at the end.
# Needs a running cluster (test/cluster.sh) and the corpus clone.
set -euo pipefail
N=${1:-200}; REPO=${2:-/tmp/roadmap_enrich_corpus}
PORT=${RE_PGPORT:-55439}
PSQL="psql -X -q -h /tmp -p $PORT -U postgres -d postgres"
$PSQL -c "CREATE EXTENSION IF NOT EXISTS roadmap_enrich" >/dev/null
{
  for i in $(seq 1 "$N"); do
    [ $((i % 2)) = 0 ] && ref=c460 || ref=c468
    echo "SELECT roadmap.ingest('$REPO', '$ref') AS ingested;"
    if [ "$i" = 10 ] || [ "$i" = $((N / 2)) ] || [ "$i" = "$N" ]; then
      echo "SELECT 'after $i ingests: RssAnon (private) ' || substring(pg_read_file('/proc/self/status') from 'RssAnon:\\s+(\\d+ kB)') || ', RssShmem (shared buffers touched) ' || substring(pg_read_file('/proc/self/status') from 'RssShmem:\\s+(\\d+ kB)');"
    fi
  done
} | $PSQL -t -A 2>&1 | grep "after"
