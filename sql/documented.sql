-- Already described in the docs (issue 10; docs/proposals.md "Described in
-- the docs" and "Focus-area gaps"): a fixture release plans two features its
-- docs already describe as existing, one its docs only call an idea or
-- planned, a deferral its docs describe as current behaviour, and a plan line
-- that puts a focus area (runbooks) in the release.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set r '/tmp/roadmap_enrich_fixtures/documented'
SELECT roadmap.ingest(:'r') > 0 AS ingested;
CREATE TEMP TABLE d AS SELECT * FROM roadmap.enrich('0.2.0', :'r', apply => false);
-- PS-1 (docs/FAQ.md "How do prepared statements help …") and BK-1
-- (docs/CONFIGURATION.md "sd.auto_backoff") exist already: no item looks at
-- them. TC-1 is only an idea under docs/research and a heading naming part of
-- it ("Shared Memory"); BF-1's docs call it planned: both keep their items.
SELECT f.feature, count(d.item_id) FILTER (WHERE d.lens_id <> 'reconcile_shipped') AS items
  FROM (VALUES ('BF-1'), ('BK-1'), ('PS-1'), ('TC-1')) f(feature)
  LEFT JOIN d ON d.feature_ref = f.feature
 GROUP BY f.feature ORDER BY f.feature COLLATE "C";
-- one reconcile item each says which section describes them, so the planner
-- can mark them done (docs/proposals.md "Shipped before it was planned")
SELECT feature_ref, title FROM d WHERE lens_id = 'reconcile_shipped' ORDER BY feature_ref COLLATE "C";
-- the deferral the docs describe as current behaviour is one item that
-- reconciles the two, citing the file and heading; the other stays "Complete …"
SELECT source_ref, pillar, priority, title FROM d WHERE source = 'deferred' ORDER BY source_ref COLLATE "C";
SELECT description FROM d WHERE source_ref = 'v0.1.0 SLOT-3';
-- an open plan line in an area is the release planning it: it anchors no focus-area gap
SELECT count(*) AS gaps FROM d WHERE source = 'gap';
SELECT count(*) AS runbook_items FROM d WHERE title ~* 'runbook';
