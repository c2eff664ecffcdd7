#!/usr/bin/env bash
# count_selftest.sh WORKDIR [PGOPTS...] — proves the result counter of
# run_all.sh cannot pass a failure: synthetic logs in both pg_regress formats
# (PostgreSQL <= 15 and 16+ TAP), then a real pg_regress run of a deliberately
# broken expected file against the running test server. Ends "N passed, N failed".
set -uo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
WORK=${1:?usage: count_selftest.sh WORKDIR [PGOPTS...]}; shift
. "$SRC/test/lib/count.sh"
mkdir -p "$WORK"
checks_ok=0; checks_bad=0
# expect NAME WANT_PASS WANT_FAIL FUNCTION ARGS... — run a counter on fresh totals
expect() {
  local name=$1 want_p=$2 want_f=$3; shift 3
  PASS=0; FAIL=0; "$@" >/dev/null
  if [ "$PASS" = "$want_p" ] && [ "$FAIL" = "$want_f" ]; then
    echo "ok   $name ($PASS passed, $FAIL failed)"; checks_ok=$((checks_ok + 1))
  else
    echo "FAIL $name: counted $PASS passed, $FAIL failed; want $want_p, $want_f"; checks_bad=$((checks_bad + 1))
  fi
}
L=$WORK/log
printf '%s\n' 'test versions                     ... ok           28 ms' \
  'parallel group (2 tests):  a b' '     a                            ... ok           10 ms' \
  '     b                            ... FAILED       11 ms' 'test c                            ... failed (ignored) 3 ms' >"$L.15"
expect "pg15 format: FAILED and failed (ignored) count" 2 2 count_regress "$L.15" 1 4
printf '%s\n' '# using temp instance' 'ok 1         - versions                                   35 ms' \
  '# parallel group (2 tests):  a b' 'ok 2         + a    1 ms' 'not ok 3     + b    2 ms' \
  'not ok 4     - ingest_errors                              88 ms' '1..4' '# 2 of 4 tests failed.' >"$L.tap"
expect "TAP format (16+): not ok lines count" 2 2 count_regress "$L.tap" 1 4
printf '%s\n' 'ok 1         - versions   3 ms' 'ok 2         - ingest_index  4 ms' >"$L.cut"
expect "results missing from the log count as failed" 2 7 count_regress "$L.cut" 0 9
expect "non-zero exit with no failing line counts" 2 1 count_regress "$L.cut" 2 2
: >"$L.empty"
expect "an empty log counts every expected test as failed" 0 9 count_regress "$L.empty" 0 9
printf '%s\n' '12 passed, 0 failed' >"$L.sum"
expect "summary line read" 12 0 count_summary "$L.sum" 0
expect "summary with non-zero exit counts" 12 1 count_summary "$L.sum" 1
printf '%s\n' 'Segmentation fault' >"$L.nosum"
expect "no summary line counts as failed" 0 1 count_summary "$L.nosum" 0

# the real thing: a deliberately broken expected file through pg_regress
if [ $# -gt 0 ]; then
  B=$WORK/broken; rm -rf "$B"; mkdir -p "$B/sql" "$B/expected"
  cp "$SRC/sql/versions.sql" "$B/sql/"; cp "$SRC/expected/versions.out" "$B/expected/"
  echo "this line is not in the output" >>"$B/expected/versions.out"
  chown -R postgres "$B"
  PG_REGRESS=$(pg_config --pkglibdir)/pgxs/src/test/regress/pg_regress
  runuser -u postgres -- "$PG_REGRESS" --inputdir="$B" $(expected_dir "$B") --outputdir="$B/out" "$@" \
    --dbname=selftest_regression versions >"$B/regress.log" 2>&1; rc=$?
  sed 's/^/     | /' "$B/regress.log" | grep -E 'ok|FAILED|failed' | head -3
  expect "real pg_regress ($(pg_config --version)), broken expected file: counted failed" 0 1 count_regress "$B/regress.log" $rc 1
  cp "$SRC/expected/versions.out" "$B/expected/"
  runuser -u postgres -- "$PG_REGRESS" --inputdir="$B" $(expected_dir "$B") --outputdir="$B/out" "$@" \
    --dbname=selftest_regression versions >"$B/regress.log" 2>&1; rc=$?
  expect "real pg_regress, intact expected file: counted passed" 1 0 count_regress "$B/regress.log" $rc 1
fi
echo "$checks_ok passed, $checks_bad failed"
[ "$checks_bad" -eq 0 ]
