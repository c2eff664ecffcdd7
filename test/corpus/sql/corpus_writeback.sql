-- Write-back on real history: one commit, only the target section (and its
-- effort row) changes, a second run changes nothing.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
-- commit ids depend on the clock: keep the NOTICE that names them out of the output
SET client_min_messages = warning;
SELECT count(*) > 0 AS enriched FROM roadmap.enrich('0.36.0', '/tmp/roadmap_enrich_corpus_wb');
\! cd /tmp/roadmap_enrich_corpus_wb && git log --format=%s -1 && git diff HEAD~1 HEAD --stat --format= && git status --porcelain | wc -l
-- bytes before the section (lines 1-2) identical; the hunks start inside it
\! cd /tmp/roadmap_enrich_corpus_wb && git diff HEAD~1 HEAD -U0 | grep '^@@' | head -1
-- every existing item row and exit criterion still present, each pillar heading once
\! cd /tmp/roadmap_enrich_corpus_wb && git show HEAD~1:roadmap/v0.36.0.md-full.md | grep -E '^\| [A-Z]|^- \[' | while IFS= read -r l; do grep -qxF -- "$l" roadmap/v0.36.0.md-full.md || echo "LOST: $l"; done; echo checked
\! cd /tmp/roadmap_enrich_corpus_wb && for h in Correctness Stability Performance Scalability 'Ease of Use' 'Ease of Use / Operational' 'Test Coverage' 'Conflicts & Risks' 'Exit Criteria'; do printf '%s: ' "$h"; grep -c "^### $h\$" roadmap/v0.36.0.md-full.md; done
SELECT count(*) AS second_run FROM roadmap.enrich('0.36.0', '/tmp/roadmap_enrich_corpus_wb');
\! cd /tmp/roadmap_enrich_corpus_wb && git log --format=%s | grep -c 'roadmap: enrich v0.36.0'
-- monolithic layout at #485: only the v0.19.0 section and its Effort Summary row
SELECT count(*) > 0 AS enriched FROM roadmap.enrich('0.19.0', '/tmp/roadmap_enrich_corpus_wb485');
\! cd /tmp/roadmap_enrich_corpus_wb485 && git log --format=%s -1 && git diff HEAD~1 HEAD --stat --format= && git diff HEAD~1 HEAD -U0 | grep '^@@' | sed 's/ @@.*/ @@/'
\! cd /tmp/roadmap_enrich_corpus_wb485 && git diff HEAD~1 HEAD | grep '^[-+]| v0.19.0' | sed 's/quality items ([0-9]*)/quality items (N)/'
