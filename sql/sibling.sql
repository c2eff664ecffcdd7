-- Another project that plans this way (issue 11): an RDF store with its own
-- skill file, an mdBook docs tree and other layout conventions.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set sib '/tmp/roadmap_enrich_fixtures/sibling'
-- sentences of a description: ends outside `code`, followed by a capital, a quote or the end
CREATE FUNCTION pg_temp.sentences(t text) RETURNS int LANGUAGE sql
  RETURN regexp_count(regexp_replace(t, '`[^`]*`', 'X', 'g'), '[.!?](\s+[A-Z"`]|$)');
-- the per-release file of v0.88.0 is linked as a -full.md that does not exist:
-- its section comes from roadmap/v0.88.0.md, and a NOTICE names the broken link
SELECT roadmap.ingest(:'sib', 'noskill') > 0 AS ingested;
SELECT layout, ref FROM roadmap.repository WHERE path = :'sib';
-- level-1 headings, "Released ✅" and "**Status: Planned** | **Scope: Very Large**" lines,
-- index titles without their "(Full Details)" link text
SELECT r.version, r.title, r.status, r.path, r.line_start, r.line_end, r.heading_level, r.scope
  FROM roadmap.release r JOIN roadmap.repository p USING (repo_id) WHERE p.path = :'sib' ORDER BY r.version_key;
-- checklist items with bold ids
SELECT i.version, i.item_id, i.status, i.status_text, i.title, i.section, i.line
  FROM roadmap.item i JOIN roadmap.repository p USING (repo_id) WHERE p.path = :'sib'
 ORDER BY roadmap.version_key(i.version), i.item_id COLLATE "C";
-- changelog headings with a placeholder date
SELECT c.version, c.date, c.release_title, count(*) AS entries
  FROM roadmap.changelog_entry c JOIN roadmap.repository p USING (repo_id) WHERE p.path = :'sib'
 GROUP BY 1, 2, 3 ORDER BY 1;
-- the unchecked item of a released version is carried over
SELECT version, item_id, status_text FROM roadmap.deferred_items d JOIN roadmap.repository p USING (repo_id) WHERE p.path = :'sib';

-- without a skill file: the built-in focus areas, each applying only when its
-- terms occur in the repository's own text (the reason is stored and shown)
SELECT source, applicable, count(*) FROM roadmap.focus_source WHERE path = :'sib' GROUP BY 1, 2 ORDER BY 1, 2;
SELECT focus_id, applies_because FROM roadmap.focus_source
 WHERE path = :'sib' AND focus_id IN ('corr_weight_count', 'test_tpch', 'ux_migration_guides', 'corr_recursive_lateral', 'stab_error_quality')
 ORDER BY focus_id COLLATE "C";
-- no doc at all: each doc probe is one item saying the reference is missing altogether
SELECT probe, hits, detail FROM roadmap.evidence e JOIN roadmap.repository p USING (repo_id)
 WHERE p.path = :'sib' ORDER BY probe COLLATE "C";
CREATE TEMP TABLE noskill AS
  SELECT * FROM roadmap.enrich(roadmap.next_version(:'sib'), :'sib', apply => false);
