-- Priority and premises from the anchor's own text (issue 10, prem10;
-- docs/proposals.md "Priority"). One rule (re_item_priority) prioritises
-- every lens item: a check of a wrong-answer, data-loss or crash path
-- (roadmap.lens.risk) keeps the lens's priority, never above the anchor's
-- and P0 only on a P0 anchor; a template check (docs, range, edge cases,
-- cache full) takes the anchor's own priority (P0 read as P1) and is P2 when
-- the anchor states none; an anchor its title calls optional gives P2.
--   K1 P0 shared-memory cache / N1 the same with no priority
--   K2 P1 setting / K3 the same, "(optional)" / N3 a setting with no priority
--   N2 a function taking a name, no priority
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set repo '/tmp/roadmap_enrich_fixtures/anchors'
-- let every lens candidate through the selector, so the lenses alone decide
CREATE TEMP TABLE saved_policy AS SELECT name, value FROM roadmap.selection_policy;
UPDATE roadmap.selection_policy SET value = 20 WHERE name IN ('max_feature', 'max_per_pillar', 'max_uses_per_feature');
UPDATE roadmap.selection_policy SET value = 0 WHERE name = 'reuse_penalty';
SELECT roadmap.ingest(:'repo') > 0 AS ingested;
SELECT item_id, priority FROM roadmap.item WHERE version = '3.1.0' ORDER BY item_id COLLATE "C";
CREATE TEMP TABLE p AS SELECT * FROM roadmap.enrich('3.1.0', :'repo', apply => false);
-- every lens item with its priority and the lens's risk class
SELECT p.feature_ref, p.lens_id, l.risk, p.priority
  FROM p JOIN roadmap.lens l USING (lens_id)
 WHERE p.feature_ref ~ '^[KN][0-9]$'
 ORDER BY p.feature_ref COLLATE "C", p.lens_id COLLATE "C";
-- the rule, by shape
SELECT count(*) FILTER (WHERE feature_ref = 'K1' AND lens_id = 'corr_cache_stale' AND priority = 'P0') AS risk_on_p0_anchor_p0,
       count(*) FILTER (WHERE feature_ref = 'N1' AND lens_id = 'corr_cache_stale' AND priority = 'P1') AS risk_without_anchor_priority_p1,
       count(*) FILTER (WHERE feature_ref = 'K1' AND lens_id = 'stab_cache_full' AND priority = 'P1') AS template_on_p0_anchor_p1,
       count(*) FILTER (WHERE feature_ref = 'N1' AND lens_id = 'perf_cache_bench' AND priority = 'P2') AS template_without_anchor_priority_p2,
       count(*) FILTER (WHERE feature_ref = 'K2' AND lens_id = 'ux_guc_docs' AND priority = 'P1') AS docs_on_p1_anchor_p1,
       count(*) FILTER (WHERE feature_ref = 'K3' AND priority <> 'P2') AS optional_anchor_above_p2,
       count(*) FILTER (WHERE feature_ref IN ('N2', 'N3') AND priority <> 'P2') AS template_without_anchor_priority_above_p2
  FROM p;
-- Premises from the anchor's behaviour, not a word (docs/proposals.md
-- "Premises from the anchor"): each false premise, by shape — none of these
-- items may exist
SELECT count(*) FILTER (WHERE feature_ref = 'F1' AND lens_id LIKE 'test_fallback%') AS fallback_the_item_replaces,
       count(*) FILTER (WHERE feature_ref IN ('F2', 'F4') AND lens_id = 'test_fallback_path') AS main_path_verify_of_own_output,
       count(*) FILTER (WHERE feature_ref = 'I1' AND lens_id LIKE '%function%') AS function_lens_on_internal_routine,
       count(*) FILTER (WHERE feature_ref = 'C1' AND lens_id IN ('stab_cache_full', 'test_cache_concurrent', 'scal_cache_bound',
                                                              'corr_cache_stale'))
         AS entry_cache_lens_on_one_schedule,
       count(*) FILTER (WHERE feature_ref = 'V1' AND lens_id = 'perf_function_cost') AS rows_lens_unstated,
       count(*) FILTER (WHERE feature_ref = 'H1' AND lens_id LIKE '%eval%') AS evaluation_lens_on_threshold_check,
       count(*) FILTER (WHERE feature_ref = 'S1' AND lens_id = 'test_recompute_parity') AS generic_inputs_on_replay,
       count(*) FILTER (WHERE feature_ref = 'P1' AND lens_id LIKE '%recompute%') AS recompute_lens_on_probe,
       count(*) FILTER (WHERE feature_ref = 'R1' AND lens_id LIKE '%limit%') AS limit_lens_on_own_rate_limit,
       count(*) FILTER (WHERE feature_ref = 'D1' AND lens_id = 'test_docs_examples') AS docs_lens_on_effort_note
  FROM p;
-- each twin states the premise (and its object) and gets the lens, with the verify of that object
SELECT count(*) FILTER (WHERE feature_ref = 'F3' AND lens_id = 'test_fallback_path'
                          AND description LIKE '%equals the main path%') AS fallback_same_result,
       count(*) FILTER (WHERE feature_ref = 'F2' AND lens_id = 'test_fallback_output'
                          AND description LIKE '%emits a fallback with mode%') AS fallback_own_output,
       count(*) FILTER (WHERE feature_ref = 'F4' AND lens_id = 'test_fallback_prior'
                          AND description LIKE '%what 3.0.0 gives%') AS fallback_old_logic,
       count(*) FILTER (WHERE feature_ref = 'N2' AND lens_id = 'ux_function_docs') AS sql_function_docs,
       count(*) FILTER (WHERE feature_ref = 'K1' AND lens_id = 'test_cache_concurrent') AS entry_cache_sessions,
       count(*) FILTER (WHERE feature_ref = 'V2' AND lens_id = 'perf_function_cost') AS rows_stated,
       count(*) FILTER (WHERE feature_ref = 'S1' AND lens_id = 'test_replay_parity'
                          AND description LIKE '%changed between the save and the replay%') AS replay_after_changes,
       count(*) FILTER (WHERE feature_ref = 'W1' AND lens_id = 'corr_limit_no_loss') AS limit_on_writes,
       count(*) FILTER (WHERE feature_ref = 'C1' AND lens_id = 'corr_cache_value'
                          AND description LIKE '%equals one computed from scratch%') AS cached_value_vs_fresh
  FROM p;
-- a cache lens asks about a cache the item's own text builds (B1); an item
-- that bounds, evicts, clears or invalidates an existing cache (E1, E2) gets
-- none, and a research spike or prototype (T1, T2) is a task: no lens at all
SELECT count(*) FILTER (WHERE feature_ref = 'B1' AND lens_id = 'corr_cache_stale') AS built_cache_stale,
       count(*) FILTER (WHERE feature_ref IN ('E1', 'E2') AND lens_id IN ('corr_cache_stale', 'perf_cache_bench',
                              'stab_cache_full', 'test_cache_concurrent', 'scal_cache_bound', 'corr_cache_value'))
         AS cache_lens_on_existing_cache,
       count(*) FILTER (WHERE feature_ref IN ('T1', 'T2')) AS items_on_spike
  FROM p;
UPDATE roadmap.selection_policy s SET value = o.value FROM saved_policy o WHERE s.name = o.name;
