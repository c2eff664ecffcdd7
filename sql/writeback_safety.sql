-- Write-back that can never hurt a repository (issue 13): confined to the
-- work tree, applied after COMMIT from committed state (intent, then
-- effect), blind to nobody's work, faithful to mode and line endings.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
SET client_min_messages = warning;
\set F /tmp/roadmap_enrich_fixtures

-- 1. Confined to the work tree --------------------------------------------
-- a crafted tree whose ".." entry appears twice, the roadmap linking v0.11.0
-- to ../escape/…: refused, nothing written outside the repository
SELECT count(*) FROM roadmap.enrich('0.11.0', :'F' || '/wb_dotdot');
\echo :LAST_ERROR_SQLSTATE
\! ls -d /tmp/roadmap_enrich_fixtures/escape 2>&1 | sed 's/.*: //'; git -C /tmp/roadmap_enrich_fixtures/wb_dotdot log --format=%s -1
-- the same with a ".git" entry: the repository's own .git/config is the target
\! md5sum < /tmp/roadmap_enrich_fixtures/wb_dotgit/.git/config > /tmp/roadmap_enrich_fixtures/wb_dotgit/.git/before.md5
SELECT count(*) FROM roadmap.enrich('0.11.0', :'F' || '/wb_dotgit');
\echo :LAST_ERROR_SQLSTATE
\! md5sum < /tmp/roadmap_enrich_fixtures/wb_dotgit/.git/config | cmp -s - /tmp/roadmap_enrich_fixtures/wb_dotgit/.git/before.md5 && echo ".git/config unchanged"; git -C /tmp/roadmap_enrich_fixtures/wb_dotgit log --format=%s -1
-- a .git file pointing at a git directory outside allowed_roots
SET roadmap_enrich.allowed_roots = '/tmp/roadmap_enrich_fixtures';
SELECT count(*) FROM roadmap.enrich('0.11.0', :'F' || '/wb_gitfile');
\echo :LAST_ERROR_SQLSTATE
RESET roadmap_enrich.allowed_roots;
\! git -C /tmp/roadmap_enrich_fixtures/wb_gitfile log --format=%s -1; git -C /tmp/roadmap_enrich_fixtures/wb_gitfile status --porcelain | wc -l

-- 2. Intent, then effect -----------------------------------------------------
-- the calling transaction only records the intent: nothing happens before COMMIT
BEGIN;
SELECT count(*) > 0 AS proposed FROM roadmap.enrich('0.11.0', :'F' || '/wb_twice');
SELECT state, version, paths, files_only, message FROM roadmap.writeback w
 WHERE repo_path = :'F' || '/wb_twice';
\! git -C /tmp/roadmap_enrich_fixtures/wb_twice log --format=%s -1; git -C /tmp/roadmap_enrich_fixtures/wb_twice status --porcelain | wc -l
-- waiting for it inside the transaction that queued it is an error
SAVEPOINT w;
\set VERBOSITY sqlstate
SELECT * FROM roadmap.wait_writeback((SELECT max(intent_id) FROM roadmap.writeback));
\set VERBOSITY default
ROLLBACK TO SAVEPOINT w;
-- a second render of the same release in the transaction replaces the intent
SELECT length(roadmap.render('0.11.0', :'F' || '/wb_twice')) > 0 AS rendered_again;
SELECT count(*) AS intents FROM roadmap.writeback WHERE repo_path = :'F' || '/wb_twice';
COMMIT;
-- after COMMIT: exactly one commit, the work tree clean, the outcome recorded
\! git -C /tmp/roadmap_enrich_fixtures/wb_twice log --format=%s | head -2; git -C /tmp/roadmap_enrich_fixtures/wb_twice status --porcelain | wc -l
SELECT w.state, w.commit = r.commit AS run_names_the_commit, r.outcome, r.counts->'paths' AS paths
  FROM roadmap.writeback w JOIN roadmap.run r ON r.kind = 'writeback' AND (r.counts->>'intent')::bigint = w.intent_id
 WHERE w.repo_path = :'F' || '/wb_twice';
