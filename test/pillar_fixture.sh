#!/usr/bin/env bash
# pillar_fixture.sh — the pillar rows the pure-C tests use
# (test/unit/shipped_pillars.h) are the ones the SQL scripts ship: key,
# name and prefix (sql/roadmap_enrich--0.1.0.sql), heading words and roles
# (sql/roadmap_enrich--0.1.0--0.2.0.sql), in order.
set -uo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
sql=$(sed -n "/^INSERT INTO roadmap.pillar VALUES/,/;$/p" "$SRC/sql/roadmap_enrich--0.1.0.sql" |
  grep -oE "^ *\('[a-z_]+', *[0-9]+, *'[^']+', *'[A-Z]+'" | sed -E "s/^ *\('([a-z_]+)', *[0-9]+, *'([^']+)', *'([A-Z]+)'/\1 \2 \3/")
hdr=$(grep -oE '^\s*\{"[a-z_]+", "[^"]+", "[A-Z]+"' "$SRC/test/unit/shipped_pillars.h" | sed -E 's/^\s*\{"([a-z_]+)", "([^"]+)", "([A-Z]+)"/\1 \2 \3/')
words_sql=$(grep -E "^UPDATE roadmap.pillar SET heading_words = ARRAY\[" "$SRC/sql/roadmap_enrich--0.1.0--0.2.0.sql" |
  sed -E "s/.*ARRAY\[([^]]*)\] WHERE pillar = '([a-z_]+)'.*/\2 \1/" | tr -d "'" | sed 's/, /,/g' | sort)
words_hdr=$(for v in $(grep -oE 'shipped_[a-z]+_words, [0-9]' "$SRC/test/unit/shipped_pillars.h" | cut -d, -f1); do
  key=$(grep -E "\{\"[a-z_]+\", \"[^\"]+\", \"[A-Z]+\", $v," "$SRC/test/unit/shipped_pillars.h" | sed -E 's/^\s*\{"([a-z_]+)".*/\1/')
  w=$(grep -E "^static const char \*const $v\[\]" "$SRC/test/unit/shipped_pillars.h" | sed -E 's/.*\{(.*)\};/\1/' | tr -d '"' | sed 's/, /,/g')
  echo "$key $w"; done | sort)
roles_sql=$(grep -E "^UPDATE roadmap.pillar SET role = '[a-z]+' WHERE pillar = '[a-z_]+'" "$SRC/sql/roadmap_enrich--0.1.0--0.2.0.sql" |
  sed -E "s/.*role = '([a-z]+)' WHERE pillar = '([a-z_]+)'.*/\2 \1/" | sort)
roles_hdr=$(grep -E '^\s*\{"[a-z_]+",.*, "[a-z]+"\},$' "$SRC/test/unit/shipped_pillars.h" |
  sed -E 's/^\s*\{"([a-z_]+)",.*, "([a-z]+)"\},$/\1 \2/' | sort)
status=0
[ -n "$roles_sql" ] && [ "$roles_sql" = "$roles_hdr" ] || { echo "pillar_fixture: roles differ"; diff <(echo "$roles_sql") <(echo "$roles_hdr"); status=1; }
[ -n "$sql" ] && [ "$sql" = "$hdr" ] || { echo "pillar_fixture: pillars differ"; diff <(echo "$sql") <(echo "$hdr"); status=1; }
[ -n "$words_sql" ] && [ "$words_sql" = "$words_hdr" ] || { echo "pillar_fixture: heading words differ"; diff <(echo "$words_sql") <(echo "$words_hdr"); status=1; }
[ $status = 0 ] && echo "pillar_fixture: test/unit/shipped_pillars.h matches the shipped roadmap.pillar rows ($(echo "$sql" | wc -l) pillars): ok"
exit $status
