-- What a changed mechanism feeds (issue 10, key7; docs/proposals.md "What a
-- changed mechanism feeds"): a fixture release whose HK-1 replaces
-- `sd_key_hash`, which docs/FAQ.md says computes the stored `__sd_key`, and
-- whose AP-1 and TR-1 bring back values docs/CONFIGURATION.md records as
-- removed (for lost changes) and deprecated (for speed). HK-2 replaces a
-- function that feeds no stored value, LG-1 removes a removed value, and
-- ST-1 names a rejected view only to say "not": they get none.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set r '/tmp/roadmap_enrich_fixtures/mechanisms'
SELECT roadmap.ingest(:'r') > 0 AS ingested;
CREATE TEMP TABLE d AS SELECT * FROM roadmap.enrich('0.2.0', :'r', apply => false);
-- HK-1: a P0 upgrade item in correctness; AP-1: a P0 reconcile item (lost changes); TR-1: P1 in stability
SELECT feature_ref, lens_id, pillar, priority, title FROM d
 WHERE lens_id IN ('corr_derived_key', 'reconcile_removed') ORDER BY feature_ref COLLATE "C";
-- each quotes the item's own words and the docs sentence with its path, and has a Verify sentence
SELECT feature_ref, description FROM d
 WHERE lens_id IN ('corr_derived_key', 'reconcile_removed') ORDER BY feature_ref COLLATE "C";
SELECT feature_ref, description ~ 'Verify: ' AS has_verify, length(description) <= 600 AS fits
  FROM d WHERE lens_id IN ('corr_derived_key', 'reconcile_removed') ORDER BY feature_ref COLLATE "C";
-- the function that feeds nothing stored, the removal and the "not" get none
SELECT f.feature, count(d.item_id) FILTER (WHERE d.lens_id IN ('corr_derived_key', 'reconcile_removed')) AS items
  FROM (VALUES ('AP-1'), ('HK-1'), ('HK-2'), ('LG-1'), ('ST-1'), ('TR-1')) f(feature)
  LEFT JOIN d ON d.feature_ref = f.feature
 GROUP BY f.feature ORDER BY f.feature COLLATE "C";