SELECT state, commit IS NOT NULL AS has_commit FROM roadmap.wait_writeback(timeout => '5 s');
-- savepoint rolled back: the intent is gone, no commit, no file change
BEGIN;
SAVEPOINT s;
SELECT count(*) > 0 AS proposed FROM roadmap.enrich('0.11.0', :'F' || '/wb_sp');
ROLLBACK TO SAVEPOINT s;
COMMIT;
-- an exception caught around the enrich: the same
DO $$
BEGIN
  PERFORM count(*) FROM roadmap.enrich('0.11.0', '/tmp/roadmap_enrich_fixtures/wb_exc');
  RAISE EXCEPTION 'caller changes its mind';
EXCEPTION WHEN raise_exception THEN NULL;
END $$;
\! for r in wb_sp wb_exc; do git -C /tmp/roadmap_enrich_fixtures/$r log --format=%s -1; git -C /tmp/roadmap_enrich_fixtures/$r status --porcelain | wc -l; done
SELECT count(*) AS queued_intents FROM roadmap.writeback WHERE repo_path IN (:'F' || '/wb_sp', :'F' || '/wb_exc');
-- each dropped intent is a roadmap.run row (written by a worker: wait for it)
\! for i in $(seq 1 100); do n=$(psql -X -At -h /tmp -p "$PGPORT" -d contrib_regression -c "select count(*) from roadmap.run where kind = 'writeback' and error ~ 'wb_(sp|exc) dropped'"); [ "$n" -ge 2 ] && break; sleep 0.1; done
SELECT outcome, regexp_replace(error, 'intent \d+', 'intent N') AS error FROM roadmap.run
 WHERE kind = 'writeback' AND error ~ 'wb_(sp|exc) dropped' ORDER BY error;

-- 3. Clear errors, the index exactly as before, the next run succeeds -------
\! md5sum < /tmp/roadmap_enrich_fixtures/wb_author/.git/index > /tmp/roadmap_enrich_fixtures/wb_author/.git/before.md5
SET roadmap_enrich.author_name = 'Bad <Name>';
SELECT count(*) FROM roadmap.enrich('0.11.0', :'F' || '/wb_author');
\echo :LAST_ERROR_SQLSTATE
RESET roadmap_enrich.author_name;
\! md5sum < /tmp/roadmap_enrich_fixtures/wb_author/.git/index | cmp -s - /tmp/roadmap_enrich_fixtures/wb_author/.git/before.md5 && echo "index unchanged"; git -C /tmp/roadmap_enrich_fixtures/wb_author status --porcelain | wc -l
SELECT count(*) > 0 AS proposed FROM roadmap.enrich('0.11.0', :'F' || '/wb_author');
\! git -C /tmp/roadmap_enrich_fixtures/wb_author log --format=%s -1
-- a held branch lock (refs/heads/main.lock)
\! touch /tmp/roadmap_enrich_fixtures/wb_lock/.git/refs/heads/main.lock; md5sum < /tmp/roadmap_enrich_fixtures/wb_lock/.git/index > /tmp/roadmap_enrich_fixtures/wb_lock/.git/before.md5
SELECT count(*) FROM roadmap.enrich('0.11.0', :'F' || '/wb_lock');
\echo :LAST_ERROR_SQLSTATE
\! md5sum < /tmp/roadmap_enrich_fixtures/wb_lock/.git/index | cmp -s - /tmp/roadmap_enrich_fixtures/wb_lock/.git/before.md5 && echo "index unchanged"; rm /tmp/roadmap_enrich_fixtures/wb_lock/.git/refs/heads/main.lock
SELECT count(*) > 0 AS proposed FROM roadmap.enrich('0.11.0', :'F' || '/wb_lock');
\! git -C /tmp/roadmap_enrich_fixtures/wb_lock log --format=%s -1; git -C /tmp/roadmap_enrich_fixtures/wb_lock status --porcelain | wc -l
-- a failed push: the commit is kept, the work tree clean, the failure logged on its own
SET roadmap_enrich.push_remote = 'origin';
\set VERBOSITY terse
SELECT count(*) > 0 AS proposed FROM roadmap.enrich('0.11.0', :'F' || '/wb_push');
\set VERBOSITY default
RESET roadmap_enrich.push_remote;
\! git -C /tmp/roadmap_enrich_fixtures/wb_push log --format=%s -1; git -C /tmp/roadmap_enrich_fixtures/wb_push status --porcelain | wc -l
SELECT r.kind, r.outcome, r.error IS NOT NULL AS has_error, split_part(r.error, ':', 1) AS sqlstate
  FROM roadmap.run r JOIN roadmap.repository p USING (repo_id)
 WHERE p.path = :'F' || '/wb_push' AND r.kind IN ('writeback', 'push') ORDER BY r.run_id;

