#!/usr/bin/env bash
# arch_doc.sh — docs/architecture.md matches the tree: every src/ file it
# names exists, and every .c file under src/ is named there.
set -uo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
DOC="$SRC/docs/architecture.md"
status=0
for f in $(grep -oE 'src/(core|pg)/[a-z_]+\.[ch]' "$DOC" | sort -u); do
  [ -f "$SRC/$f" ] || { echo "arch_doc: $f is named in docs/architecture.md but does not exist"; status=1; }
done
for f in "$SRC"/src/*/*.c; do
  rel=${f#$SRC/}
  grep -qF "\`$rel\`" "$DOC" || { echo "arch_doc: $rel is not described in docs/architecture.md"; status=1; }
done
[ $status = 0 ] && echo "arch_doc: docs/architecture.md names every src/*.c file and only existing ones: ok"
exit $status
