#!/usr/bin/env bash
# docs_check.sh — the docs cover the product: every SQL-visible object and
# GUC of the installed extension appears in docs/sql-reference.md, and every
# error message the C code raises appears in docs/troubleshooting.md.
# Needs a running server with the extension installable (PGHOST/PGPORT set).
# Prints one line per miss and "N passed, N failed".
set -uo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
PSQL="psql -X -At -d postgres"
pass=0; fail=0
ok() { pass=$((pass + 1)); }
miss() { fail=$((fail + 1)); echo "MISSING: $1"; }

$PSQL -q -c "CREATE EXTENSION IF NOT EXISTS roadmap_enrich" >/dev/null 2>&1
objects=$($PSQL -c "
  SELECT 'roadmap.' || c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'roadmap' AND c.relkind IN ('r','v')
  UNION SELECT 'roadmap.' || p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
   WHERE n.nspname = 'roadmap'
  UNION SELECT name FROM pg_settings WHERE name LIKE 'roadmap_enrich.%'
  ORDER BY 1")
[ -n "$objects" ] || { echo "docs_check: could not list the extension's objects"; echo "0 passed, 1 failed"; exit 1; }
for o in $objects; do
  grep -qF "$o" "$SRC/docs/sql-reference.md" && ok || miss "$o in docs/sql-reference.md"
done

# messages of ereport(ERROR|WARNING|NOTICE, …); compare the literal text
# before the first format directive (or after it, when that is too short)
perl -0777 -ne 'while (/ereport\(\s*(?:ERROR|WARNING|NOTICE)\s*,.*?errmsg\("((?:[^"\\]|\\.)*)"/sg) { print "$1\n" }' \
  "$SRC"/src/pg/*.c | sort -u | while IFS= read -r m; do
  plain=$(printf '%s' "$m" | sed -e 's/\\"/"/g')
  key=$(printf '%s' "$plain" | sed -e 's/%[-0-9.]*l*[sdu].*//' -e 's/[[:space:]"]*$//')
  [ ${#key} -ge 8 ] || key=$(printf '%s' "$plain" | sed -e 's/^[^%]*%[-0-9.]*l*[sdu]//' -e 's/%.*//' -e 's/^[[:space:]"]*//' -e 's/[[:space:]"]*$//')
  if grep -qF -- "$key" "$SRC/docs/troubleshooting.md"; then echo "ok"; else echo "MISSING: error \"$plain\" (looked for \"$key\") in docs/troubleshooting.md"; fi
done > /tmp/docs_check_errors.$$
while IFS= read -r l; do if [ "$l" = ok ]; then ok; else miss "${l#MISSING: }"; fi; done < /tmp/docs_check_errors.$$
rm -f /tmp/docs_check_errors.$$
$PSQL -q -c "DROP EXTENSION IF EXISTS roadmap_enrich CASCADE" >/dev/null 2>&1
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
