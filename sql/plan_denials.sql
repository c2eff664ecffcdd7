-- A plan that denies the mechanism (issue 10, lead6; docs/proposals.md "A
-- plan that denies the mechanism"): a report under plans/ says a planned
-- item's mechanism cannot work, naming two of its identifiers in one prose
-- sentence; the item gets one spike item quoting the report instead of lens
-- items built on the mechanism. An item naming only one of them, and the
-- report's table row and checklist entry, change nothing.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set repo '/tmp/roadmap_enrich_fixtures/denied'
SELECT roadmap.ingest(:'repo') > 0 AS ingested;
-- what ingest keeps of the report: the prose sentence only
SELECT e.plan_paths, e.plan_sents FROM roadmap.evidence_text e JOIN roadmap.repository r USING (repo_id)
 WHERE r.path = :'repo';
CREATE TEMP TABLE p AS SELECT * FROM roadmap.enrich('1.1.0', :'repo', apply => false);
SELECT feature_ref, lens_id, title FROM p ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
-- the spike quotes the report and names its file; its Verify is the item's own
SELECT feature_ref, description ILIKE '%plans/sql/REPORT_SYNTAX.md%you cannot use%' AS quotes_report,
       description LIKE '%Verify: a prototype shows%' AS own_verify
  FROM p WHERE lens_id = 'reconcile_shipped' ORDER BY feature_ref COLLATE "C";
