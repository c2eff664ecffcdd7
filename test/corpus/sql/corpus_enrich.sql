-- The proposal engine on the real history: v0.36.0 at the tip (index
-- layout) and v0.19.0 at "chore: start v0.19.0 development cycle (#485)".
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set c '/tmp/roadmap_enrich_corpus'
SELECT roadmap.ingest(:'c') > 0 AS ingested;
SELECT roadmap.next_version(:'c') AS next_version;
CREATE TEMP TABLE tip1 AS SELECT * FROM roadmap.enrich('0.36.0', :'c', apply => false);
SELECT item_id, pillar, title, effort, priority, schema_change, source, source_ref, dependencies FROM tip1 ORDER BY ord;
SELECT p.pillar, count(t.item_id) AS items, count(t.item_id) BETWEEN 3 AND 6 AS within_3_to_6
  FROM roadmap.pillar p LEFT JOIN tip1 t USING (pillar) GROUP BY p.pillar, p.ord ORDER BY p.ord;
-- v0.36.0 lists CORR-1..2, UX-1..6, TEST-1..4: new ids start at CORR-3, UX-7, TEST-5
SELECT split_part(item_id, '-', 1) AS prefix, min(split_part(item_id, '-', 2)::int) AS first_new,
       max(split_part(item_id, '-', 2)::int) AS last_new
  FROM tip1 GROUP BY 1 ORDER BY split_part(item_id, '-', 1) COLLATE "C";
SELECT count(*) FILTER (WHERE array_length(regexp_split_to_array(title, '\s+'), 1) > 10) AS titles_over_10_words,
       count(*) FILTER (WHERE description NOT LIKE '%Verify:%') AS without_verify,
       count(*) FILTER (WHERE source = 'deferred' AND description NOT LIKE 'Deferred from v%') AS deferred_not_saying_so
  FROM tip1;
SELECT count(*) AS duplicates_of_existing FROM tip1 t JOIN roadmap.item i
    ON i.repo_id = t.repo_id AND i.version = '0.36.0' AND roadmap.word_overlap(t.title, i.title) >= 0.6;
-- deferred_items: v0.33.0's skipped TEST-3, carried from history
SELECT item_id, first_seen_version, carried_releases, carried_source FROM roadmap.deferred_items
 WHERE version = '0.33.0' AND item_id = 'TEST-3';
CREATE TEMP TABLE tip2 AS SELECT * FROM roadmap.enrich('0.36.0', :'c', apply => false);
SELECT (SELECT md5(string_agg(item_id || title || description || dependencies, '|' ORDER BY ord)) FROM tip1)
     = (SELECT md5(string_agg(item_id || title || description || dependencies, '|' ORDER BY ord)) FROM tip2) AS byte_identical;
-- the monolithic layout at #485
SELECT roadmap.ingest(:'c', 'v019-start') > 0 AS ingested_v019;
CREATE TEMP TABLE m1 AS SELECT * FROM roadmap.enrich('0.19.0', :'c', apply => false);
SELECT item_id, pillar, title, effort, priority, source FROM m1 ORDER BY ord;
SELECT p.pillar, count(m.item_id) BETWEEN 3 AND 6 AS within_3_to_6
  FROM roadmap.pillar p LEFT JOIN m1 m USING (pillar) GROUP BY p.pillar, p.ord ORDER BY p.ord;
-- v0.19.0 has CORR-1..6, STAB-1..5, PERF-1..6, SCAL-1..2, UX-1..9, TEST-1..8: numbering continues
SELECT split_part(item_id, '-', 1) AS prefix, min(split_part(item_id, '-', 2)::int) AS first_new
  FROM m1 GROUP BY 1 ORDER BY split_part(item_id, '-', 1) COLLATE "C";
CREATE TEMP TABLE m2 AS SELECT * FROM roadmap.enrich('0.19.0', :'c', apply => false);
SELECT (SELECT md5(string_agg(item_id || title || description, '|' ORDER BY ord)) FROM m1)
     = (SELECT md5(string_agg(item_id || title || description, '|' ORDER BY ord)) FROM m2) AS byte_identical;
