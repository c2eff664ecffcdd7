-- Result paths: parity, subscribers, upgrade (issue 10, core10;
-- docs/proposals.md "Results computed a new way"). A fixture release replaces
-- the apply path on by default with auxiliary columns (R1), reworks a snapshot
-- with no setting (R2), adds an opt-in append path (R3), a publication
-- subscribers read rows from (R4), a batched change-existence probe (R5) and
-- a setting (R6), state kept per source (R7) and a report of one row per
-- source (R8). Before these lenses R1-R4 got no parity, subscriber or
-- upgrade item, R5 got a parity test although it computes no rows, and R7
-- got no scalability item.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set r '/tmp/roadmap_enrich_fixtures/paths'
SELECT roadmap.ingest(:'r') > 0 AS ingested;
CREATE TEMP TABLE p AS SELECT * FROM roadmap.enrich('3.1.0', :'r', apply => false);
-- every replaced result path gets its parity item: P0 when it is on for
-- existing objects (R1 by default, R2 with no setting), P1 when opt-in (R3);
-- the publication gets the subscriber item; R1 changes what existing objects
-- store, so it gets an upgrade test from 3.0.0
SELECT feature_ref, lens_id, pillar, priority, title FROM p
 WHERE lens_id ~ '^(corr_result_parity|test_emit_parity|test_result_upgrade|test_default_upgrade)'
 ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
-- a probe that only decides whether to refresh gets no result item at all
SELECT count(*) AS result_items_on_probe FROM p
 WHERE feature_ref = 'R5' AND lens_id ~ '(parity|recompute|upgrade)';
-- each quotes its own sentence; the P0 says why from it
SELECT feature_ref, lens_id,
       substring(description FROM '\("([^"]*)"\)[;,]') AS quoted,
       substring(description FROM 'Verify: (.*)$') AS verify
  FROM p WHERE lens_id ~ '^(corr_result_parity|test_emit_parity|test_result_upgrade)'
 ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
-- the default-on switch is a switch (no "free-form text" item), and no item
-- claims an installation must opt in to it
SELECT count(*) AS opt_in_or_text_items_on_r1 FROM p
 WHERE feature_ref = 'R1' AND lens_id IN ('corr_guc_gate_off', 'stab_guc_reject');
-- scale from the item's own premise: R7 keeps state per source table and
-- states its count (300+), so the item asks for ten times that; a report of
-- one row per source (R8) gets no scale item (a function's cost is the
-- function-cost lens's)
SELECT feature_ref, lens_id, priority, title, substring(description FROM 'runs R[0-9] with (.*?) and with') AS scale
  FROM p WHERE pillar = 'scalability' AND feature_ref IN ('R7', 'R8') ORDER BY feature_ref COLLATE "C";
