-- Commits spread over the real history, both roadmap layouts: each ingest
-- replaces the previous commit's rows; a summary of each is kept in snap.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
CREATE TEMP TABLE snap (n int, tag text, layout text, releases int, planned int, items int,
	changelog_versions int, newest_released text, first_planned text);
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'c100') AS repo_id \gset
INSERT INTO snap SELECT 1, 'c100', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'c150') AS repo_id \gset
INSERT INTO snap SELECT 2, 'c150', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'c200') AS repo_id \gset
INSERT INTO snap SELECT 3, 'c200', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'c250') AS repo_id \gset
INSERT INTO snap SELECT 4, 'c250', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'c300') AS repo_id \gset
INSERT INTO snap SELECT 5, 'c300', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'c350') AS repo_id \gset
INSERT INTO snap SELECT 6, 'c350', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'v019-start') AS repo_id \gset
INSERT INTO snap SELECT 7, 'v019-start', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
-- monolithic layout: v0.19.0 has exactly CORR-1..CORR-6 among its items
SELECT string_agg(item_id, ',' ORDER BY line) AS corr_items FROM roadmap.item
 WHERE repo_id = :repo_id AND version = '0.19.0' AND item_id LIKE 'CORR-%';
SELECT version, status, line_start, line_end, effort FROM roadmap.release
 WHERE repo_id = :repo_id AND version IN ('0.18.0', '0.19.0') ORDER BY version_key;
SELECT count(*) AS items_019, count(DISTINCT pillar) AS pillars_019 FROM roadmap.item WHERE repo_id = :repo_id AND version = '0.19.0';
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'c380') AS repo_id \gset
INSERT INTO snap SELECT 8, 'c380', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'c400') AS repo_id \gset
INSERT INTO snap SELECT 9, 'c400', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'c420') AS repo_id \gset
INSERT INTO snap SELECT 10, 'c420', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'c440') AS repo_id \gset
INSERT INTO snap SELECT 11, 'c440', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'before-index') AS repo_id \gset
INSERT INTO snap SELECT 12, 'before-index', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'index-layout') AS repo_id \gset
INSERT INTO snap SELECT 13, 'index-layout', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'c450') AS repo_id \gset
INSERT INTO snap SELECT 14, 'c450', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'c460') AS repo_id \gset
INSERT INTO snap SELECT 15, 'c460', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus', 'c468') AS repo_id \gset
INSERT INTO snap SELECT 16, 'c468', p.layout,
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id),
	(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released'),
	(SELECT count(*) FROM roadmap.item i WHERE i.repo_id = p.repo_id),
	(SELECT count(DISTINCT version) FROM roadmap.changelog_entry c WHERE c.repo_id = p.repo_id),
	(SELECT max(version_key)::text FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status = 'released'),
	(SELECT version FROM roadmap.release r WHERE r.repo_id = p.repo_id AND r.status <> 'released' ORDER BY version_key LIMIT 1)
  FROM roadmap.repository p WHERE p.repo_id = :repo_id;
SELECT * FROM snap ORDER BY n;
SELECT count(*) AS ingests, count(*) FILTER (WHERE outcome = 'success') AS successes
  FROM roadmap.run WHERE kind = 'ingest';
