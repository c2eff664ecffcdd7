#!/usr/bin/env bash
# run_all.sh — every test tier: core unit tests (under valgrind), pg_regress
# against a throwaway PostgreSQL cluster (the pg_config on PATH) with pg_cron, and the corpus tier
# when ../shared/corpus is present. Ends with "N passed, N failed".
# Run as root (it builds, installs, and starts the server as "postgres").
set -uo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
# One work directory per run (RE_WORK): cluster data, logs, fixtures, corpus
# clones, bounds repositories. The tests name fixtures by fixed paths
# (/tmp/roadmap_enrich_fixtures, /tmp/roadmap_enrich_corpus*), which keeps the
# expected outputs free of varying paths; a run mounts its own directories on
# those paths in a private mount namespace, so two runs with different RE_WORK
# (the port follows RE_WORK unless RE_PGPORT is set) do not see each other's
# files. Without unshare (not root, or no mount namespaces) the fixed paths
# are used directly and runs must not overlap. `make install` writes into the
# one PostgreSQL installation either way (see docs/testing.md).
WORK=${RE_WORK:-/tmp/roadmap_enrich_test}
FIX=/tmp/roadmap_enrich_fixtures
CORPUS_BUNDLE=${RE_CORPUS:-$SRC/../shared/corpus/pg-trickle-md.bundle}
if [ -z "${RE_PGPORT:-}" ] && [ "$WORK" != /tmp/roadmap_enrich_test ]; then
  RE_PGPORT=$((55500 + $(printf '%s' "$WORK" | cksum | cut -d' ' -f1) % 400))
fi
export RE_PGDATA=$WORK/pgdata RE_PGPORT=${RE_PGPORT:-55439} RE_BOUNDS_DIR=${RE_BOUNDS_DIR:-$WORK/bounds}
FIXED_PATHS="roadmap_enrich_fixtures roadmap_enrich_corpus roadmap_enrich_corpus_wb roadmap_enrich_corpus_wb485"
if [ -z "${RE_NS:-}" ] && [ "$(id -u)" = 0 ] && unshare -m --propagation private true 2>/dev/null; then
  exec env RE_NS=1 unshare -m --propagation private bash "$0" "$@"
fi
PG_REGRESS=$(pg_config --pkglibdir)/pgxs/src/test/regress/pg_regress
PASS=0; FAIL=0
tier() { echo; echo "=== $1 ==="; }
. "$SRC/test/lib/count.sh"   # count_regress, count_summary

if [ "$(id -u)" != 0 ]; then echo "run_all.sh: run as root (it installs the extension and starts the server as postgres)" >&2; exit 2; fi
rm -rf "$WORK"; mkdir -p "$WORK"
if [ -n "${RE_NS:-}" ]; then
  for p in $FIXED_PATHS; do
    mkdir -p "$WORK/mnt/$p" "/tmp/$p" && mount --bind "$WORK/mnt/$p" "/tmp/$p" ||
      { echo "run_all.sh: could not mount $WORK/mnt/$p on /tmp/$p" >&2; exit 2; }
  done
  echo "work directory $WORK, port $RE_PGPORT (fixtures and corpus clones mounted privately on /tmp/roadmap_enrich_*)"
else
  echo "work directory $WORK, port $RE_PGPORT (no private mounts: fixtures and corpus clones in /tmp/roadmap_enrich_*)"
fi

tier "build"
make -C "$SRC" -s clean >/dev/null 2>&1
if make -C "$SRC" -s >"$WORK/build.log" 2>&1 && make -C "$SRC" -s install >>"$WORK/build.log" 2>&1; then
  echo "build: ok (-Wall -Wextra -Werror)"; PASS=$((PASS + 1))
  # PostgreSQL 18 removed pg_attribute_noreturn(): the RE_NORETURN macros of
  # src/pg/errors.h are the one place that names it (caught here on any host)
  if grep -rn 'pg_attribute_noreturn()' "$SRC/src" | grep -v 'define RE_NORETURN_END' | grep -v '^[^:]*:[0-9]*: \*'; then
    echo "build: pg_attribute_noreturn() used outside src/pg/errors.h (breaks PostgreSQL 18): FAILED"; FAIL=$((FAIL + 1))
  fi
