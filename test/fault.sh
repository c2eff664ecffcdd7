#!/usr/bin/env bash
# fault.sh — kill the write-back worker (SIGKILL) at each write-back stage
# and check that the target file is wholly old or wholly new, the repository
# passes git fsck, no temp file is left, and the next run either succeeds
# (it resumes the interrupted intent) or fails with a clear error; then a
# stale index.lock gives a clear error naming it. Then, during the
# write-back window: cancel and terminate of the worker, a branch lock
# taken, a commit made by someone else; and a SERIALIZABLE transaction that
# fails at COMMIT (40001) — each leaves no commit, no file change, the index
# as it was, and a roadmap.run row.
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

for stage in before_files after_files after_commit after_index; do
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


# --- during the write-back window (the worker sleeps 3 s at a stage) -------
MSG="roadmap: enrich v0.11.0 with six-pillar quality items"
window() { # window NAME STAGE ACTION: enrich in the background, ACTION while the worker waits at STAGE
  local name=$1 stage=$2 action=$3 pid=""
  R=$FIX/wb_win_$name
  rm -rf "$R"; cp -r "$FIX/sample" "$R"; chown -R postgres "$R"
  old=$(md5sum < "$R/$F"); idx=$(md5sum < "$R/.git/index"); head0=$(g rev-parse HEAD)
  $PSQL -d fault_db -v VERBOSITY=verbose -c "SET roadmap_enrich.debug_fault_delay = '$stage:3000'" \
        -c "SELECT count(*) FROM roadmap.enrich('0.11.0', '$R')" > "/tmp/roadmap_enrich_fault_$name.out" 2>&1 &
  client=$!
  for i in $(seq 1 100); do
    pid=$($PSQL -d postgres -c "SELECT pid FROM pg_stat_activity WHERE backend_type = 'roadmap_enrich write-back' AND query LIKE '%wb_win_$name%' AND wait_event = 'PgSleep'")
    [ -n "$pid" ] && break; sleep 0.05
  done
  check "$name: the worker reached $stage" $([ -n "$pid" ] && echo 0 || echo 1)
  eval "$action"
  wait $client
  out=$(cat "/tmp/roadmap_enrich_fault_$name.out"); rm -f "/tmp/roadmap_enrich_fault_$name.out"
  echo "     $name: $(echo "$out" | grep -E 'WARNING|DETAIL' | head -2 | tr '\n' ' ')"
}
unchanged() { # unchanged NAME: no commit of ours, file and index as before, status clean
  check "$1: no write-back commit" $([ "$(g log --format=%s -1)" != "$MSG" ] && echo 0 || echo 1)
  check "$1: target file unchanged" $([ "$(md5sum < "$R/$F")" = "$old" ] && echo 0 || echo 1)
  check "$1: index exactly as before" $([ "$(md5sum < "$R/.git/index")" = "$idx" ] && echo 0 || echo 1)
  check "$1: git status clean" $([ -z "$(g status --porcelain)" ] && echo 0 || echo 1)
}
logged() { # logged NAME SQLSTATE: the failure is a roadmap.run row
  local n
  n=$($PSQL -d fault_db -c "SELECT count(*) FROM roadmap.run WHERE kind = 'writeback' AND outcome = 'error' AND error LIKE '$2:%' AND (error LIKE '%wb_win_$1%' OR repo_id = (SELECT repo_id FROM roadmap.repository WHERE path = '$R'))")
  check "$1: roadmap.run has the $2 row" $([ "$n" -ge 1 ] && echo 0 || echo 1)
}
again() { # again NAME: the next enrich commits
  $PSQL -d fault_db -c "SET client_min_messages = warning" -c "SELECT count(*) FROM roadmap.enrich('0.11.0', '$R')" >/dev/null 2>&1
  check "$1: the next enrich commits" $([ "$(g log --format=%s -1)" = "$MSG" ] && [ -z "$(g status --porcelain)" ] && echo 0 || echo 1)
}

