#!/usr/bin/env bash
# structure.sh — the code's shape: src/pg files call each other one way only
# and libgit2 is reached only through src/core (test/pg_layers.sh).
# docs/architecture.md names every source file (test/arch_doc.sh).
# The pure-C tests' pillar rows are the shipped ones (test/pillar_fixture.sh).
# No function in src/ is over 120 lines (test/func_length.sh).
# Run after make. Prints each check and "N passed, N failed".
set -uo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
pass=0; fail=0
for t in pg_layers.sh arch_doc.sh pillar_fixture.sh func_length.sh; do
  if bash "$SRC/test/$t"; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
