#!/usr/bin/env bash
# fault.sh — kill the backend (SIGKILL) at each write-back stage and check
# that the target file is wholly old or wholly new, the repository passes
# git fsck, no temp file is left, and the next run either succeeds or fails
# with a clear error; then a stale index.lock gives a clear error naming it.
# Needs the test cluster (RE_PGPORT) and the fixtures; run as root.
set -uo pipefail
PORT=${RE_PGPORT:-55439}
FIX=/tmp/roadmap_enrich_fixtures
F=roadmap/v0.11.0.md-full.md
PSQL="psql -X -At -h /tmp -p $PORT -U postgres"
pass=0; fail=0
check() { if [ "$2" = 0 ]; then pass=$((pass + 1)); echo "ok   $1"; else fail=$((fail + 1)); echo "FAIL $1"; fi; }
g() { runuser -u postgres -- git -C "$R" "$@"; }

$PSQL -d postgres -c "DROP DATABASE IF EXISTS fault_db" >/dev/null 2>&1
$PSQL -d postgres -c "CREATE DATABASE fault_db" >/dev/null
$PSQL -d fault_db -c "CREATE EXTENSION roadmap_enrich" >/dev/null

for stage in before_files after_files after_index; do
  R=$FIX/wb_fault_$stage
  rm -rf "$R"; cp -r "$FIX/sample" "$R"; chown -R postgres "$R"
  old=$(g show "HEAD:$F" | md5sum | cut -c1-32)
  $PSQL -d fault_db -c "SET roadmap_enrich.debug_fault_delay = '$stage:20000'" \
        -c "SELECT count(*) FROM roadmap.enrich('0.11.0', '$R')" >/dev/null 2>&1 &
  client=$!
  pid=""
  for i in $(seq 1 100); do
    pid=$($PSQL -d postgres -c "SELECT pid FROM pg_stat_activity WHERE query LIKE '%wb_fault_$stage%' AND wait_event = 'PgSleep' AND pid <> pg_backend_pid()")
    [ -n "$pid" ] && break; sleep 0.1
  done
  [ -n "$pid" ] && kill -9 "$pid"
  check "$stage: backend reached the stage and was killed" $([ -n "$pid" ] && echo 0 || echo 1)
  wait $client 2>/dev/null
  for i in $(seq 1 100); do pg_isready -q -h /tmp -p "$PORT" && $PSQL -d postgres -c "select 1" >/dev/null 2>&1 && break; sleep 0.2; done
  cur=$(md5sum < "$R/$F" | cut -c1-32)
  if [ "$cur" = "$old" ]; then state=old
  elif head -3 "$R/$F" | cmp -s - <(g show "HEAD:$F" | head -3) && tail -5 "$R/$F" | cmp -s - <(g show "HEAD:$F" | tail -5) \
       && grep -q '^### Conflicts & Risks' "$R/$F"; then state=new
  else state=mangled; fi
  echo "     $stage: target file is wholly $state"
  check "$stage: file wholly old or wholly new" $([ "$state" != mangled ] && echo 0 || echo 1)
  g fsck --no-progress >/dev/null 2>&1; check "$stage: git fsck passes" $?
  check "$stage: no temp file left" $(ls "$R"/roadmap/*.tmp >/dev/null 2>&1 && echo 1 || echo 0)
  out=$($PSQL -d fault_db -v VERBOSITY=verbose -c "SELECT count(*) FROM roadmap.enrich('0.11.0', '$R')" 2>&1)
  if echo "$out" | grep -q "ERROR"; then
    echo "     next run: $(echo "$out" | grep -E 'ERROR|DETAIL|HINT' | tr '\n' ' ')"
    echo "$out" | grep -qE '55000|55P03' && echo "$out" | grep -q 'HINT'; check "$stage: next run fails with a clear error" $?
  else
    echo "     next run: succeeded"; check "$stage: next run succeeds" 0
  fi
done

R=$FIX/wb_fault_lock
rm -rf "$R"; cp -r "$FIX/sample" "$R"; touch "$R/.git/index.lock"; chown -R postgres "$R"
out=$($PSQL -d fault_db -v VERBOSITY=verbose -c "SELECT count(*) FROM roadmap.enrich('0.11.0', '$R')" 2>&1)
echo "     stale lock: $(echo "$out" | grep -E 'ERROR|DETAIL|HINT' | tr '\n' ' ')"
echo "$out" | grep -q '55P03' && echo "$out" | grep -q 'index.lock'; check "stale index.lock: clear error naming it" $?
check "stale index.lock: file untouched" $(g diff --quiet && echo 0 || echo 1)
rm -f "$R/.git/index.lock"
$PSQL -d fault_db -c "SET client_min_messages = warning" -c "SELECT count(*) FROM roadmap.enrich('0.11.0', '$R')" >/dev/null 2>&1
check "after removing the lock: enrich commits" $([ "$(g log --format=%s -1)" = "roadmap: enrich v0.11.0 with six-pillar quality items" ] && echo 0 || echo 1)

$PSQL -d postgres -c "DROP DATABASE IF EXISTS fault_db" >/dev/null 2>&1
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