-- (feature items look at the release's own items and have no focus area)
SELECT count(*) > 0 AS proposed,
       count(*) FILTER (WHERE n.focus_area IS NOT NULL AND NOT coalesce(f.applicable, false)) AS from_areas_that_do_not_apply,
       count(*) FILTER (WHERE n.focus_area IS NULL AND n.source <> 'feature') AS without_area_not_feature
  FROM noskill n LEFT JOIN roadmap.repo_focus_area f ON f.repo_id = n.repo_id AND f.focus_id = n.focus_area;
SELECT item_id, title FROM noskill WHERE source = 'evidence' ORDER BY ord;
SELECT left(description, 180) AS description FROM noskill WHERE source_ref = 'sql_functions_missing_from_docs';

-- with its own skill file: its focus areas, pillar questions and constraints
SELECT roadmap.ingest(:'sib', 'HEAD') > 0 AS ingested;
SELECT pillar, focus_id, source, builtin_focus_id, applicable, match FROM roadmap.focus_source
 WHERE path = :'sib' ORDER BY pillar COLLATE "C", ord;
SELECT q.pillar, q.question, q.source_line FROM roadmap.repo_pillar q JOIN roadmap.repository p USING (repo_id)
 WHERE p.path = :'sib' ORDER BY q.pillar COLLATE "C";
SELECT rule_no, kind, c.path, line, text FROM roadmap.constraint_rule c JOIN roadmap.repository p USING (repo_id)
 WHERE p.path = :'sib' ORDER BY rule_no;
-- docs are found under docs/src/reference/: only the names missing from the whole tree count
SELECT probe, hits, detail FROM roadmap.evidence e JOIN roadmap.repository p USING (repo_id)
 WHERE p.path = :'sib' ORDER BY probe COLLATE "C";
CREATE TEMP TABLE withskill AS
  SELECT * FROM roadmap.enrich(roadmap.next_version(:'sib'), :'sib', apply => false);
-- every proposal comes from one of its own focus areas, or is a feature item about the release's own items
SELECT count(*) AS proposals, count(*) FILTER (WHERE f.source = 'skill') AS from_skill_areas,
       count(*) FILTER (WHERE n.source = 'feature' AND n.focus_area IS NULL) AS feature_items,
       count(DISTINCT n.pillar) AS pillars
  FROM withskill n LEFT JOIN roadmap.repo_focus_area f ON f.repo_id = n.repo_id AND f.focus_id = n.focus_area;
SELECT item_id, title, effort, priority, source, focus_area FROM withskill ORDER BY ord;
-- the description rule: 2–4 sentences and at most 600 characters, on both runs
SELECT count(*) FILTER (WHERE length(description) > 600) AS over_600,
       count(*) FILTER (WHERE pg_temp.sentences(description) NOT BETWEEN 2 AND 4) AS not_2_to_4_sentences
  FROM (SELECT description FROM noskill UNION ALL SELECT description FROM withskill) d;
-- items written in words (no backticked identifier) are features too: on both
-- runs every pillar leads with an item naming a v0.88.0 item, before any gap
CREATE TEMP VIEW planned_ids AS
  SELECT i.item_id FROM roadmap.item i JOIN roadmap.repository p USING (repo_id)
   WHERE p.path = :'sib' AND i.version = '0.88.0';
SELECT run, pillar,
       count(*) FILTER (WHERE EXISTS (SELECT 1 FROM planned_ids WHERE strpos(r.title, planned_ids.item_id) > 0)) AS naming_a_v088_item,
       count(*) FILTER (WHERE source = 'feature') AS feature_items,
       coalesce(max(ord) FILTER (WHERE source = 'feature') < min(ord) FILTER (WHERE source <> 'feature'), true) AS features_lead
  FROM (SELECT 'noskill' AS run, * FROM noskill UNION ALL SELECT 'withskill', * FROM withskill) r
 GROUP BY run, pillar ORDER BY run, min(ord);
SELECT item_id, title, priority, lens_id FROM withskill WHERE source = 'feature' ORDER BY ord;
-- the why and verify are about the item's kind, and cite what the section names (its benchmark, its test corpus)
SELECT item_id, description FROM withskill WHERE lens_id IN ('perf_eval_bench', 'corr_eval_reference', 'test_reject_negative') ORDER BY ord;
-- explain shows each proposal's focus area and where it comes from
SELECT item_id, focus_area, focus_source, applies_because FROM roadmap.explain('0.88.0', :'sib')
 WHERE item_id IN ('CORR-2', 'UX-2') ORDER BY item_id;
-- the scoring views carry the repository
SELECT DISTINCT path FROM roadmap.pillar_gaps WHERE path = :'sib';

-- diff and write-back: only the target section of roadmap/v0.88.0.md changes,
-- new pillar subsections go before the "**Exit criteria:**" paragraph
\set wb '/tmp/roadmap_enrich_fixtures/wb_sibling'
SET client_min_messages = warning;
SELECT count(*) > 0 AS proposed FROM roadmap.enrich('0.88.0', :'wb', apply => false);
SELECT roadmap.diff('0.88.0', :'wb') LIKE 'diff --git a/roadmap/v0.88.0.md b/roadmap/v0.88.0.md%' AS diff_names_the_file;
SELECT count(*) > 0 AS written FROM roadmap.enrich('0.88.0', :'wb');
\! cd /tmp/roadmap_enrich_fixtures/wb_sibling && git log --format=%s -1 && git diff HEAD~1 HEAD --stat --format= && git diff HEAD~1 HEAD --unified=0 | grep '^@@'
\! cd /tmp/roadmap_enrich_fixtures/wb_sibling && grep -n -E '^(#|\*\*Exit)' roadmap/v0.88.0.md
SELECT count(*) AS proposals_second_run FROM roadmap.enrich('0.88.0', :'wb');
\! cd /tmp/roadmap_enrich_fixtures/wb_sibling && git log --oneline | wc -l
RESET client_min_messages;

-- a ROADMAP.md with a single release section is a roadmap
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/single') > 0 AS ingested;
SELECT r.layout, count(l.*) AS releases FROM roadmap.repository r LEFT JOIN roadmap.release l USING (repo_id)
 WHERE r.path = '/tmp/roadmap_enrich_fixtures/single' GROUP BY r.layout;
SET client_min_messages = warning;
SELECT count(*) > 0 AS written FROM roadmap.enrich('0.1.0', '/tmp/roadmap_enrich_fixtures/wb_single');
\! cd /tmp/roadmap_enrich_fixtures/wb_single && git diff HEAD~1 HEAD --stat --format= && git diff HEAD~1 HEAD --unified=0 | grep '^@@' | head -3
RESET client_min_messages;
-- a ROADMAP.md in which no release is recognised says so
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/norelease') > 0 AS ingested;
SELECT roadmap.next_version('/tmp/roadmap_enrich_fixtures/norelease');
