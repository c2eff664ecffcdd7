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
UPDATE roadmap.selection_policy s SET value = o.value FROM saved_policy o WHERE s.name = o.name;
