-- Truth of what ingest reads and of what enrich proposes (issue 10;
-- docs/ingest.md "Items", docs/proposals.md "Claimed by the docs").
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set r '/tmp/roadmap_enrich_fixtures/truth'
SELECT roadmap.ingest(:'r') > 0 AS ingested;
-- C-2-1/C-2-2 are items (their heading names no item); AP-1-1 and PL-4-1
-- sit inside AP-1's block: sub-steps. RUNBOOK leads with a bold title, TOTAL
-- does not. AP-1's code span keeps its pipe: effort M, priority P0.
SELECT i.item_id, i.title, i.effort, i.priority, i.status
  FROM roadmap.item i JOIN roadmap.repository p USING (repo_id)
 WHERE p.path = :'r' AND i.version = '0.2.0'
 ORDER BY i.line, i.item_id COLLATE "C";
