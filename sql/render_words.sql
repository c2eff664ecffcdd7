-- The words render looks for and writes are catalog data (roadmap.render_word),
-- not C constants: a roadmap in another language gets its own labels.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
RESET client_min_messages;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set r '/tmp/roadmap_enrich_fixtures/mono'
SELECT role, words, builtin FROM roadmap.render_word ORDER BY role COLLATE "C";
SELECT count(*) > 0 AS proposed FROM roadmap.enrich('0.10.0', :'r', apply => false);
-- shipped words
SELECT line FROM regexp_split_to_table(roadmap.render('0.10.0', :'r', write => false), E'\n') AS line
 WHERE line ~ 'Thema|Konflikte|Release Theme|Conflicts & Risks';
BEGIN;
UPDATE roadmap.render_word SET words = ARRAY['Thema der Version'] WHERE role = 'theme_label';
UPDATE roadmap.render_word SET words = ARRAY['Konflikte und Risiken'] WHERE role = 'risks_title';
-- the planner's words are written instead
SELECT line FROM regexp_split_to_table(roadmap.render('0.10.0', :'r', write => false), E'\n') AS line
 WHERE line ~ 'Thema|Konflikte|Release Theme|Conflicts & Risks';
-- edited rows are the planner's: pg_dump keeps them
SELECT role, builtin FROM roadmap.render_word WHERE NOT builtin ORDER BY role COLLATE "C";
-- a required role left empty is a clear error
UPDATE roadmap.render_word SET words = '{}' WHERE role = 'theme_label';
SELECT roadmap.render('0.10.0', :'r', write => false);
ROLLBACK;
SELECT count(*) AS planner_rows_after_rollback FROM roadmap.render_word WHERE NOT builtin;
