-- Selection caps that keep what a planner keeps (issue 10, rc10;
-- docs/proposals.md "One selector"): a fixture release adds four settings
-- and two functions no doc mentions. Two lens titles that share template
-- words used to count as one item repeated, so one docs item survived; the
-- settings and the functions are now one docs item each (docs10, "One docs
-- item per release"). A feature item whose lens fired on a fact of the
-- commit is kept-class: the per-pillar share does not drop it while the
-- pillar has room, a deferral of lower priority does not replace it, and
-- what a full pillar leaves out is named.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set r '/tmp/roadmap_enrich_fixtures/recall'
SELECT roadmap.ingest(:'r') > 0 AS ingested;
CREATE TEMP TABLE p AS SELECT * FROM roadmap.enrich('1.1.0', :'r', apply => false);
-- the settings and functions no doc mentions are named by one docs item
-- each (one setting survived before), the test task T1's and the P2
-- `tally.max_groups` too
SELECT feature_ref, priority, title, dependencies FROM p
 WHERE lens_id IN ('ux_guc_docs', 'ux_function_docs') ORDER BY feature_ref COLLATE "C";
-- no pillar holds more than max_per_pillar (6) items
SELECT count(*) AS pillars_over_six FROM (SELECT pillar FROM p GROUP BY pillar HAVING count(*) > 6) o;
-- two items a pillar: the P1 docs items keep it, and Conflicts & Risks
-- names the P2 deferral the full pillar left out
CREATE TEMP TABLE saved_policy AS SELECT name, value FROM roadmap.selection_policy;
UPDATE roadmap.selection_policy SET value = 2 WHERE name = 'max_per_pillar';
CREATE TEMP TABLE q AS SELECT * FROM roadmap.enrich('1.1.0', :'r', apply => false);
SELECT item_id, source, priority, title FROM q WHERE pillar = 'ease_of_use' ORDER BY item_id COLLATE "C";
SELECT risk FROM roadmap.enrichment e JOIN roadmap.repository r USING (repo_id),
       regexp_split_to_table(e.risks, E'\n') AS risk
 WHERE r.path = :'r' AND e.version = '1.1.0' AND risk LIKE '%left out%';
-- kept_beyond_share = 0: the pillar takes its share of feature items only
-- (one here, of the two docs items)
UPDATE roadmap.selection_policy SET value = 6 WHERE name = 'max_per_pillar';
UPDATE roadmap.selection_policy SET value = 1 WHERE name = 'max_feature';
UPDATE roadmap.selection_policy SET value = 0 WHERE name = 'kept_beyond_share';
SELECT count(*) AS feature_items_in_ease_of_use
  FROM roadmap.enrich('1.1.0', :'r', apply => false) WHERE pillar = 'ease_of_use' AND source = 'feature';
UPDATE roadmap.selection_policy s SET value = o.value FROM saved_policy o WHERE s.name = o.name;
