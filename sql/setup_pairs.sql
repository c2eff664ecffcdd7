-- Set-up and tear-down functions (issue 10, lead6; docs/proposals.md
-- "Set-up and tear-down"): a function that creates what a feature needs is
-- asked to be idempotent, its tear-down to cope with objects already gone,
-- and the pair to leave nothing behind after a full cycle; an item that
-- states its own idempotence, or changes no behaviour, gets none of these.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set repo '/tmp/roadmap_enrich_fixtures/pairs'
CREATE TEMP TABLE saved_policy AS SELECT name, value FROM roadmap.selection_policy;
UPDATE roadmap.selection_policy SET value = 20 WHERE name IN ('max_feature', 'max_per_pillar', 'max_uses_per_feature');
SELECT roadmap.ingest(:'repo') > 0 AS ingested;
CREATE TEMP TABLE p AS SELECT * FROM roadmap.enrich('1.1.0', :'repo', apply => false);
SELECT feature_ref, lens_id, pillar, title FROM p
 WHERE lens_id IN ('stab_setup_idempotent', 'stab_teardown_partial', 'test_setup_cycle')
 ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
-- the premise is quoted from the item's own text
SELECT feature_ref, lens_id FROM p
 WHERE lens_id IN ('stab_setup_idempotent', 'stab_teardown_partial', 'test_setup_cycle')
   AND description NOT LIKE '%' || split_part(split_part(title, '`', 2), '(', 1) || '%'
 ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
UPDATE roadmap.selection_policy s SET value = v.value FROM saved_policy v WHERE s.name = v.name;
