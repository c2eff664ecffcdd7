# count.sh — sourced by run_all.sh (and its self-test): add test results to
# the totals PASS and FAIL in a way that cannot pass a failure.

# count_regress FILE RC EXPECTED — a pg_regress / pg_isolation_regress log.
# Reads both output formats: PostgreSQL <= 15 ("test x ... ok", "     x ... ok",
# "... FAILED", "... failed (ignored)") and 16+ TAP ("ok 1 - x", "ok 2 + x",
# "not ok 3 - x"). Results missing from the log (a crash, a cut log) and a
# non-zero exit with no failing line both count as failures.
count_regress() {
  local file=$1 rc=${2:-0} expected=${3:-0} ok bad seen
  ok=$(grep -cE '^(test +| +)[^ ].* \.\.\. +ok( |$)|^ok +[0-9]+ +[-+] ' "$file" 2>/dev/null)
  bad=$(grep -cE '\.\.\. +(FAILED|failed)( |$)|^not ok +[0-9]+ +[-+] ' "$file" 2>/dev/null)
  ok=${ok:-0}; bad=${bad:-0}
  seen=$((ok + bad))
  if [ "$seen" -lt "$expected" ]; then
    echo "count: $file has $seen of $expected results: $((expected - seen)) missing, counted as failed"
    bad=$((bad + expected - seen))
  fi
  if [ "$rc" -ne 0 ] && [ "$bad" -eq 0 ]; then
    echo "count: $file exited $rc with no failing test listed: counted as 1 failed"
    bad=1
  fi
  PASS=$((PASS + ok)); FAIL=$((FAIL + bad))
}

# count_summary FILE RC — a tier that ends with "N passed, N failed".
# No such line, or a non-zero exit with 0 failed, counts as one failure.
count_summary() {
  local file=$1 rc=${2:-0} line p f
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$file" 2>/dev/null | tail -1)
  if [ -z "$line" ]; then
    echo "count: $file has no 'N passed, N failed' line: counted as 1 failed"
    FAIL=$((FAIL + 1)); return
  fi
  p=$(echo "$line" | cut -d' ' -f1); f=$(echo "$line" | cut -d' ' -f3)
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "count: $file exited $rc but reported 0 failed: counted as 1 failed"
    f=1
  fi
  PASS=$((PASS + p)); FAIL=$((FAIL + f))
}

# expected_dir DIR — the option that makes pg_regress read expected files from
# DIR/expected. PostgreSQL 16+ takes them from --expecteddir, whose default is
# the current directory, not --inputdir: without it a test whose expected file
# is elsewhere is compared with the wrong file (or none) and can pass.
expected_dir() {
  if "$(pg_config --pkglibdir)/pgxs/src/test/regress/pg_regress" --help 2>/dev/null | grep -q -- '--expecteddir'; then
    echo "--expecteddir=$1"
  fi
}
