#!/usr/bin/env bash
# run.sh SECONDS — fuzz both targets for SECONDS each, in parallel, seeded with
# the bundled sample, the test fixtures' markdown and (when present) real
# corpus files; new crashers are copied to test/fuzz/crashers/.
set -uo pipefail
SECS=${1:-60}
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
WORK=${FUZZ_WORK:-/tmp/roadmap_enrich_fuzz}
mkdir -p "$WORK/seeds" "$WORK/corpus_extract" "$WORK/corpus_render" "$WORK/artifacts"
find "$SRC/sample" -name '*.md' -exec cp {} "$WORK/seeds/" \; 2>/dev/null
cp "$SRC"/../shared/seeds/*.md "$WORK/seeds/" 2>/dev/null
B="$SRC/../shared/corpus/pg-trickle-md.bundle"
if [ -f "$B" ] && [ ! -d "$WORK/pgt" ]; then git clone -q "$B" "$WORK/pgt"; fi
if [ -d "$WORK/pgt" ]; then
  for f in ROADMAP.md CHANGELOG.md AGENTS.md roadmap/v0.33.0.md-full.md roadmap/v0.36.0.md-full.md roadmap/v0.1.x.md-full.md; do
    cp "$WORK/pgt/$f" "$WORK/seeds/$(echo "$f" | tr / _)" 2>/dev/null
  done
  git -C "$WORK/pgt" show "$(git -C "$WORK/pgt" log --format=%H --grep='chore: start v0.19.0' -n1):ROADMAP.md" > "$WORK/seeds/ROADMAP_monolithic.md"
fi
for t in extract render; do
  "$HERE/fuzz_$t" -max_total_time="$SECS" -max_len=200000 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$WORK/artifacts/$t-" "$WORK/corpus_$t" "$WORK/seeds" >"$WORK/$t.log" 2>&1 &
done
wait
for t in extract render; do echo "fuzz_$t: $(grep -E '^#[0-9]+.*(DONE|pulse)' "$WORK/$t.log" | tail -1)"; done
n=0
for c in "$WORK"/artifacts/*; do [ -f "$c" ] || continue; cp "$c" "$HERE/crashers/"; n=$((n + 1)); done
echo "new crash/timeout/leak artifacts: $n (kept in test/fuzz/crashers/)"
