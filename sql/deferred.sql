-- Deferred items followed through later releases (issue 10; docs/proposals.md
-- "Deferred items"): the fixture's v0.5.0 skipped eight items.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set r '/tmp/roadmap_enrich_fixtures/deferrals'
SELECT roadmap.ingest(:'r') IS NOT NULL AS ingested;
-- closed: COORD-4 (delivered as v0.6.0 COORD-14 ✅), WARM-1 (its exit criterion ticked);
-- re-planned: BENCH-1 (its file in SLOT-BENCH's text), DOCK-2 (by title), DOCK-1 (blocked DOCK-2);
-- GUC-7 re-planned only after the target; carried v0.5.0 -> next v0.8.0 = 3 releases
SELECT d.item_id, d.successor_version, d.successor_id, d.successor_status, d.successor_rule, d.carried_releases
  FROM roadmap.deferred_items d JOIN roadmap.repository p USING (repo_id)
 WHERE p.path = :'r' ORDER BY d.item_id COLLATE "C";
CREATE TEMP TABLE dfr AS SELECT * FROM roadmap.enrich('0.8.0', :'r', apply => false);
-- proposed: only what nothing took over up to v0.8.0; a harmless skip reason makes P2
SELECT source_ref, title, priority, dependencies FROM dfr WHERE source = 'deferred' ORDER BY source_ref COLLATE "C";
-- the carry count and the Verify follow the item, never "a test named after <ID>"
SELECT source_ref, substring(description FROM 'carried [0-9]+ releases?') AS carried,
       substring(description FROM 'P2, not P1: [^.]*') AS lowered,
       substring(description FROM 'Verify: .*$') AS verify
  FROM dfr WHERE source = 'deferred' ORDER BY source_ref COLLATE "C";
SELECT count(*) AS named_after_id FROM dfr WHERE description LIKE '%a test named after%';
-- the re-planned ones are a note in Conflicts & Risks that cites the successor
SELECT risk FROM roadmap.enrichment e JOIN roadmap.repository p USING (repo_id),
       regexp_split_to_table(e.risks, E'\n') AS risk
 WHERE p.path = :'r' AND e.version = '0.8.0' AND risk LIKE '%re-planned%'
 ORDER BY 1;
-- the phrases are data: a project's own word lowers its deferrals too
INSERT INTO roadmap.skip_reason_rule (phrase, priority, description) VALUES ('propagation deferred', 'P2', 'fixture phrase');
SELECT source_ref, priority FROM roadmap.enrich('0.8.0', :'r', apply => false) WHERE source_ref LIKE '%CDC-5';
DELETE FROM roadmap.skip_reason_rule WHERE phrase = 'propagation deferred';
-- placed once: v0.8.0 is planned before v0.9.0, so v0.9.0 repeats none of
-- the deferrals v0.8.0 takes
SELECT (SELECT count(*) FROM dfr WHERE source = 'deferred') AS in_080,
       (SELECT count(*) FROM roadmap.enrich('0.9.0', :'r', apply => false) WHERE source = 'deferred') AS in_090;
