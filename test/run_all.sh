#!/usr/bin/env bash
# run_all.sh — every test tier: core unit tests (under valgrind), pg_regress
# against a throwaway PostgreSQL 15 cluster with pg_cron, and the corpus tier
# when ../shared/corpus is present. Ends with "N passed, N failed".
# Run as root (it builds, installs, and starts the server as "postgres").
set -uo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
WORK=${RE_WORK:-/tmp/roadmap_enrich_test}
FIX=/tmp/roadmap_enrich_fixtures
CORPUS_BUNDLE=${RE_CORPUS:-$SRC/../shared/corpus/pg-trickle-md.bundle}
export RE_PGDATA=$WORK/pgdata RE_PGPORT=${RE_PGPORT:-55439}
PG_REGRESS=$(pg_config --pkglibdir)/pgxs/src/test/regress/pg_regress
PASS=0; FAIL=0
tier() { echo; echo "=== $1 ==="; }
count_regress() { # add pg_regress "ok"/"FAILED" lines of file $1 to the totals
  local ok bad
  ok=$(grep -cE '^(test| ) .* \.\.\. ok' "$1" || true)
  bad=$(grep -cE '\.\.\. FAILED' "$1" || true)
  PASS=$((PASS + ok)); FAIL=$((FAIL + bad))
}

if [ "$(id -u)" != 0 ]; then echo "run_all.sh: run as root (it installs the extension and starts the server as postgres)" >&2; exit 2; fi
rm -rf "$WORK"; mkdir -p "$WORK"

tier "build"
make -C "$SRC" -s clean >/dev/null 2>&1
if make -C "$SRC" -s >"$WORK/build.log" 2>&1 && make -C "$SRC" -s install >>"$WORK/build.log" 2>&1; then
  echo "build: ok (-Wall -Wextra -Werror)"; PASS=$((PASS + 1))
else
  cat "$WORK/build.log"; echo "build: FAILED"; FAIL=$((FAIL + 1))
  echo "$PASS passed, $FAIL failed"; exit 1
fi

tier "unit (pure-C core, valgrind)"
make -C "$SRC" -s test/unit/test_core >/dev/null
if command -v valgrind >/dev/null; then
  valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
    "$SRC/test/unit/test_core" >"$WORK/unit.log" 2>&1; rc=$?
else
  "$SRC/test/unit/test_core" >"$WORK/unit.log" 2>&1; rc=$?
fi
cat "$WORK/unit.log" | tail -20
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$WORK/unit.log" | tail -1)
if [ -n "$line" ]; then
  PASS=$((PASS + $(echo "$line" | cut -d' ' -f1))); FAIL=$((FAIL + $(echo "$line" | cut -d' ' -f3)))
fi
if [ $rc -eq 99 ]; then echo "unit: valgrind reported leaks or errors"; FAIL=$((FAIL + 1)); fi
[ -z "$line" ] && FAIL=$((FAIL + 1))

