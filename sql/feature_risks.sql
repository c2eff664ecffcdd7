-- Feature kinds for what an item's own text says can go wrong (issue 10,
-- cv10), on a fixture planned as table rows with short notes: the premise
-- of each item is only in the block after the item's bold lead (past a code
-- fence), in a long table cell beyond what ingest keeps as the title, or in
-- a Conflicts & Risks bullet naming the item. Before these kinds and notes,
-- none of these features got an item.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set repo '/tmp/roadmap_enrich_fixtures/risks'
-- let every lens candidate through the selector, so the kinds and lenses alone decide
CREATE TEMP TABLE saved_policy AS SELECT name, value FROM roadmap.selection_policy;
UPDATE roadmap.selection_policy SET value = 20 WHERE name IN ('max_feature', 'max_per_pillar', 'max_uses_per_feature');
UPDATE roadmap.selection_policy SET value = 0 WHERE name = 'reuse_penalty';
SELECT roadmap.ingest(:'repo') > 0 AS ingested;
CREATE TEMP TABLE p AS SELECT * FROM roadmap.enrich('1.1.0', :'repo', apply => false);
-- one lens per stated risk, on the item that states it
SELECT feature_ref, lens_id, pillar, priority, title FROM p
 WHERE lens_id IN (SELECT lens_id FROM roadmap.lens WHERE feature_kind IN
       ('lease', 'multi_source', 'migration', 'bitmask', 'fallback', 'native_code', 'auto_drop', 'key_derivation'))
 ORDER BY feature_ref COLLATE "C", lens_id COLLATE "C";
-- notes are read, not quoted: a quotation cites the item's own catalog text
-- (title and description), so neither the long cell's tail nor the
-- Conflicts & Risks bullet is quoted
SELECT count(*) AS quotes_of_notes FROM p
 WHERE description LIKE '%falls back to the fixed batch size%'
    OR description LIKE '%auto-drop the backlog%';
-- a fallback the item says is tested gets no fallback test; a checked exit
-- criterion is no note (E1, and L1's box, stay as they are)
SELECT count(*) AS fallback_items_on_tested_fallback FROM p WHERE feature_ref = 'E1' AND lens_id = 'test_fallback_path';
-- titles stay within ten words, priorities never above the item's own
SELECT count(*) FILTER (WHERE array_length(regexp_split_to_array(p.title, '\s+'), 1) > 10) AS long_titles,
       count(*) FILTER (WHERE p.priority < i.priority) AS above_own_priority
  FROM p JOIN roadmap.item i ON i.version = '1.1.0' AND i.item_id = p.feature_ref
 WHERE p.lens_id IN (SELECT lens_id FROM roadmap.lens WHERE feature_kind IN
       ('lease', 'multi_source', 'migration', 'bitmask', 'fallback', 'native_code', 'auto_drop', 'key_derivation'));
UPDATE roadmap.selection_policy s SET value = o.value FROM saved_policy o WHERE s.name = o.name;
