-- A default the docs state otherwise (issue 10, flip7; docs/proposals.md "A
-- default the docs state otherwise"): a fixture release whose QD-1 states
-- `unlogged` as the default and current behaviour of queue buffers, which
-- docs/CONFIGURATION.md documents as WAL-logged by default; SP-1 states the
-- documented default (spool files logged), CT-1 a default of an object no
-- document speaks of, FL-1 plans a change of a default (no statement of
-- one), and PC-1 says parse checks are "currently lenient" where the docs
-- say strict by default: a state only a user row of roadmap.default_state
-- names.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set r '/tmp/roadmap_enrich_fixtures/defaults'
SELECT roadmap.ingest(:'r') > 0 AS ingested;
CREATE TEMP TABLE d AS SELECT * FROM roadmap.enrich('0.2.0', :'r', apply => false);
-- one reconcile item, for the contradicted default: P0 in correctness (durability)
SELECT feature_ref, pillar, priority, title FROM d WHERE lens_id = 'reconcile_default' ORDER BY feature_ref COLLATE "C";
-- it quotes the item, reports the document's sentence with its path, and names the test that pins the default
SELECT feature_ref, description FROM d WHERE lens_id = 'reconcile_default' ORDER BY feature_ref COLLATE "C";
SELECT feature_ref, description ~ 'Verify: ' AS has_verify, length(description) <= 600 AS fits
  FROM d WHERE lens_id = 'reconcile_default' ORDER BY feature_ref COLLATE "C";
-- the agreeing, unrelated and planned-change items get none; their other items stay
SELECT f.feature, count(d.item_id) FILTER (WHERE d.lens_id = 'reconcile_default') AS reconcile_items
  FROM (VALUES ('CT-1'), ('FL-1'), ('PC-1'), ('QD-1'), ('SP-1')) f(feature)
  LEFT JOIN d ON d.feature_ref = f.feature
 GROUP BY f.feature ORDER BY f.feature COLLATE "C";
-- states are data: a user row for a mode axis without a risk makes PC-1's item, P1 in stability
INSERT INTO roadmap.default_state (word, state, axis, description) VALUES
 ('lenient', 'lenient', 'parse_mode', 'accepts what it cannot check'),
 ('strict', 'strict', 'parse_mode', 'rejects what it cannot check');
SELECT builtin FROM roadmap.default_state WHERE word = 'strict';
CREATE TEMP TABLE d2 AS SELECT * FROM roadmap.enrich('0.2.0', :'r', apply => false);
SELECT feature_ref, pillar, priority, title FROM d2 WHERE lens_id = 'reconcile_default' ORDER BY feature_ref COLLATE "C";
DELETE FROM roadmap.default_state WHERE NOT builtin;