else
  cat "$WORK/build.log"; echo "build: FAILED"; FAIL=$((FAIL + 1))
  echo "$PASS passed, $FAIL failed"; exit 1
fi

tier "structure (one-way calls between src/pg files, libgit2 only in core, functions up to 120 lines)"
bash "$SRC/test/structure.sh" >"$WORK/structure.log" 2>&1; rc=$?
cat "$WORK/structure.log"
count_summary "$WORK/structure.log" $rc

tier "unit (pure-C core, valgrind)"
rm -f "$SRC/test/unit/test_core"   # never a binary built against another system's libraries
make -C "$SRC" -s test/unit/test_core >/dev/null
if command -v valgrind >/dev/null; then
  valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
    "$SRC/test/unit/test_core" >"$WORK/unit.log" 2>&1; rc=$?
else
  "$SRC/test/unit/test_core" >"$WORK/unit.log" 2>&1; rc=$?
fi
cat "$WORK/unit.log" | tail -20
if [ $rc -eq 99 ]; then echo "unit: valgrind reported leaks or errors"; FAIL=$((FAIL + 1)); rc=0; fi
count_summary "$WORK/unit.log" $rc

tier "fuzz regressions (kept crashers and seeds replayed, valgrind)"
rm -f "$SRC"/test/fuzz/replay_extract "$SRC"/test/fuzz/replay_render
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
if ! bash "$SRC/test/fixtures/make_repos.sh" "$FIX" postgres >"$WORK/fixtures.log" 2>&1; then
  tail -5 "$WORK/fixtures.log"; echo "fixtures: make_repos.sh FAILED (see above)"; FAIL=$((FAIL + 1))
fi
# the server's OS user must read the inputs and write the results
# (not the mounted fixtures and clones: their owners are part of the tests)
cp -r "$SRC/sql" "$SRC/expected" "$SRC/test" "$WORK/"
find "$WORK" -path "$WORK/mnt" -prune -o -exec chown postgres {} +
REGRESS=$(make -C "$SRC" -s -f Makefile print-regress 2>/dev/null)
runuser -u postgres -- "$PG_REGRESS" --inputdir="$WORK" $(expected_dir "$WORK") --outputdir="$WORK/regress" $PGOPTS \
  --dbname=contrib_regression $REGRESS >"$WORK/regress.log" 2>&1; rc=$?
cat "$WORK/regress.log" | grep -E '^(test|ok|not ok| )|tests' ; count_regress "$WORK/regress.log" $rc $(echo $REGRESS | wc -w)
[ -f "$WORK/regress/regression.diffs" ] && head -100 "$WORK/regress/regression.diffs"

tier "isolation (pg_isolation_regress: concurrent enrich)"
PG_ISO=$(pg_config --pkglibdir)/pgxs/src/test/isolation/pg_isolation_regress
runuser -u postgres -- "$PG_ISO" --inputdir="$WORK/test/isolation" $(expected_dir "$WORK/test/isolation") --outputdir="$WORK/isolation" $PGOPTS \
  --dbname=isolation_regression concurrent_enrich >"$WORK/isolation.log" 2>&1; rc=$?
grep -E '^(test|ok|not ok| )|tests' "$WORK/isolation.log"; count_regress "$WORK/isolation.log" $rc 1
[ -f "$WORK/isolation/regression.diffs" ] && head -60 "$WORK/isolation/regression.diffs"
runuser -u postgres -- git -C "$FIX/wb_iso" log --format=%s | grep -c 'roadmap: enrich v0.11.0' | sed 's/^/isolation: enrich commits in wb_iso = /'

