#!/usr/bin/env bash
# dump_restore.sh — the planner's edits survive pg_dump / pg_restore, and the
# rows the extension ships are neither dumped nor duplicated.
# A source database gets an edited shipped focus area, a disabled shipped
# probe, a new focus area and a new probe that uses it, an edited shipped
# pillar and a new pillar; it is dumped (custom
# and plain format) and restored into fresh databases.
# Needs a running server with the extension installable (PGHOST/PGPORT/PGUSER
# set, as for docs_check.sh). Prints one line per check and "N passed, N failed".
set -uo pipefail
BIN=$(pg_config --bindir)
DIR=${RE_WORK:-/tmp/roadmap_enrich_test}/dump_restore
PSQL="$BIN/psql -X -At -v ON_ERROR_STOP=1"
pass=0; fail=0
check() { # check NAME EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then pass=$((pass + 1)); echo "ok   $1"; else fail=$((fail + 1)); echo "FAIL $1: expected '$2', got '$3'"; fi
}
rm -rf "$DIR"; mkdir -p "$DIR"; chmod 777 "$DIR"
for db in re_dump_src re_dump_custom re_dump_plain; do $PSQL -d postgres -q -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $db" ; done
$PSQL -d postgres -q -c "CREATE DATABASE re_dump_src"
$PSQL -d re_dump_src -q <<'SQL'
CREATE EXTENSION roadmap_enrich;
UPDATE roadmap.focus_area SET title = 'Planner edited this title', effort = 'L' WHERE focus_id = 'corr_null_agg';
UPDATE roadmap.probe SET enabled = false WHERE probe_id = 'todo_fixme';
INSERT INTO roadmap.focus_area (focus_id, pillar, ord, name, match, effort, title, rationale, verify)
  VALUES ('corr_planner_added', 'correctness', 99, 'Planner-added area', 'planner', 'S',
          'Planner-added title', 'a planner added this', 'a planner checks this');
INSERT INTO roadmap.probe (probe_id, focus_id, description, path_glob, pattern, title, verify_command)
  VALUES ('planner_probe', 'corr_planner_added', 'a planner probe', 'src/**/*.c', 'TODO', 'Fix {hits} TODOs', 'git grep TODO');
UPDATE roadmap.pillar SET enabled = false, role = 'critical', heading_words = '{scale}' WHERE pillar = 'scalability';
INSERT INTO roadmap.pillar (pillar, ord, name, prefix, question, heading_words)
  VALUES ('security', 7, 'Security', 'SEC', 'Could a user read what they must not?', '{hardening}');
SQL
state() { # a database's user-editable rows, as one text
  $PSQL -d "$1" -c "SELECT string_agg(x, ' | ' ORDER BY x COLLATE \"C\") FROM (
      SELECT 'pillar ' || p::text AS x FROM roadmap.pillar p
      UNION ALL SELECT 'focus ' || f::text FROM roadmap.focus_area f
      UNION ALL SELECT 'probe ' || p::text FROM roadmap.probe p) s"
}
counts() { $PSQL -d "$1" -c "SELECT (SELECT count(*) FROM roadmap.pillar) || '/' || (SELECT count(*) FROM roadmap.focus_area) || '/' || (SELECT count(*) FROM roadmap.probe)"; }
src_state=$(state re_dump_src); src_counts=$(counts re_dump_src)
check "source: 6 rows are the planner's (builtin = false)" 6 \
  "$($PSQL -d re_dump_src -c "SELECT (SELECT count(*) FROM roadmap.focus_area WHERE NOT builtin) + (SELECT count(*) FROM roadmap.probe WHERE NOT builtin) + (SELECT count(*) FROM roadmap.pillar WHERE NOT builtin)")"

"$BIN/pg_dump" -Fc -d re_dump_src -f "$DIR/src.dump"; check "pg_dump (custom) succeeds" 0 $?
"$BIN/pg_dump" -d re_dump_src -f "$DIR/src.sql"; check "pg_dump (plain) succeeds" 0 $?
# only the planner's rows are in the dump: 2 focus areas, 2 probes, 2 pillars
data=$("$BIN/pg_restore" --data-only -f - "$DIR/src.dump" | awk '/^COPY roadmap\./{t=$2; next} /^\\\.$/{t=""; next} t{n[t]++} END{for (k in n) print k, n[k]}' | sort | tr '\n' ';')
check "dump holds only the planner's rows" "roadmap.focus_area 2;roadmap.pillar 2;roadmap.probe 2;" "$data"

$PSQL -d postgres -q -c "CREATE DATABASE re_dump_custom" -c "CREATE DATABASE re_dump_plain"
"$BIN/pg_restore" --exit-on-error -d re_dump_custom "$DIR/src.dump" 2>"$DIR/restore_custom.err"
check "pg_restore --exit-on-error succeeds" 0 $?
$PSQL -d re_dump_plain -q -f "$DIR/src.sql" >/dev/null 2>"$DIR/restore_plain.err"
check "plain dump restores with ON_ERROR_STOP" 0 $?
for db in re_dump_custom re_dump_plain; do
  check "$db: same pillar/focus/probe counts (no duplicated shipped rows)" "$src_counts" "$(counts $db)"
  check "$db: the edited focus area survives" "Planner edited this title|L|false" \
    "$($PSQL -d $db -c "SELECT title || '|' || effort || '|' || builtin FROM roadmap.focus_area WHERE focus_id = 'corr_null_agg'")"
  check "$db: the disabled probe stays disabled" "f" "$($PSQL -d $db -c "SELECT enabled FROM roadmap.probe WHERE probe_id = 'todo_fixme'")"
  check "$db: the added focus area and probe survive" "1" \
    "$($PSQL -d $db -c "SELECT count(*) FROM roadmap.focus_area f JOIN roadmap.probe p USING (focus_id) WHERE f.focus_id = 'corr_planner_added' AND p.probe_id = 'planner_probe'")"
  check "$db: the edited and the added pillar survive" "scalability f critical {scale}|security t  {hardening}" \
    "$($PSQL -d $db -c "SELECT string_agg(concat_ws(' ', pillar, enabled, coalesce(role, ''), heading_words), '|' ORDER BY ord) FROM roadmap.pillar WHERE NOT builtin")"
  check "$db: every row as in the source" "$src_state" "$(state $db)"
done
for db in re_dump_src re_dump_custom re_dump_plain; do $PSQL -d postgres -q -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $db"; done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
