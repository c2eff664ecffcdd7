-- One docs item per release (issue 10, docs10; docs/proposals.md "One docs
-- item per release"): the settings and SQL functions docs lenses name every
-- setting and function the planned items introduce that no docs file
-- mentions and no planned item documents, in one item per lens, at the
-- priority of its highest-rated item. Before, each feature gave one item
-- naming its first identifier only, so a setting in a formula, a bare name
-- called a boolean or a cell cut at 300 bytes got none, and four functions
-- of one table gave four items.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set r '/tmp/roadmap_enrich_fixtures/docslist'
SELECT roadmap.ingest(:'r') > 0 AS ingested;
CREATE TEMP TABLE p AS SELECT * FROM roadmap.enrich('1.1.0', :'r', apply => false);
-- one item per lens
SELECT lens_id, count(*) AS items FROM p
 WHERE lens_id IN ('ux_guc_docs', 'ux_function_docs') GROUP BY 1 ORDER BY 1;
-- the names each item lists, with the planned item that introduces them:
-- not the setting G4 only sets as a condition, nor G8's columns in a condition
-- or a comparison, not G5's (G5 documents it),
-- not the documented `meter_x.enabled`; the functions written qualified or
-- with a SQL signature, not the internal routine, PostgreSQL's own or the
-- documented `meter.reset()`
SELECT p.lens_id, m[1] AS name, m[2] AS planned_item
  FROM p, regexp_matches(p.description, '`([a-z_.]+(?:\(\))?)` \(([A-Z0-9-]+)\)', 'g') AS m
 WHERE p.lens_id IN ('ux_guc_docs', 'ux_function_docs')
 ORDER BY 1, 3, 2;
-- titles, priority (the highest of the items named) and dependencies
SELECT lens_id, priority, title, dependencies FROM p
 WHERE lens_id IN ('ux_guc_docs', 'ux_function_docs') ORDER BY 1;
-- the settings are written with the prefix the configuration documents
-- (`meter_x.`), not the functions' schema whose reference has more headings
SELECT count(*) FILTER (WHERE description ~ '`meter\.[a-z_]+`') AS settings_with_schema_prefix
  FROM p WHERE lens_id = 'ux_guc_docs';
-- no other lens writes a docs item per feature for these names
SELECT count(*) AS per_feature_docs_items FROM p
 WHERE title ~ '^Document `' AND lens_id NOT IN ('ux_guc_docs', 'ux_function_docs', 'ux_syntax_docs');
-- a docs item another planned item delivers (roadmap.lens.covered_by): the
-- X2 tutorial covers X1's `SAMPLE EVERY` (X3 names it beside "forecast");
-- nothing covers X4's `CREATE METER`
SELECT feature_ref, title FROM p WHERE lens_id = 'ux_syntax_docs' ORDER BY 1;
-- a full pillar holds the strongest evidence: a docs item whose name is in
-- no doc (kept-class) replaces an item a lens wrote from the text alone
-- (K1's upgrade note) of the same priority (three items); a deferral of a
-- lower priority replaces none (four items) and is named as left out
CREATE TEMP TABLE saved_policy AS SELECT name, value FROM roadmap.selection_policy;
SELECT source, feature_ref, lens_id FROM p WHERE pillar = 'ease_of_use' ORDER BY 1, 2, 3;
UPDATE roadmap.selection_policy SET value = 3 WHERE name = 'max_per_pillar';
SELECT source, feature_ref, lens_id FROM roadmap.enrich('1.1.0', :'r', apply => false)
 WHERE pillar = 'ease_of_use' ORDER BY 1, 2, 3;
UPDATE roadmap.selection_policy SET value = 4 WHERE name = 'max_per_pillar';
SELECT source, feature_ref, lens_id FROM roadmap.enrich('1.1.0', :'r', apply => false)
 WHERE pillar = 'ease_of_use' ORDER BY 1, 2, 3;
SELECT risk FROM roadmap.enrichment e JOIN roadmap.repository r USING (repo_id),
       regexp_split_to_table(e.risks, E'\n') AS risk
 WHERE r.path = :'r' AND e.version = '1.1.0' AND risk LIKE '%Ease of Use%left out%';
UPDATE roadmap.selection_policy s SET value = o.value FROM saved_policy o WHERE s.name = o.name;
-- the render writes the release's notes (why a pillar has few or no items,
-- what a cap left out) into its Conflicts & Risks, after the last risk and
-- before the exit criteria that follow in the same subsection (they read
-- as exit criteria before)
CREATE TEMP TABLE r AS
SELECT n, line FROM regexp_split_to_table(roadmap.render('1.1.0', :'r', write => false, commit => false), E'\n')
       WITH ORDINALITY AS t(line, n);
SELECT (SELECT min(n) FROM r WHERE line LIKE '- **%** has % item%') >
       (SELECT n FROM r WHERE line = '### Conflicts & Risks') AS notes_after_risks_heading,
       (SELECT max(n) FROM r WHERE line LIKE '- **%** has % item%') <
       (SELECT n FROM r WHERE line = '**Exit criteria:**') AS notes_before_exit_criteria,
       (SELECT count(*) FROM r WHERE line LIKE '- **%** has % item%') =
       (SELECT count(*) FROM roadmap.enrichment e JOIN roadmap.repository p USING (repo_id),
               regexp_split_to_table(e.risks, E'\n') AS k
         WHERE p.path = :'r' AND e.version = '1.1.0' AND k LIKE '- **%** has % item%') AS every_note_rendered;
