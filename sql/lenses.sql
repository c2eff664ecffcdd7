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
-- Lens premises (issue 10, docs/proposals.md "Lenses"): a lens fires only when
-- the item's own text shows what the lens assumes. v0.2.0 of the fixture holds
-- items whose text contradicts a premise: a per-session statement cache (no
-- "bounded shared area"), a shared cache with no stated size (no "at 10× it
-- runs out"), an optimisation inside one statement (no "partial results"), a
-- refactor with zero behaviour change (no caller-facing lens, no "SQL API
-- unchanged"), a version pre-flight check (no pg_promote()), a diagnostic
-- function (no "callers branch on SQLSTATE"), logging per event (no per-row
-- cost), a rename whose item plans its own CHANGELOG note. v0.3.0 holds the
-- same shapes with the premise stated.
\set prem '/tmp/roadmap_enrich_fixtures/premises'
UPDATE roadmap.selection_policy SET value = 20 WHERE name IN ('max_feature', 'max_per_pillar', 'max_uses_per_feature');
UPDATE roadmap.selection_policy SET value = 0 WHERE name = 'reuse_penalty';
SELECT roadmap.ingest(:'prem') > 0 AS ingested;
CREATE TEMP TABLE no_premise AS SELECT * FROM roadmap.enrich('0.2.0', :'prem', apply => false);
CREATE TEMP TABLE premise AS SELECT * FROM roadmap.enrich('0.3.0', :'prem', apply => false);
SELECT feature_ref, lens_id, priority FROM no_premise WHERE source = 'feature'
 ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
SELECT feature_ref, lens_id, priority FROM premise WHERE source = 'feature'
 ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
-- each false premise, counted (all 0 here) …
SELECT count(*) FILTER (WHERE lens_id IN ('stab_cache_full', 'scal_cache_bound', 'test_cache_concurrent')
                          AND feature_ref = 'K2') AS session_cache_as_shared_area,
       count(*) FILTER (WHERE lens_id = 'scal_cache_bound') AS bound_with_no_size,
       count(*) FILTER (WHERE lens_id = 'stab_eval_partial') AS partial_result_of_one_statement,
       count(*) FILTER (WHERE feature_ref = 'R1' AND lens_id <> 'ux_refactor_docs') AS caller_lens_on_internal_refactor,
       count(*) FILTER (WHERE feature_ref = 'V1' AND description LIKE '%pg_promote%') AS promote_on_version_check,
       count(*) FILTER (WHERE feature_ref = 'D1' AND lens_id = 'stab_function_errors') AS sqlstate_of_diagnostic,
       count(*) FILTER (WHERE lens_id = 'perf_logging_cost') AS logging_cost_per_event,
       count(*) FILTER (WHERE feature_ref = 'R3' AND lens_id = 'ux_breaking_note') AS second_breaking_note,
       count(*) FILTER (WHERE lens_id IN ('test_refactor_api', 'scal_guc_default')) AS disabled_lenses
  FROM no_premise;
-- … and each stated premise still fires its lens
SELECT count(*) FILTER (WHERE feature_ref = 'K3' AND lens_id = 'scal_cache_bound') AS stated_bound,
       count(*) FILTER (WHERE feature_ref = 'E2' AND lens_id = 'stab_eval_partial') AS committed_in_batches,
       count(*) FILTER (WHERE feature_ref = 'R2' AND lens_id = 'ux_breaking_note') AS breaking_note,
       count(*) FILTER (WHERE feature_ref = 'H1' AND lens_id = 'stab_startup_recheck'
                          AND description LIKE '%pg_promote()%') AS standby_promoted,
       count(*) FILTER (WHERE feature_ref = 'L2' AND lens_id = 'perf_logging_cost') AS logging_cost_per_change
  FROM premise;
-- an item is never rated above its feature: B1 is P2, its lenses are P1 and P2
SELECT lens_id, priority FROM premise WHERE feature_ref = 'B1' ORDER BY 1;
-- a skip reason saying the content exists in another form ("prose description
-- added to guide.md") makes the deferral P2; another reason keeps P1
SELECT source_ref, priority FROM no_premise WHERE source = 'deferred' ORDER BY 1;
UPDATE roadmap.selection_policy s SET value = o.value FROM saved_policy o WHERE s.name = o.name;
