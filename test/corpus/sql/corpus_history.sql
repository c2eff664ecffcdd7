-- Commits spread over the real history, both roadmap layouts: each ingest
-- replaces the previous commit's rows; a summary of each is kept in snap.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
CREATE TEMP TABLE snap (n int, tag text, layout text, releases int, planned int, items int,
	changelog_versions int, newest_released text, first_planned text);
-- ingest one tagged commit and keep its summary
-- (two statements: the second must see what the first wrote)
CREATE FUNCTION pg_temp.snap(n int, tag text) RETURNS void LANGUAGE sql AS $$
	SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', tag);
	INSERT INTO snap SELECT n, tag, p.layout,
		(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
		(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
		(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
		(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
		(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
		(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
	  FROM roadmap.repository p WHERE p.path = '/tmp/roadmap_enrich_corpus'
$$;
SELECT pg_temp.snap(1, 'c100');
SELECT pg_temp.snap(2, 'c150');
SELECT pg_temp.snap(3, 'c200');
SELECT pg_temp.snap(4, 'c250');
SELECT pg_temp.snap(5, 'c300');
SELECT pg_temp.snap(6, 'c350');
SELECT pg_temp.snap(7, 'v019-start');
-- monolithic layout: v0.19.0 has exactly CORR-1..CORR-6 among its items
SELECT repo_id FROM roadmap.repository WHERE path = '/tmp/roadmap_enrich_corpus' \gset
SELECT string_agg(item_id, ',' ORDER BY line) AS corr_items FROM roadmap.item
 WHERE repo_id = :repo_id AND version = '0.19.0' AND item_id LIKE 'CORR-%';
SELECT version, status, line_start, line_end, effort FROM roadmap.release
 WHERE repo_id = :repo_id AND version IN ('0.18.0', '0.19.0') ORDER BY version_key;
SELECT count(*) AS items_019, count(DISTINCT pillar) AS pillars_019 FROM roadmap.item WHERE repo_id = :repo_id AND version = '0.19.0';
SELECT pg_temp.snap(8, 'c380');
SELECT pg_temp.snap(9, 'c400');
SELECT pg_temp.snap(10, 'c420');
SELECT pg_temp.snap(11, 'c440');
SELECT pg_temp.snap(12, 'before-index');
SELECT pg_temp.snap(13, 'index-layout');
SELECT pg_temp.snap(14, 'c450');
SELECT pg_temp.snap(15, 'c460');
SELECT pg_temp.snap(16, 'c468');
SELECT * FROM snap ORDER BY n;
SELECT count(*) AS ingests, count(*) FILTER (WHERE outcome = 'success') AS successes
  FROM roadmap.run WHERE kind = 'ingest';
