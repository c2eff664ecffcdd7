-- Write-back: only on COMMIT, atomically, never over uncommitted edits,
-- one commit with the exact message, idempotent, pushable.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
-- commit ids depend on the clock: keep the NOTICE that names them out of the output
SET client_min_messages = warning;
-- ROLLBACK writes nothing and commits nothing
BEGIN;
SELECT count(*) > 0 AS proposed FROM roadmap.enrich('0.11.0', '/tmp/roadmap_enrich_fixtures/wb_rollback');
ROLLBACK;
\! git -C /tmp/roadmap_enrich_fixtures/wb_rollback log --format=%s | head -1; git -C /tmp/roadmap_enrich_fixtures/wb_rollback status --porcelain | wc -l
-- a dirty target file: clear error, the edit is kept, no commit
\! echo 'my unsaved edit' >> /tmp/roadmap_enrich_fixtures/wb_dirty/roadmap/v0.11.0.md-full.md
SELECT count(*) FROM roadmap.enrich('0.11.0', '/tmp/roadmap_enrich_fixtures/wb_dirty');
\echo :LAST_ERROR_SQLSTATE
\! tail -1 /tmp/roadmap_enrich_fixtures/wb_dirty/roadmap/v0.11.0.md-full.md; git -C /tmp/roadmap_enrich_fixtures/wb_dirty log --format=%s | head -1
-- detached HEAD, bare repositories and a merge in progress are refused for write-back
SELECT count(*) FROM roadmap.enrich('0.11.0', '/tmp/roadmap_enrich_fixtures/wb_detached');
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM roadmap.enrich('0.11.0', '/tmp/roadmap_enrich_fixtures/bare.git');
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM roadmap.enrich('0.11.0', '/tmp/roadmap_enrich_fixtures/wb_merge');
\echo :LAST_ERROR_SQLSTATE
-- … but apply => false still works there
SELECT count(*) > 0 AS proposed FROM roadmap.enrich('0.11.0', '/tmp/roadmap_enrich_fixtures/bare.git', apply => false);
-- the real thing, with a push to the local bare origin
SET roadmap_enrich.push_remote = 'origin';
SELECT count(*) AS proposals FROM roadmap.enrich('0.11.0', '/tmp/roadmap_enrich_fixtures/wb');
RESET roadmap_enrich.push_remote;
\! cd /tmp/roadmap_enrich_fixtures/wb && git log --format=%s | head -2 && git status --porcelain | wc -l && git show --stat --format= HEAD && git -C ../wb_remote.git log --format=%s -1
-- only the section changed: every line before it is identical, and the existing items are all there
\! cd /tmp/roadmap_enrich_fixtures/wb && git diff HEAD~1 HEAD --unified=0 | grep '^@@' | head -3
SELECT i.item_id FROM roadmap.item i JOIN roadmap.repository p USING (repo_id)
 WHERE p.path = '/tmp/roadmap_enrich_fixtures/wb' AND i.version = '0.11.0' ORDER BY i.line LIMIT 3;
-- each pillar heading once in the section, and it parses back into every item
\! cd /tmp/roadmap_enrich_fixtures/wb && for h in Correctness Stability Performance Scalability 'Ease of Use' 'Test Coverage' 'Conflicts & Risks'; do printf '%s: ' "$h"; grep -c "^### $h\$" roadmap/v0.11.0.md-full.md; done
-- the next enrich re-reads the new commit and adds nothing: no new commit
SELECT count(*) AS proposals_second_run FROM roadmap.enrich('0.11.0', '/tmp/roadmap_enrich_fixtures/wb');
\! cd /tmp/roadmap_enrich_fixtures/wb && git log --format=%s | head -2 | wc -l && git log --oneline | wc -l
SELECT count(*) AS items_now_in_section FROM roadmap.item i JOIN roadmap.repository p USING (repo_id)
 WHERE p.path = '/tmp/roadmap_enrich_fixtures/wb' AND i.version = '0.11.0';
SELECT outcome, counts->>'proposals' AS proposals, counts->>'reingested' AS reingested
  FROM roadmap.run r JOIN roadmap.repository p USING (repo_id)
 WHERE p.path = '/tmp/roadmap_enrich_fixtures/wb' AND kind = 'enrich' ORDER BY run_id;
-- monolithic: the section and its Effort Summary row change, nothing else
SELECT count(*) > 0 AS proposed FROM roadmap.enrich('0.10.0', '/tmp/roadmap_enrich_fixtures/wb_mono');
\! cd /tmp/roadmap_enrich_fixtures/wb_mono && git log --format=%s -1 && git diff HEAD~1 HEAD --stat --format= && git diff HEAD~1 HEAD | grep '^[-+]| v0.10.0'
-- render(write => false) previews without writing; diff shows what would change
SELECT length(roadmap.render('0.10.0', '/tmp/roadmap_enrich_fixtures/wb_mono', write => false)) > 0 AS previewed;
SELECT roadmap.diff('0.10.0', '/tmp/roadmap_enrich_fixtures/wb_mono') = '' AS nothing_left_to_change;
-- commit => false: the release file is written into the work tree, no commit is made
SELECT count(*) > 0 AS proposed FROM roadmap.enrich('0.11.0', '/tmp/roadmap_enrich_fixtures/wb_nocommit', apply => false);
SELECT length(roadmap.render('0.11.0', '/tmp/roadmap_enrich_fixtures/wb_nocommit', write => true, commit => false)) > 0 AS rendered;
SELECT state, commit IS NULL AS no_commit, files_only FROM roadmap.wait_writeback(timeout => '10 s');
\! cd /tmp/roadmap_enrich_fixtures/wb_nocommit && git log --format=%s | head -1 && git status --porcelain && grep -c '^### Correctness$' roadmap/v0.11.0.md-full.md
