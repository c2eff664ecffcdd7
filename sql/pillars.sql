-- The pillar set, its order and heading words are catalog data
-- (roadmap.pillar), not C constants: a planner adds, renames or disables a
-- pillar with a row edit, and ingest, enrich and render follow.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
RESET client_min_messages;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set r '/tmp/roadmap_enrich_fixtures/mono'
SELECT pillar, ord, name, prefix, heading_words, enabled, builtin FROM roadmap.pillar ORDER BY ord;
SELECT roadmap.ingest(:'r') > 0 AS ingested;
-- the shipped set
SELECT pillar, count(*) AS items FROM roadmap.enrich('0.10.0', :'r', apply => false) GROUP BY pillar ORDER BY pillar COLLATE "C";
SELECT substring(theme FROM 'across the \w+ pillars') AS theme FROM roadmap.enrichment e JOIN roadmap.repository r USING (repo_id)
 WHERE r.path = :'r' AND e.version = '0.10.0';
BEGIN;
-- a disabled pillar gets no items, and the theme counts the pillars left
UPDATE roadmap.pillar SET enabled = false WHERE pillar = 'stability';
SELECT pillar, count(*) AS items FROM roadmap.enrich('0.10.0', :'r', apply => false) GROUP BY pillar ORDER BY pillar COLLATE "C";
SELECT substring(theme FROM 'across the \w+ pillars') AS theme FROM roadmap.enrichment e JOIN roadmap.repository r USING (repo_id)
 WHERE r.path = :'r' AND e.version = '0.10.0';
-- a planner's pillar with a focus area of its own: items under its prefix, a subsection under its name
INSERT INTO roadmap.pillar (pillar, ord, name, prefix, question)
VALUES ('security', 7, 'Security', 'SEC', 'Could an unprivileged user read or change what they must not?');
INSERT INTO roadmap.focus_area (focus_id, pillar, ord, name, match, effort, title, rationale, verify)
VALUES ('sec_panics', 'security', 1, 'Panics reachable from SQL', 'unwrap', 'S', 'Deny SQL-reachable panics',
        'a panic reachable from SQL is a denial of service', 'a test calls every SQL function with hostile input');
SELECT pillar, builtin FROM roadmap.pillar WHERE NOT builtin ORDER BY ord;
DELETE FROM roadmap.repository WHERE path = :'r';   -- read again: focus areas are chosen per repository at ingest
SELECT roadmap.ingest(:'r') > 0 AS ingested;
SELECT pillar, item_id, title FROM roadmap.enrich('0.10.0', :'r', apply => false)
 WHERE pillar IN ('security', 'stability') ORDER BY item_id COLLATE "C";
SELECT line FROM regexp_split_to_table(roadmap.render('0.10.0', :'r', write => false), E'\n') AS line
 WHERE line ~ '^### |SEC-1 \|';
-- the selector's special pillars are roles, not keys: the 'critical' pillar's focus-area items are at least P1
SELECT pillar, role, string_agg(DISTINCT priority, ',') AS gap_priorities
  FROM roadmap.enrich('0.10.0', :'r', apply => false) JOIN roadmap.pillar USING (pillar)
 WHERE source = 'gap' AND pillar IN ('correctness', 'performance') GROUP BY pillar, role ORDER BY pillar;
UPDATE roadmap.pillar SET role = NULL WHERE pillar = 'correctness';
UPDATE roadmap.pillar SET role = 'critical' WHERE pillar = 'performance';
SELECT pillar, role, string_agg(DISTINCT priority, ',') AS gap_priorities
  FROM roadmap.enrich('0.10.0', :'r', apply => false) JOIN roadmap.pillar USING (pillar)
 WHERE source = 'gap' AND pillar IN ('correctness', 'performance') GROUP BY pillar, role ORDER BY pillar;
-- a skill file's own focus areas take their pillar's templates ({area} = the area's name)
\set sib '/tmp/roadmap_enrich_fixtures/sibling'
CREATE TEMP VIEW derived AS
  SELECT f.pillar, f.title, f.verify FROM roadmap.repo_focus_area f JOIN roadmap.repository r USING (repo_id)
   WHERE r.path = :'sib' AND f.source = 'skill' AND f.builtin_focus_id IS NULL;
SET client_min_messages = warning;   -- the fixture's broken-link NOTICE is sibling.sql's
SELECT roadmap.ingest(:'sib', 'HEAD') > 0 AS ingested;
RESET client_min_messages;
SELECT pillar, count(*) AS derived_areas FROM derived GROUP BY pillar ORDER BY pillar COLLATE "C";
SELECT title, verify FROM derived WHERE pillar = 'correctness' ORDER BY title COLLATE "C" LIMIT 2;
UPDATE roadmap.pillar SET area_title = 'Prove {area} correct', area_verify = 'an oracle test of {area} passes'
 WHERE pillar = 'correctness';
UPDATE roadmap.pillar SET area_title = NULL WHERE pillar = 'stability';   -- no template: such areas are not used
DELETE FROM roadmap.repository WHERE path = :'sib';
SET client_min_messages = warning;   -- the fixture's broken-link NOTICE is sibling.sql's
SELECT roadmap.ingest(:'sib', 'HEAD') > 0 AS ingested;
RESET client_min_messages;
SELECT pillar, count(*) AS derived_areas FROM derived GROUP BY pillar ORDER BY pillar COLLATE "C";
SELECT title, verify FROM derived WHERE pillar = 'correctness' ORDER BY title COLLATE "C" LIMIT 2;
-- heading words: a renamed pillar still finds the roadmap's existing subsection by its words ...
UPDATE roadmap.pillar SET name = 'Korrektheit', heading_words = '{correctness}' WHERE pillar = 'correctness';
SELECT count(*) AS korrektheit_headings
  FROM regexp_split_to_table(roadmap.render('0.10.0', :'r', write => false), E'\n') AS line WHERE line = '### Korrektheit';
-- ... and without them writes a subsection of its own
UPDATE roadmap.pillar SET heading_words = '{}' WHERE pillar = 'correctness';
SELECT count(*) AS korrektheit_headings
  FROM regexp_split_to_table(roadmap.render('0.10.0', :'r', write => false), E'\n') AS line WHERE line = '### Korrektheit';
-- no enabled pillar is a clear error
UPDATE roadmap.pillar SET enabled = false;
SELECT * FROM roadmap.enrich('0.10.0', :'r', apply => false);
ROLLBACK;
SELECT count(*) AS pillars_after_rollback, count(*) FILTER (WHERE enabled) AS enabled FROM roadmap.pillar;
