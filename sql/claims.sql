-- Claims an item makes about its own statement (issue 10, lens7;
-- docs/proposals.md "Claims about the item's own statement"): a function
-- that runs EXPLAIN ANALYZE gets a side-effect test, one that works
-- "atomically" a failure test, and a cleanup DELETE on a table the item says
-- accumulates rows an index on the column it filters by; plain EXPLAIN, a
-- function that claims nothing, a cleanup that adds its own index, a table
-- nothing says grows and a task get none of them.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set repo '/tmp/roadmap_enrich_fixtures/claims'
CREATE TEMP TABLE saved_policy AS SELECT name, value FROM roadmap.selection_policy;
UPDATE roadmap.selection_policy SET value = 20 WHERE name IN ('max_feature', 'max_per_pillar', 'max_uses_per_feature');
SELECT roadmap.ingest(:'repo') > 0 AS ingested;
CREATE TEMP TABLE p AS SELECT * FROM roadmap.enrich('1.1.0', :'repo', apply => false);
SELECT feature_ref, lens_id, pillar, priority, title FROM p
 WHERE lens_id IN ('test_analyze_readonly', 'test_atomic_failure', 'perf_filter_index')
 ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
-- the index item names the table and column of the item's own statement
SELECT feature_ref, description LIKE '%`ledger.journal` by `posted_at`%' AS names_filter
  FROM p WHERE lens_id = 'perf_filter_index' ORDER BY feature_ref COLLATE "C";
-- a limit the item calls "a signal rather than a throttle" holds no work
-- back: none of the held-work lenses that fire on the item that pauses
SELECT feature_ref, lens_id FROM p
 WHERE feature_ref IN ('C9', 'C10')
   AND lens_id IN ('corr_limit_no_loss', 'perf_limit_cost', 'scal_limit_10x', 'ux_limit_status', 'test_limit_thresholds')
 ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
-- an item whose title is a test ("Test the …", "… (… Benchmark)") is that
-- task only: no product lens asks about it
SELECT feature_ref, lens_id FROM p WHERE feature_ref IN ('C11', 'C12') ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
-- a default flip changes what existing installations do: an upgrade note
SELECT feature_ref, lens_id, title FROM p WHERE feature_ref = 'C13' AND lens_id = 'ux_breaking_note';
UPDATE roadmap.selection_policy s SET value = v.value FROM saved_policy v WHERE s.name = v.name;
