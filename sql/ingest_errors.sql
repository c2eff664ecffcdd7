-- Every bad input fails with its own SQLSTATE and a hint, and changes nothing.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
SELECT count(*) AS repos_before FROM roadmap.repository \gset
SELECT roadmap.ingest('/nonexistent');
\echo :LAST_ERROR_SQLSTATE
SELECT roadmap.ingest('relative/path');
\echo :LAST_ERROR_SQLSTATE
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/notgit');
\echo :LAST_ERROR_SQLSTATE
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/sample', 'no-such-branch');
\echo :LAST_ERROR_SQLSTATE
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/noroadmap');
\echo :LAST_ERROR_SQLSTATE
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/binary');
\echo :LAST_ERROR_SQLSTATE
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/badutf8');
\echo :LAST_ERROR_SQLSTATE
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/widetable');
\echo :LAST_ERROR_SQLSTATE
SET roadmap_enrich.max_file_bytes = '1MB';
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/huge');
\echo :LAST_ERROR_SQLSTATE
RESET roadmap_enrich.max_file_bytes;
-- the ownership check of libgit2: a clear error and the way out
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/foreign');
\echo :LAST_ERROR_SQLSTATE
SET roadmap_enrich.trust_repository_owner = on;
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/foreign') > 0 AS ingested_with_trust;
RESET roadmap_enrich.trust_repository_owner;
-- allowed roots
SET roadmap_enrich.allowed_roots = '/srv/git, /var/lib/nothing';
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/sample');
\echo :LAST_ERROR_SQLSTATE
SET roadmap_enrich.allowed_roots = '/srv/git,/tmp/roadmap_enrich_fixtures';
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/sample') > 0 AS inside_roots;
-- a prefix that is not a directory boundary does not count
SET roadmap_enrich.allowed_roots = '/tmp/roadmap_enrich_fix';
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/sample');
\echo :LAST_ERROR_SQLSTATE
-- the git directory a .git file points to must lie inside the roots too
SET roadmap_enrich.allowed_roots = '/tmp/roadmap_enrich_fixtures';
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/wb_gitfile');
\echo :LAST_ERROR_SQLSTATE
RESET roadmap_enrich.allowed_roots;
-- nothing but the successful ingests above left a trace
SELECT count(*) - :repos_before AS new_repos FROM roadmap.repository;
-- each failed call is logged in roadmap.run by a background worker (its own
-- transaction, since the caller's rolled back): wait for the 13 rows
\! for i in $(seq 1 100); do n=$(psql -X -At -h /tmp -p "$PGPORT" -d contrib_regression -c "select count(*) from roadmap.run where outcome = 'error' and kind = 'ingest'"); [ "$n" -ge 13 ] && break; sleep 0.1; done; echo "error rows: $n"
SELECT left(error, 5) AS sqlstate, count(*) FROM roadmap.run WHERE outcome = 'error' AND kind = 'ingest'
 GROUP BY 1 ORDER BY 1;
SELECT error FROM roadmap.run WHERE outcome = 'error' AND error LIKE '%no-such-branch%';
