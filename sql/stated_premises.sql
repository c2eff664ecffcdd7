-- A lens fires only when the item's own text states its premise (issue 10,
-- pm10; docs/proposals.md "Premise classes" and "Task anchors"). The fixture
-- plans, for each shape a planner rejected when a lens fired on a word, the
-- false-premise item and a twin that states the premise:
--   Q1 a read-only function whose columns say "quota"  / Q2 a mode that pauses enqueue
--   H1 a scheduler "post-tick hook"                     / H2 a ProcessUtility_hook
--   T1 a conformance *test*                              / V1 a payload validator (whose
--      validation items its own table row lists: docs/proposals.md "One selector")
--   S1 a one-name function that "bulk-inserts rows"      / BULK-1 two list functions
--   A1 an analysis task that reads log output
--   E1 a one-row optimisation                            / E2 an iterative evaluation
--   T2 a test item that declares a new setting (the setting still gets its docs)
--   Q1, S1 functions that say nothing of their errors    / U1 one that replaces a panic
--   R1 a typed-id pass with "no behaviour change"        / R2 a split into sub-modules
--   Q3 a limit that throttles reads (no change to lose)  ; W1 a rewrite of code, not of queries
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set repo '/tmp/roadmap_enrich_fixtures/stated'
-- let every lens candidate through the selector, so the lenses alone decide
CREATE TEMP TABLE saved_policy AS SELECT name, value FROM roadmap.selection_policy;
UPDATE roadmap.selection_policy SET value = 20 WHERE name IN ('max_feature', 'max_per_pillar', 'max_uses_per_feature');
UPDATE roadmap.selection_policy SET value = 0 WHERE name = 'reuse_penalty';
SELECT roadmap.ingest(:'repo') > 0 AS ingested;
CREATE TEMP TABLE p AS SELECT * FROM roadmap.enrich('2.1.0', :'repo', apply => false);
-- the lenses of the words each false-premise item uses, on every item
CREATE TEMP TABLE word_lenses AS SELECT lens_id FROM roadmap.lens
 WHERE feature_kind IN ('limit', 'hook', 'validation', 'bulk', 'logging', 'evaluation')
    OR lens_id IN ('stab_function_errors', 'ux_guc_docs', 'ux_refactor_docs');
SELECT feature_ref, lens_id, pillar, title FROM p WHERE lens_id IN (SELECT lens_id FROM word_lenses)
 ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
-- each false premise, by shape: none of these items may exist
SELECT count(*) FILTER (WHERE feature_ref = 'Q1' AND lens_id LIKE '%limit%') AS limit_on_read_only_fn,
       count(*) FILTER (WHERE feature_ref = 'H1' AND lens_id = 'stab_hook_passthrough') AS statement_hook_on_callback,
       count(*) FILTER (WHERE feature_ref = 'T1') AS product_lens_on_test_item,
       count(*) FILTER (WHERE feature_ref = 'S1' AND lens_id LIKE '%bulk%') AS list_lens_on_one_name,
       count(*) FILTER (WHERE feature_ref = 'BULK-1' AND lens_id = 'scal_bulk_10k' AND title LIKE '%retune%')
         AS lock_lens_on_non_dropping_fn,
       count(*) FILTER (WHERE feature_ref = 'A1') AS product_lens_on_analysis,
       count(*) FILTER (WHERE feature_ref = 'E1' AND lens_id IN ('scal_eval_10x', 'ux_eval_explain', 'test_eval_golden'))
         AS growth_lens_on_one_row_change,
       count(*) FILTER (WHERE feature_ref IN ('Q1', 'S1') AND lens_id = 'stab_function_errors') AS sqlstate_lens_unstated,
       count(*) FILTER (WHERE feature_ref = 'T2' AND lens_id NOT IN ('ux_guc_docs', 'stab_guc_range')) AS product_lens_on_test_item_2,
       count(*) FILTER (WHERE feature_ref = 'R1' AND lens_id = 'ux_refactor_docs') AS moved_code_docs_without_a_move,
       count(*) FILTER (WHERE feature_ref = 'Q3' AND lens_id IN ('corr_limit_no_loss', 'perf_limit_cost', 'scal_limit_10x',
                                                              'test_limit_thresholds')) AS capture_lens_on_read_limit,
       count(*) FILTER (WHERE feature_ref = 'W1') AS query_rewrite_lens_on_code_rewrite
  FROM p;
-- each twin states the premise and gets the lens; a row whose cell holds
-- the whole item quotes the premise from the cell's text after its lead
SELECT count(*) FILTER (WHERE feature_ref = 'Q2' AND lens_id = 'corr_limit_no_loss'
                          AND description LIKE '%that pauses enqueue when%') AS limit_quotes_pauses,
       count(*) FILTER (WHERE feature_ref = 'H2' AND lens_id = 'stab_hook_passthrough') AS statement_hook,
       count(*) FILTER (WHERE feature_ref = 'BULK-1' AND lens_id = 'scal_bulk_10k'
                          AND title LIKE '`relay.bulk_drop_queues()`%') AS lock_lens_on_the_dropping_fn,
       count(*) FILTER (WHERE feature_ref = 'E1' AND lens_id = 'corr_eval_reference') AS optimisation_reference_test,
       count(*) FILTER (WHERE feature_ref = 'E2' AND lens_id IN ('scal_eval_10x', 'ux_eval_explain')) AS iterative_growth,
       count(*) FILTER (WHERE lens_id = 'ux_guc_docs' AND description LIKE '%(T2)%') AS test_items_new_setting_docs,
       count(*) FILTER (WHERE feature_ref = 'U1' AND lens_id = 'stab_function_errors'
                          AND description LIKE '%panics on a missing queue%') AS sqlstate_lens_quotes_the_panic,
       count(*) FILTER (WHERE feature_ref = 'R2' AND lens_id = 'ux_refactor_docs') AS moved_code_docs_of_a_split
  FROM p;
-- what the signature says: the written form a lens's ident_pattern reads
SELECT lens_id, ident_pattern IS NOT NULL AS reads_signature, requires_kinds, unless_kinds, enabled
  FROM roadmap.lens WHERE lens_id IN ('scal_bulk_10k', 'perf_bulk_vs_loop', 'corr_limit_no_loss', 'stab_hook_passthrough',
                                      'scal_eval_10x', 'test_eval_golden')
 ORDER BY lens_id COLLATE "C";
-- a pattern that does not compile is an error naming the lens
BEGIN;
UPDATE roadmap.lens SET ident_pattern = '(unclosed' WHERE lens_id = 'scal_bulk_10k';
SELECT count(*) FROM roadmap.enrich('2.1.0', :'repo', apply => false);
ROLLBACK;
UPDATE roadmap.selection_policy s SET value = o.value FROM saved_policy o WHERE s.name = o.name;