window cancel after_files '$PSQL -d postgres -c "SELECT pg_cancel_backend($pid)" >/dev/null'
echo "$out" | grep -q 'WARNING.*failed' && echo "$out" | grep -q '57014'; check "cancel: COMMIT reports the failure (57014)" $?
unchanged cancel; logged cancel 57014; again cancel

window terminate before_files '$PSQL -d postgres -c "SELECT pg_terminate_backend($pid)" >/dev/null'
echo "$out" | grep -q '57P01'; check "terminate: COMMIT reports the failure (57P01)" $?
unchanged terminate; logged terminate 57P01; again terminate

window branchlock after_files 'touch "$R/.git/refs/heads/main.lock"'
echo "$out" | grep -q '55P03' && echo "$out" | grep -q 'main.lock'; check "branch lock: clear error naming the lock (55P03)" $?
unchanged branchlock; logged branchlock 55P03
rm -f "$R/.git/refs/heads/main.lock"; again branchlock

window moved after_files 'g -c user.name=Human -c user.email=h@example.com commit -q --allow-empty -m "human: commit during the write-back"'
echo "$out" | grep -q '40001'; check "moved: the write-back refuses (40001)" $?
check "moved: the other commit is kept on top" $([ "$(g log --format=%s -1)" = "human: commit during the write-back" ] && [ "$(g rev-parse HEAD~1)" = "$head0" ] && echo 0 || echo 1)
check "moved: target file unchanged" $([ "$(md5sum < "$R/$F")" = "$old" ] && echo 0 || echo 1)
check "moved: git status clean" $([ -z "$(g status --porcelain)" ] && echo 0 || echo 1)
logged moved 40001; again moved

# --- SERIALIZABLE: the enriching transaction fails at COMMIT with 40001 ------
R=$FIX/wb_win_serial
rm -rf "$R"; cp -r "$FIX/sample" "$R"; chown -R postgres "$R"
old=$(md5sum < "$R/$F"); idx=$(md5sum < "$R/.git/index")
$PSQL -d fault_db -c "DROP TABLE IF EXISTS skew; CREATE TABLE skew (k int)" >/dev/null
$PSQL -d fault_db -v VERBOSITY=verbose > /tmp/roadmap_enrich_fault_serial.out 2>&1 <<SQL &
BEGIN ISOLATION LEVEL SERIALIZABLE;
SELECT count(*) FROM skew WHERE k = 2;
SELECT count(*) > 0 FROM roadmap.enrich('0.11.0', '$R');
INSERT INTO skew VALUES (1);
SELECT pg_sleep(2);
COMMIT;
SQL
s1=$!
sleep 1
$PSQL -d fault_db -c "BEGIN ISOLATION LEVEL SERIALIZABLE" -c "SELECT count(*) FROM skew WHERE k = 1" \
      -c "INSERT INTO skew VALUES (2)" -c "COMMIT" >/dev/null 2>&1
wait $s1
out=$(cat /tmp/roadmap_enrich_fault_serial.out); rm -f /tmp/roadmap_enrich_fault_serial.out
echo "     serializable: $(echo "$out" | grep -E 'ERROR' | head -1)"
echo "$out" | grep -q 'ERROR:  40001'; check "serializable: COMMIT fails with 40001" $?
unchanged serializable
for i in $(seq 1 50); do
  n=$($PSQL -d fault_db -c "SELECT count(*) FROM roadmap.run WHERE kind = 'writeback' AND error LIKE '40000:%wb_win_serial dropped%'")
  [ "$n" -ge 1 ] && break; sleep 0.1
done
check "serializable: roadmap.run has the dropped-intent row" $([ "$n" -ge 1 ] && echo 0 || echo 1)

$PSQL -d postgres -c "DROP DATABASE IF EXISTS fault_db" >/dev/null 2>&1
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
