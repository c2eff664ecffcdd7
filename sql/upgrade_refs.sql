-- Upgrade references that do not fit the release (issue 10, lens7;
-- docs/proposals.md "Upgrade references that do not fit"): items writing
-- into a script named for older versions get one stability item naming
-- them, exit criteria testing an upgrade that starts after the release get
-- another; the release's own script, a script only mentioned and the right
-- pair get none.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set repo '/tmp/roadmap_enrich_fixtures/stalepair'
SELECT roadmap.ingest(:'repo') > 0 AS ingested;
CREATE TEMP TABLE p AS SELECT * FROM roadmap.enrich('1.1.0', :'repo', apply => false);
SELECT pillar, priority, title, dependencies FROM p WHERE lens_id = 'reconcile_upgrade'
 ORDER BY title COLLATE "C";
-- each names the script or pair the release should have, and quotes the section
SELECT title, description LIKE '%`ledger--1.0.0--1.1.0.sql`%' AS names_script,
       description LIKE '%`1.0.0 → 1.1.0`%' AS names_pair,
       description LIKE '%("%' AS quotes
  FROM p WHERE lens_id = 'reconcile_upgrade' ORDER BY title COLLATE "C";
