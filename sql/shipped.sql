-- Shipped before it was planned (issue 10; docs/proposals.md "Shipped before
-- it was planned"): a fixture release plans FU-1..3, which its own exit
-- criteria mark "shipped in v0.1.0; no action", TR-1, which the v0.1.0
-- CHANGELOG entry "Tiered sync scheduling" ships, RS-1, whose function
-- docs/SQL_REFERENCE.md documents, and LG-1, a new function whose exit
-- criterion says it "will be shipped" in this release; DB-2 is a setting the
-- section calls a stub ("not yet implemented"), DB-3 a real new setting;
-- PW-1..2 sit under "Parallel Sync Worker Pool", which docs/CONFIGURATION.md
-- §Parallel Sync says "is new in v0.1.0". PF-1 is a planned benchmark row
-- ("Add missing benchmark suite") that names `sd.sync_lag()` and OP-1; ER-1
-- says new error codes "shipped since v0.1.0": the codes, not ER-1, shipped.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set r '/tmp/roadmap_enrich_fixtures/shipped'
SELECT roadmap.ingest(:'r') > 0 AS ingested;
CREATE TEMP TABLE d AS SELECT * FROM roadmap.enrich('0.2.0', :'r', apply => false);
-- no lens item looks at a shipped feature; LG-1 keeps its lens items
SELECT f.feature, count(d.item_id) FILTER (WHERE d.lens_id <> 'reconcile_shipped') AS lens_items
  FROM (VALUES ('FU-1'), ('FU-2'), ('FU-3'), ('LG-1'), ('PW-1'), ('PW-2'), ('RS-1'), ('TR-1')) f(feature)
  LEFT JOIN d ON d.feature_ref = f.feature
 GROUP BY f.feature ORDER BY f.feature COLLATE "C";
-- one reconcile item per text that says they shipped, quoting it
SELECT feature_ref, priority, title FROM d WHERE lens_id = 'reconcile_shipped' ORDER BY feature_ref COLLATE "C";
SELECT feature_ref, description FROM d WHERE lens_id = 'reconcile_shipped' ORDER BY feature_ref COLLATE "C";
-- the reconcile items follow the text rules: 2-4 sentences, a Verify sentence
SELECT feature_ref, description ~ 'Verify: ' AS has_verify, length(description) <= 600 AS fits
  FROM d WHERE lens_id = 'reconcile_shipped' ORDER BY feature_ref COLLATE "C";
-- a stub gets no docs or tuning item; the real new setting does
SELECT f.feature, count(d.item_id) FILTER (WHERE d.lens_id IN ('ux_guc_docs', 'stab_guc_range')) AS docs_or_tuning_items
  FROM (VALUES ('DB-2'), ('DB-3')) f(feature)
  LEFT JOIN d ON d.feature_ref = f.feature
 GROUP BY f.feature ORDER BY f.feature COLLATE "C";
-- a planned row whose title is a check lists what its text names (docs/proposals.md
-- "Dedupe"): no benchmark of OP-1 or `sd.sync_lag()` (PF-1 lists both), OP-1
-- keeps its property test; ER-1 gets no reconcile item (its docs work is open)
SELECT feature_ref, lens_id FROM d WHERE feature_ref IN ('ER-1', 'LG-1', 'OP-1', 'PF-1')
 ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
-- a status that says what did not ship ("shipped in v0.1.0 but was never
-- properly documented") does not close the item that plans that part, and a
-- docs heading that names a limitation ("Why can't I sync views …?") does
-- not describe the feature that lifts it
SELECT feature_ref, lens_id FROM d WHERE feature_ref IN ('DX-1', 'VW-1') AND lens_id LIKE 'reconcile%'
 ORDER BY feature_ref COLLATE "C";
