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
-- a feature item names its own feature on purpose: it must not repeat any other item
SELECT count(*) AS duplicates_of_existing FROM tip1 t JOIN roadmap.item i
    ON i.repo_id = t.repo_id AND i.version = '0.36.0' AND roadmap.word_overlap(t.title, i.title) >= 0.6
   AND i.item_id IS DISTINCT FROM t.feature_ref;
-- deferred_items: v0.33.0's skipped CDC-5, carried from history (v0.33.0 -> the next, v0.36.0: 3 releases)
SELECT item_id, first_seen_version, carried_releases, carried_source FROM roadmap.deferred_items
 WHERE version = '0.33.0' AND item_id = 'CDC-5';
-- deferred items followed through later releases (issue 10): TEST-3 and BENCH-1 are ticked in
-- v0.33.0's exit criteria and COORD-4 shipped as v0.34.0 COORD-14, so they are closed; TEST-2
-- was re-planned as v0.35.0 A03 and TEST-1, which blocked it, goes with it
SELECT i.item_id, d.item_id IS NOT NULL AS still_open, d.successor_version, d.successor_id, d.successor_rule
  FROM roadmap.item i LEFT JOIN roadmap.deferred_items d USING (repo_id, version, item_id)
 WHERE i.version = '0.33.0' AND i.item_id IN ('TEST-1', 'TEST-2', 'TEST-3', 'BENCH-1', 'COORD-4')
 ORDER BY i.item_id COLLATE "C";
CREATE TEMP TABLE tip2 AS SELECT * FROM roadmap.enrich('0.36.0', :'c', apply => false);
SELECT (SELECT md5(string_agg(item_id || title || description || dependencies, '|' ORDER BY ord)) FROM tip1)
     = (SELECT md5(string_agg(item_id || title || description || dependencies, '|' ORDER BY ord)) FROM tip2) AS byte_identical;
-- issue 10: every pillar names a feature the release lists (its id or one of its backticked identifiers)
CREATE TEMP VIEW named AS
  SELECT t.repo_id, t.version, t.pillar, t.item_id, t.title, t.feature_ref, t.lens_id,
         (position(i.item_id IN t.title) > 0 OR EXISTS (
            SELECT 1 FROM regexp_matches(t.title, '`([^`]+)`', 'g') m
             WHERE position(regexp_replace(m[1], '\(\)$', '') IN i.title || ' ' || coalesce(i.description, '')) > 0)) AS names_feature
    FROM roadmap.proposal t JOIN roadmap.item i
      ON i.repo_id = t.repo_id AND i.version = t.version AND i.item_id = t.feature_ref;
SELECT p.pillar, count(n.item_id) FILTER (WHERE n.names_feature) AS items_naming_a_v036_feature
  FROM roadmap.pillar p LEFT JOIN named n ON n.pillar = p.pillar AND n.version = '0.36.0'
 GROUP BY p.pillar, p.ord ORDER BY p.ord;
-- the table of docs/proposals.md: feature and lens per item
SELECT item_id, feature_ref AS feature, lens_id AS lens, title FROM named WHERE version = '0.36.0' ORDER BY item_id COLLATE "C";
-- nothing done later, nothing stale at P0, at most 40 % P0
SELECT count(*) FILTER (WHERE t.source = 'deferred' AND d.item_id IS NULL) AS deferred_not_open,
       count(*) FILTER (WHERE t.source_ref IN ('v0.9.0 P2-4', 'v0.9.0 P2-6')) AS done_in_v0_10_0,
       count(*) FILTER (WHERE t.priority = 'P0' AND d.carried_releases > roadmap.stale_after()) AS p0_carried_past_stale_after,
       round(100.0 * count(*) FILTER (WHERE t.priority = 'P0') / count(*)) <= 40 AS p0_at_most_40_percent
  FROM tip1 t LEFT JOIN roadmap.deferred_items d
    ON d.repo_id = t.repo_id AND t.source_ref = 'v' || d.version || ' ' || d.item_id;
-- every description: 2-4 sentences with its own Verify; a deferred item quotes only its own section
SELECT count(*) FILTER (WHERE regexp_count(description, '[.!?] (?=[A-Z"`])') + 1 NOT BETWEEN 2 AND 4) AS not_2_to_4_sentences,
       count(*) FILTER (WHERE description NOT LIKE '%Verify: %') AS without_verify,
       count(*) FILTER (WHERE source = 'deferred' AND description LIKE '%It matters because%') AS borrowed_rationale,
       count(*) FILTER (WHERE source = 'deferred' AND description ~ 'section says: "' AND NOT EXISTS (
          SELECT 1 FROM roadmap.item i WHERE t.source_ref = 'v' || i.version || ' ' || i.item_id
             AND position(substring(t.description FROM 'section says: "([^"]+)"') IN coalesce(i.description, '') || ' ' || coalesce(i.title, '')) > 0)) AS quotes_other_text,
       count(*) FILTER (WHERE source = 'feature' AND description NOT LIKE 'v0.36.0 plans ' || feature_ref || ' %') AS feature_text_not_its_own
  FROM tip1 t;
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
-- the same at #485 for v0.19.0
SELECT p.pillar, count(n.item_id) FILTER (WHERE n.names_feature) AS items_naming_a_v019_feature
  FROM roadmap.pillar p LEFT JOIN named n ON n.pillar = p.pillar AND n.version = '0.19.0'
 GROUP BY p.pillar, p.ord ORDER BY p.ord;
SELECT item_id, feature_ref AS feature, lens_id AS lens, title FROM named WHERE version = '0.19.0' ORDER BY item_id COLLATE "C";
SELECT count(*) FILTER (WHERE regexp_count(description, '[.!?] (?=[A-Z"`])') + 1 NOT BETWEEN 2 AND 4) AS not_2_to_4_sentences,
       count(*) FILTER (WHERE description NOT LIKE '%Verify: %') AS without_verify,
       round(100.0 * count(*) FILTER (WHERE priority = 'P0') / count(*)) <= 40 AS p0_at_most_40_percent
  FROM m1;
-- explain at #485: NULL edge cases in PK joins, recent shipping is no penalty
SELECT item_id, title, source, shipped_recent > 0 AS shipped_recently, term_shipped, term_staleness
  FROM roadmap.explain('0.19.0', :'c') WHERE focus_area = 'corr_null_agg';
