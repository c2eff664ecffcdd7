#!/usr/bin/env bash
# pg_layers.sh — the files of src/pg call each other one way only.
# Builds the file-to-file call graph from the object files (a symbol defined
# in one .o and used by another is an edge) and fails on any cycle. Also
# fails when a file of src/pg other than none uses libgit2 directly
# (libgit2 is reached only through src/core: gitrepo.c, gitwrite.c).
# Usage: bash test/pg_layers.sh   (after make). Prints the edges with -v.
set -uo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
cd "$SRC"
objs=(src/pg/*.o)
[ -e "${objs[0]}" ] || { echo "pg_layers: build first (make)"; exit 2; }
declare -A owner
for o in "${objs[@]}"; do
  f=$(basename "$o" .o)
  for s in $(nm -g --defined-only "$o" | awk '{print $3}'); do owner[$s]=$f; done
done
edges=$(for o in "${objs[@]}"; do
  f=$(basename "$o" .o)
  for s in $(nm -u "$o" | awk '{print $2}'); do
    t=${owner[$s]:-}
    [ -n "$t" ] && [ "$t" != "$f" ] && echo "$f $t"
  done
done | sort -u)
[ "${1:-}" = -v ] && echo "$edges"
status=0
# tsort reports cycles on stderr
if ! cyc=$(echo "$edges" | tsort 2>&1 >/dev/null) || [ -n "$cyc" ]; then
  echo "pg_layers: call cycle between src/pg files:"; echo "$cyc"; status=1
fi
git2=$(grep -lE 'git2\.h|(^|[^a-z_])git_[a-z_]+\(' src/pg/*.c src/pg/*.h 2>/dev/null)
if [ -n "$git2" ]; then echo "pg_layers: libgit2 used outside src/core: $git2"; status=1; fi
n=$(echo "$edges" | grep -c . || true)
[ $status = 0 ] && echo "pg_layers: ${#objs[@]} files, $n call edges, no cycle, libgit2 only in core: ok"
exit $status
