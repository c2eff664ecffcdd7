-- Results computed a new way (issue 10, rc10; docs/proposals.md "Results
-- computed a new way"): a fixture release splits UPDATE rows (S1), restricts
-- a rescan to changed keys (S2) and restores saved state skipping the first
-- full refresh (S3), next to an analysis that only estimates a hoisting (S4,
-- a task anchor) and a docs item about the algorithm (S5). Before the kind
-- `recompute` none of S1-S3 got a test or a benchmark item.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set r '/tmp/roadmap_enrich_fixtures/recall'
SELECT roadmap.ingest(:'r') > 0 AS ingested;
CREATE TEMP TABLE p AS SELECT * FROM roadmap.enrich('1.1.0', :'r', apply => false);
-- each reworked path has its differential test; one regression gate names
-- every path the same benchmark run covers (S3 only adds a shortcut: no gate)
SELECT feature_ref, lens_id, pillar, priority, title, dependencies FROM p
 WHERE lens_id IN ('test_recompute_parity', 'test_replay_parity', 'perf_recompute_gate')
 ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
-- the analysis and the docs item get no product lens at all
SELECT count(*) AS items_on_task_anchors FROM p WHERE feature_ref IN ('S4', 'S5');
-- a test task that adds a setting ("`x` (new GUC, …)"): the task gets no
-- product lens, but the new setting is still asked for its docs (in the
-- release's one settings docs item, docs/proposals.md "One docs item per release")
SELECT feature_ref, lens_id, description LIKE '%`tally.flush_timeout_ms` (T1)%' AS names_t1_setting
  FROM p WHERE feature_ref = 'T1' OR lens_id = 'ux_guc_docs' ORDER BY lens_id COLLATE "C";
-- each quotes its feature's own sentence; the gate names the project's benchmarks
SELECT feature_ref, lens_id,
       substring(description FROM '\("([^"]*)"\);') AS quoted,
       substring(description FROM 'Verify: (.*)$') AS verify
  FROM p WHERE lens_id IN ('test_recompute_parity', 'test_replay_parity', 'perf_recompute_gate')
 ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
