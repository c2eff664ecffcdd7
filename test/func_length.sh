#!/usr/bin/env bash
# func_length.sh — no function in src/ is longer than MAX lines (default 120).
# A function is counted from its name line to its closing brace, in the
# project's layout (return type, then "name(args)" at column 0, "{" and "}"
# alone at column 0). Prints every function over the limit and a summary.
# Usage: bash test/func_length.sh [MAX]
set -uo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
MAX=${1:-120}
out=$(for f in "$SRC"/src/*/*.c; do
  awk -v file="${f#$SRC/}" '
    /^[A-Za-z_][A-Za-z0-9_]*\(/ { name = $0; sub(/\(.*/, "", name); start = NR; next }
    /^\{/ && start { open = start; next }
    /^\}/ && open { print (NR - open + 1), file ":" open, name; open = 0; start = 0 }
  ' "$f"
done | sort -rn)
total=$(echo "$out" | grep -c .)
over=$(echo "$out" | awk -v m="$MAX" '$1 > m')
longest=$(echo "$out" | head -1)
if [ -n "$over" ]; then
  echo "func_length: functions over $MAX lines:"; echo "$over"
  echo "func_length: $(echo "$over" | grep -c .) of $total functions over $MAX lines: FAILED"; exit 1
fi
echo "func_length: $total functions, longest $longest, none over $MAX lines: ok"