tier "counter self-test (a known failure must be counted as one)"
bash "$SRC/test/count_selftest.sh" "$WORK/selftest" $PGOPTS >"$WORK/selftest.log" 2>&1; rc=$?
cat "$WORK/selftest.log"
count_summary "$WORK/selftest.log" $rc

tier "faults (SIGKILL during write-back, stale index.lock)"
bash "$SRC/test/fault.sh" >"$WORK/fault.log" 2>&1; rc=$?
cat "$WORK/fault.log"
count_summary "$WORK/fault.log" $rc

tier "bounds (crafted inputs: linear or refused, cancel within 100 ms, OOM, privilege leak)"
bash "$SRC/test/bounds.sh" >"$WORK/bounds.log" 2>&1; rc=$?
grep -vE '^ok ' "$WORK/bounds.log"
count_summary "$WORK/bounds.log" $rc

tier "docs (catalog and errors covered by docs/)"
PGHOST=/tmp PGPORT=$RE_PGPORT PGUSER=postgres bash "$SRC/test/docs_check.sh" >"$WORK/docs.log" 2>&1; rc=$?
grep -E '^MISSING' "$WORK/docs.log"; grep -E '^[0-9]+ passed, [0-9]+ failed' "$WORK/docs.log" | tail -1 | sed 's/^/docs: /'
count_summary "$WORK/docs.log" $rc

tier "dump/restore (planner's edits survive pg_dump, shipped rows are not dumped)"
PGHOST=/tmp PGPORT=$RE_PGPORT PGUSER=postgres RE_WORK=$WORK bash "$SRC/test/dump_restore.sh" >"$WORK/dump_restore.log" 2>&1; rc=$?
grep -vE '^ok ' "$WORK/dump_restore.log"
count_summary "$WORK/dump_restore.log" $rc

tier "corpus (real pg_trickle history)"
if [ -f "$CORPUS_BUNDLE" ]; then
  # empty the clone directories, not remove them: they may be mount points
  for p in /tmp/roadmap_enrich_corpus /tmp/roadmap_enrich_corpus_wb /tmp/roadmap_enrich_corpus_wb485; do
    mkdir -p "$p"; find "$p" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
    chown "$(id -u)" "$p"   # git 2.4x+ refuses a work tree whose top directory another user owns
  done
  git clone -q "$CORPUS_BUNDLE" /tmp/roadmap_enrich_corpus
  bash "$SRC/test/corpus/tag_commits.sh" /tmp/roadmap_enrich_corpus
  # writable clones for write-back: the tip on main, and #485 on a branch
  git clone -q /tmp/roadmap_enrich_corpus /tmp/roadmap_enrich_corpus_wb
  git clone -q /tmp/roadmap_enrich_corpus /tmp/roadmap_enrich_corpus_wb485
  git -C /tmp/roadmap_enrich_corpus_wb485 checkout -q -b at-485 "$(git -C /tmp/roadmap_enrich_corpus rev-parse v019-start)"
  chown -R postgres /tmp/roadmap_enrich_corpus /tmp/roadmap_enrich_corpus_wb /tmp/roadmap_enrich_corpus_wb485
  runuser -u postgres -- "$PG_REGRESS" --inputdir="$WORK/test/corpus" $(expected_dir "$WORK/test/corpus") --outputdir="$WORK/corpus" $PGOPTS \
    --dbname=corpus_regression corpus_tip corpus_history corpus_enrich corpus_writeback corpus_focus corpus_text corpus_determinism >"$WORK/corpus.log" 2>&1; rc=$?
  grep -E '^(test|ok|not ok| )|tests' "$WORK/corpus.log"; count_regress "$WORK/corpus.log" $rc 7
  [ -f "$WORK/corpus/regression.diffs" ] && head -100 "$WORK/corpus/regression.diffs"
else
  echo "corpus: skipped ($CORPUS_BUNDLE not found)"
fi

echo
echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
