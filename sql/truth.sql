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
-- v0.3.0: what the docs and the changelog already state (docs/proposals.md
-- "Claimed by the docs" and "Facts checked")
CREATE TEMP TABLE t3 AS SELECT * FROM roadmap.enrich('0.3.0', :'r', apply => false);
-- docs/ERRORS.md says every error carries a SQLSTATE and CHANGELOG.md says the
-- bitmask limit is gone: no item asks either; Conflicts & Risks quotes them
SELECT count(*) FILTER (WHERE lens_id = 'stab_function_errors') AS sqlstate_items,
       count(*) FILTER (WHERE lens_id = 'corr_bitmask_width') AS bitmask_items
  FROM t3;
SELECT risk FROM roadmap.enrichment e JOIN roadmap.repository p USING (repo_id),
       regexp_split_to_table(e.risks, E'\n') AS risk
 WHERE p.path = :'r' AND e.version = '0.3.0' AND risk LIKE '%states%'
 ORDER BY 1;
-- SN-5 lists the SQL reference for the snapshot API: no docs item for SN-1 or
-- SN-3; CP-1's function is in no document and no item lists its docs
SELECT feature_ref, title FROM t3 WHERE lens_id = 'ux_function_docs' ORDER BY 1;
-- the upgrade starts from the predecessor in the version chain (0.2.0,
-- planned), not from the newest released version (0.1.0)
SELECT feature_ref, lens_id, title, description ~ '0\.1\.0' AS names_released
  FROM t3 WHERE description ~ '0\.[12]\.0' ORDER BY 1, 2;
-- GC-1 writes `kvstore.` but every documented setting is `kv_store.*`
SELECT title, description ~* 'the section writes `kvstore\.delta_mode`' AS says_why
  FROM t3 WHERE feature_ref = 'GC-1' AND lens_id = 'ux_guc_docs';
