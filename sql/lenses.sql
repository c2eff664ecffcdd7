-- Feature lenses gated on the object's kind (issue 10), on a fixture whose
-- planned items have the shapes a planner rejected when the lenses ignored
-- what the object is: a table defined with column definitions, an enum and
-- a free-form setting, a drain that waits, a startup check, a column the
-- library reads.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set repo '/tmp/roadmap_enrich_fixtures/lenses'
-- let every lens candidate through the selector, so the lenses alone decide
CREATE TEMP TABLE saved_policy AS SELECT name, value FROM roadmap.selection_policy;
UPDATE roadmap.selection_policy SET value = 20 WHERE name IN ('max_feature', 'max_per_pillar', 'max_uses_per_feature');
UPDATE roadmap.selection_policy SET value = 0 WHERE name = 'reuse_penalty';
SELECT roadmap.ingest(:'repo') > 0 AS ingested;
CREATE TEMP TABLE p AS SELECT * FROM roadmap.enrich('0.2.0', :'repo', apply => false);
SELECT feature_ref, lens_id, pillar, title FROM p WHERE source = 'feature'
 ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
-- T1 is a table: no lens that asks about a function ("Define `x()` results…", "Benchmark `x()`…")
SELECT count(*) AS function_items_on_the_table FROM p
 WHERE feature_ref = 'T1' AND (title LIKE '%()%' OR lens_id LIKE '%function%');
-- "reject invalid values" only for the free-form setting (G2), never the enum one (G1)
SELECT feature_ref, lens_id FROM p WHERE lens_id = 'stab_guc_reject' ORDER BY 1;
-- the drain is asked how it waits; the startup check what happens after the condition changes
SELECT feature_ref, lens_id FROM p WHERE feature_ref IN ('W1', 'S1') AND pillar = 'stability' ORDER BY 1, 2;
-- no item claims a half-failed migration or "objects in flight" at scale
SELECT count(*) AS false_premises FROM p
 WHERE description ~* 're-?runnable|fails? half-way|1,000 objects in flight|target the item states|accepted silently';
-- every feature item quotes its own item and has a Verify
SELECT count(*) FILTER (WHERE description NOT LIKE 'v0.2.0 plans ' || feature_ref || ' %') AS not_about_its_feature,
       count(*) FILTER (WHERE description NOT LIKE '%Verify: %') AS without_verify
  FROM p WHERE source = 'feature';
-- the why cites the section's own sentence
SELECT left(description, 230) AS description FROM p WHERE lens_id = 'stab_startup_recheck';
UPDATE roadmap.selection_policy s SET value = o.value FROM saved_policy o WHERE s.name = o.name;