-- 4. Nobody's work is touched -------------------------------------------------
-- a change staged in another file stays staged, and out of the commit
SELECT count(*) > 0 AS proposed FROM roadmap.enrich('0.11.0', :'F' || '/wb_staged');
\! cd /tmp/roadmap_enrich_fixtures/wb_staged && git show --stat --format=%s HEAD && git diff --cached --name-only && git diff --cached | grep '^+-'
-- two index entries differing only in case (core.ignorecase = true): refused, the edit kept
\! echo 'my edit' >> /tmp/roadmap_enrich_fixtures/wb_case/roadmap/V0.11.0.md-full.md
SELECT count(*) FROM roadmap.enrich('0.11.0', :'F' || '/wb_case');
\echo :LAST_ERROR_SQLSTATE
\! tail -1 /tmp/roadmap_enrich_fixtures/wb_case/roadmap/V0.11.0.md-full.md; git -C /tmp/roadmap_enrich_fixtures/wb_case log --format=%s -1
-- assume-unchanged and skip-worktree hide an edit from git status: the hash does not
\! echo 'hidden edit' >> /tmp/roadmap_enrich_fixtures/wb_assume/roadmap/v0.11.0.md-full.md; echo 'hidden edit' >> /tmp/roadmap_enrich_fixtures/wb_skip/roadmap/v0.11.0.md-full.md; git -C /tmp/roadmap_enrich_fixtures/wb_assume status --porcelain | wc -l
SELECT count(*) FROM roadmap.enrich('0.11.0', :'F' || '/wb_assume');
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM roadmap.enrich('0.11.0', :'F' || '/wb_skip');
\echo :LAST_ERROR_SQLSTATE
\! for r in wb_assume wb_skip; do tail -1 /tmp/roadmap_enrich_fixtures/$r/roadmap/v0.11.0.md-full.md; git -C /tmp/roadmap_enrich_fixtures/$r log --format=%s -1; done
-- HEAD on a tag: refused, the tag does not move
SELECT count(*) FROM roadmap.enrich('0.11.0', :'F' || '/wb_tag');
\echo :LAST_ERROR_SQLSTATE
\! cd /tmp/roadmap_enrich_fixtures/wb_tag && [ "$(git rev-parse 'refs/tags/v-frozen^{commit}')" = "$(git rev-parse main)" ] && echo "tag unchanged" && git log --format=%s -1 main

-- 5. Faithful files -----------------------------------------------------------
-- autocrlf work tree, mode 0664: both kept; the blob itself has LF endings
SELECT count(*) > 0 AS proposed FROM roadmap.enrich('0.11.0', :'F' || '/wb_crlf');
\! cd /tmp/roadmap_enrich_fixtures/wb_crlf && f=roadmap/v0.11.0.md-full.md && git log --format=%s -1 && stat -c %a $f && cr=$(printf '\r') && echo "lines $(wc -l < $f), CRLF lines $(grep -c "$cr\$" $f), CR in blob $(git show HEAD:$f | grep -c "$cr")" && git status --porcelain | wc -l