tier "fuzz regressions (kept crashers and seeds replayed, valgrind)"
if make -C "$SRC" -s test/fuzz/replay_extract test/fuzz/replay_render >/dev/null 2>&1; then
  for t in extract render; do
    if valgrind -q --error-exitcode=99 "$SRC/test/fuzz/replay_$t" "$SRC"/test/fuzz/crashers/* "$SRC"/sample/repo/*.md \
         "$SRC"/sample/repo/roadmap/*.md >"$WORK/replay_$t.log" 2>&1; then
      echo "replay_$t: $(tail -1 "$WORK/replay_$t.log"): ok"; PASS=$((PASS + 1))
    else
      cat "$WORK/replay_$t.log" | tail -20; echo "replay_$t: FAILED"; FAIL=$((FAIL + 1))
    fi
  done
else
  echo "fuzz replay: build FAILED"; FAIL=$((FAIL + 1))
fi

tier "server"
"$SRC/test/cluster.sh" destroy >/dev/null 2>&1
"$SRC/test/cluster.sh" start || { echo "server: FAILED"; cat "$RE_PGDATA/server.log"; echo "$PASS passed, $((FAIL + 1)) failed"; exit 1; }
trap '"$SRC/test/cluster.sh" destroy >/dev/null 2>&1' EXIT
PGOPTS="--host=/tmp --port=$RE_PGPORT --user=postgres"

tier "regress (pg_regress, fixture repositories)"
bash "$SRC/test/fixtures/make_repos.sh" "$FIX" postgres
# the server's OS user must read the inputs and write the results
cp -r "$SRC/sql" "$SRC/expected" "$SRC/test" "$WORK/"; chown -R postgres "$WORK"
REGRESS=$(make -C "$SRC" -s -f Makefile print-regress 2>/dev/null)
runuser -u postgres -- "$PG_REGRESS" --inputdir="$WORK" --outputdir="$WORK/regress" $PGOPTS \
  --dbname=contrib_regression $REGRESS >"$WORK/regress.log" 2>&1
cat "$WORK/regress.log" | grep -E '^(test|ok|not ok| )|tests' ; count_regress "$WORK/regress.log"
[ -f "$WORK/regress/regression.diffs" ] && head -100 "$WORK/regress/regression.diffs"

tier "isolation (pg_isolation_regress: concurrent enrich)"
PG_ISO=$(pg_config --pkglibdir)/pgxs/src/test/isolation/pg_isolation_regress
runuser -u postgres -- "$PG_ISO" --inputdir="$WORK/test/isolation" --outputdir="$WORK/isolation" $PGOPTS \
  --dbname=isolation_regression concurrent_enrich >"$WORK/isolation.log" 2>&1
grep -E '^(test|ok|not ok| )|tests' "$WORK/isolation.log"; count_regress "$WORK/isolation.log"
[ -f "$WORK/isolation/regression.diffs" ] && head -60 "$WORK/isolation/regression.diffs"
runuser -u postgres -- git -C "$FIX/wb_iso" log --format=%s | grep -c 'roadmap: enrich v0.11.0' | sed 's/^/isolation: enrich commits in wb_iso = /'

tier "faults (SIGKILL during write-back, stale index.lock)"
bash "$SRC/test/fault.sh" >"$WORK/fault.log" 2>&1
cat "$WORK/fault.log"
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$WORK/fault.log" | tail -1)
if [ -n "$line" ]; then
  PASS=$((PASS + $(echo "$line" | cut -d' ' -f1))); FAIL=$((FAIL + $(echo "$line" | cut -d' ' -f3)))
else
  FAIL=$((FAIL + 1))
fi

tier "bounds (crafted inputs: linear or refused, cancel within 100 ms, OOM, privilege leak)"
bash "$SRC/test/bounds.sh" >"$WORK/bounds.log" 2>&1
grep -vE '^ok ' "$WORK/bounds.log"
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$WORK/bounds.log" | tail -1)
if [ -n "$line" ]; then
  PASS=$((PASS + $(echo "$line" | cut -d' ' -f1))); FAIL=$((FAIL + $(echo "$line" | cut -d' ' -f3)))
else
  FAIL=$((FAIL + 1))
fi

tier "docs (catalog and errors covered by docs/)"
PGHOST=/tmp PGPORT=$RE_PGPORT PGUSER=postgres bash "$SRC/test/docs_check.sh" >"$WORK/docs.log" 2>&1
grep -E '^MISSING' "$WORK/docs.log"
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$WORK/docs.log" | tail -1)
if [ -n "$line" ]; then
  echo "docs: $line"
  PASS=$((PASS + $(echo "$line" | cut -d' ' -f1))); FAIL=$((FAIL + $(echo "$line" | cut -d' ' -f3)))
else
  cat "$WORK/docs.log"; FAIL=$((FAIL + 1))
fi

tier "corpus (real pg_trickle history)"
if [ -f "$CORPUS_BUNDLE" ]; then
  rm -rf /tmp/roadmap_enrich_corpus
  git clone -q "$CORPUS_BUNDLE" /tmp/roadmap_enrich_corpus
  bash "$SRC/test/corpus/tag_commits.sh" /tmp/roadmap_enrich_corpus
  # writable clones for write-back: the tip on main, and #485 on a branch
  rm -rf /tmp/roadmap_enrich_corpus_wb /tmp/roadmap_enrich_corpus_wb485
  git clone -q /tmp/roadmap_enrich_corpus /tmp/roadmap_enrich_corpus_wb
  git clone -q /tmp/roadmap_enrich_corpus /tmp/roadmap_enrich_corpus_wb485
  git -C /tmp/roadmap_enrich_corpus_wb485 checkout -q -b at-485 "$(git -C /tmp/roadmap_enrich_corpus rev-parse v019-start)"
  chown -R postgres /tmp/roadmap_enrich_corpus /tmp/roadmap_enrich_corpus_wb /tmp/roadmap_enrich_corpus_wb485
  runuser -u postgres -- "$PG_REGRESS" --inputdir="$WORK/test/corpus" --outputdir="$WORK/corpus" $PGOPTS \
    --dbname=corpus_regression corpus_tip corpus_history corpus_enrich corpus_writeback >"$WORK/corpus.log" 2>&1
  grep -E '^(test|ok|not ok| )|tests' "$WORK/corpus.log"; count_regress "$WORK/corpus.log"
  [ -f "$WORK/corpus/regression.diffs" ] && head -100 "$WORK/corpus/regression.diffs"
else
  echo "corpus: skipped ($CORPUS_BUNDLE not found)"
fi

echo
echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
