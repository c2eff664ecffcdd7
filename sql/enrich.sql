-- roadmap.enrich(apply => false): 3–6 items per pillar, numbering that
-- continues the section, nothing shipped or already listed, deterministic.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
\set r '/tmp/roadmap_enrich_fixtures/sample'
SELECT roadmap.next_version(:'r') AS next_version;
CREATE TEMP TABLE run1 AS SELECT * FROM roadmap.enrich('v0.11.0', :'r', apply => false);
SELECT item_id, pillar, title, effort, priority, schema_change, source, source_ref, dependencies
  FROM run1 ORDER BY ord;
-- 3 to 6 per pillar; a pillar with fewer says why in Conflicts & Risks
-- instead of taking done or generic gaps (docs/proposals.md "Focus-area gaps")
SELECT p.pillar, count(r.item_id) AS items,
       count(r.item_id) BETWEEN 3 AND 6 OR
       (count(r.item_id) < 3 AND strpos(min(e.risks), '**' || p.name || '** has ' || count(r.item_id) || ' item') > 0)
         AS within_3_to_6_or_noted
  FROM roadmap.pillar p LEFT JOIN run1 r USING (pillar)
  CROSS JOIN (SELECT risks FROM roadmap.enrichment WHERE version = '0.11.0'
               AND repo_id = (SELECT repo_id FROM roadmap.repository WHERE path = :'r')) e
 GROUP BY p.pillar, p.ord ORDER BY p.ord;
-- numbering continues what v0.11.0 already lists (CORR-1, UX-1): CORR and UX start at 2
SELECT split_part(item_id, '-', 1) AS prefix, min(split_part(item_id, '-', 2)::int) AS first_new
  FROM run1 GROUP BY 1 ORDER BY split_part(item_id, '-', 1) COLLATE "C";
SELECT count(*) AS ids_clashing_with_existing FROM run1 r
  JOIN roadmap.item i ON i.repo_id = r.repo_id AND i.version = r.version AND i.item_id = r.item_id;
-- every field within the rules
SELECT count(*) FILTER (WHERE array_length(regexp_split_to_array(title, '\s+'), 1) > 10) AS titles_over_10_words,
       count(*) FILTER (WHERE effort NOT IN ('XS','S','M','L','XL')) AS bad_effort,
       count(*) FILTER (WHERE priority NOT IN ('P0','P1','P2')) AS bad_priority,
       count(*) FILTER (WHERE array_length(regexp_split_to_array(description, '(?<=[.!?"])\s+(?=[A-Z])'), 1) NOT BETWEEN 2 AND 5) AS descriptions_not_2_to_4_sentences,
       count(*) FILTER (WHERE description NOT LIKE '%Verify:%') AS without_verify,
       count(*) FILTER (WHERE dependencies = '') AS empty_dependencies
  FROM run1;
-- nothing duplicates a shipped changelog entry of the window or an existing item
SELECT count(*) AS duplicates_of_existing_items FROM run1 r JOIN roadmap.item i
    ON i.repo_id = r.repo_id AND i.version = r.version AND roadmap.word_overlap(r.title, i.title) >= 0.6;
SELECT count(*) AS duplicates_of_shipped_entries FROM run1 r JOIN roadmap.changelog_entry c
    ON c.repo_id = r.repo_id AND roadmap.word_overlap(r.title, c.text) >= 0.75;
-- the deferred item comes back first in its pillar and says so
SELECT item_id, description LIKE 'Deferred from v0.9.0 (TEST-3)%' AS says_deferred FROM run1 WHERE source = 'deferred';
-- code evidence: the 7 unwraps of src/engine.rs, with the rule it breaks
SELECT item_id, priority, title, rule_no FROM run1 WHERE source_ref = 'unwrap_outside_tests';
-- a second run is byte-identical
CREATE TEMP TABLE run2 AS SELECT * FROM roadmap.enrich('0.11.0', :'r', apply => false);
SELECT count(*) AS differing_rows FROM (
  (SELECT item_id, pillar, title, effort, priority, description, dependencies, schema_change, focus_area, score FROM run1
   EXCEPT SELECT item_id, pillar, title, effort, priority, description, dependencies, schema_change, focus_area, score FROM run2)
  UNION ALL
  (SELECT item_id, pillar, title, effort, priority, description, dependencies, schema_change, focus_area, score FROM run2
   EXCEPT SELECT item_id, pillar, title, effort, priority, description, dependencies, schema_change, focus_area, score FROM run1)) d;
SELECT md5(string_agg(item_id || title || description, '|' ORDER BY ord)) = (SELECT md5(string_agg(item_id || title || description, '|' ORDER BY ord)) FROM run1) AS same_bytes FROM run2;
-- theme (≤ 5 sentences) and conflicts & risks are stored with the proposals
SELECT array_length(regexp_split_to_array(theme, '(?<=\.)\s+'), 1) <= 5 AS theme_at_most_5_sentences, risks
  FROM roadmap.enrichment e JOIN roadmap.repository p USING (repo_id) WHERE p.path = :'r' AND version = '0.11.0';
-- explain shows every term behind each proposal
SELECT item_id, source, focus_area, score, term_staleness, term_shipped, term_planned, term_deferred, term_plan, term_evidence,
       jsonb_array_length(coalesce(evidence, '[]')) AS evidence_rows
  FROM roadmap.explain('0.11.0', :'r') ORDER BY item_id COLLATE "C" LIMIT 6;
-- monolithic layout: numbering continues CORR-2 of v0.10.0
SELECT string_agg(item_id, ',' ORDER BY ord) AS new_ids
  FROM roadmap.enrich('0.10.0', '/tmp/roadmap_enrich_fixtures/mono', apply => false) WHERE pillar = 'correctness';
-- bad requests
SELECT * FROM roadmap.enrich('0.9.0', :'r', apply => false);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM roadmap.enrich('0.12.0', :'r', apply => false);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM roadmap.enrich('0.11', :'r', apply => false);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM roadmap.enrich(NULL, :'r', apply => false);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM roadmap.enrich('0.11.0', apply => false);
\echo :LAST_ERROR_SQLSTATE
SELECT roadmap.render('0.11.0', '/tmp/roadmap_enrich_fixtures/mono', write => false);
\echo :LAST_ERROR_SQLSTATE
-- planner decisions (issue 10): a dismissed item never returns, across re-ingest
CREATE TEMP TABLE d0 AS SELECT item_id, title, source_ref FROM roadmap.enrich('0.11.0', :'r', apply => false) ORDER BY ord LIMIT 1;
SELECT roadmap.dismiss('0.11.0', (SELECT item_id FROM d0), 'covered by the release''s own item', :'r') > 0 AS dismissed;
SELECT count(*) AS still_stored FROM roadmap.proposal p, d0 WHERE p.version = '0.11.0' AND p.title = d0.title;
SELECT roadmap.ingest(:'r', 'HEAD~1') > 0 AS ingested_older_ref;
SELECT roadmap.ingest(:'r') > 0 AS ingested_head_again;
SELECT count(*) AS dismissed_item_returned FROM roadmap.enrich('0.11.0', :'r', apply => false) e, d0
 WHERE e.title = d0.title OR e.source_ref = d0.source_ref;
SELECT verdict, item_ref = (SELECT item_id FROM d0) AS same_item, title = (SELECT title FROM d0) AS same_title,
       source_ref = (SELECT source_ref FROM d0) AS same_source, reason
  FROM roadmap.decision d WHERE d.repo_path = :'r';
SELECT count(*) > 0 AS explain_shows_decision FROM roadmap.explain('0.11.0', :'r')
 WHERE decisions @> '[{"verdict": "dismissed"}]';
SELECT (counts->>'skipped_dismissed')::int AS skipped_dismissed FROM roadmap.enrichment e
  JOIN roadmap.repository p USING (repo_id) WHERE p.path = :'r' AND version = '0.11.0';
-- errors: an id that is no stored proposal, an empty reason
SELECT roadmap.dismiss('0.11.0', 'ZZZ-99', 'typo', :'r');
SELECT roadmap.dismiss('0.11.0', 'STAB-2', '', :'r');
-- test code is not product code for probes (issue 10): tests.rs declared by
-- #[cfg(test)] mod tests;, proptests.rs, src/wal_test.rs and tests/ have 0 hits
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/crate') > 0 AS ingested_crate;
SELECT h.path, h.hits FROM roadmap.probe_hit h JOIN roadmap.repository p USING (repo_id)
 WHERE p.path = '/tmp/roadmap_enrich_fixtures/crate' AND h.probe_id = 'unwrap_outside_tests' ORDER BY h.path COLLATE "C";
SELECT count(*) FILTER (WHERE h.path ~ '(tests\.rs|proptests\.rs|_test\.rs|^tests/)') AS test_code_hits
  FROM roadmap.probe_hit h JOIN roadmap.repository p USING (repo_id)
 WHERE p.path = '/tmp/roadmap_enrich_fixtures/crate';
-- a release that plans items but gets no proposal says why (NOTICE with the
-- counts and, per planned item, the lenses tried and why each was dropped):
-- dismiss every proposal until none is left
SET client_min_messages = warning;
CREATE FUNCTION pg_temp.dismiss_round(r text) RETURNS bigint LANGUAGE sql AS $$
  SELECT count(*) FROM roadmap.enrich('0.11.0', r, apply => false);
  SELECT count(roadmap.dismiss('0.11.0', p.item_id, 'test: every proposal dismissed', r))
    FROM roadmap.proposal p JOIN roadmap.repository x USING (repo_id) WHERE x.path = r AND p.version = '0.11.0';
$$;
-- each round dismisses what enrich proposes; replacements come from the
-- next-ranked candidates, so a few rounds empty the release
SELECT sum(pg_temp.dismiss_round(:'r')) FROM generate_series(1, 5) \g /dev/null
RESET client_min_messages;
\set VERBOSITY default
SELECT count(*) AS proposed_after_dismissing_all FROM roadmap.enrich('0.11.0', :'r', apply => false);
-- render writes those reasons, one per planned item, into the section's
-- Conflicts & Risks (not only the NOTICE), and no empty pillar subsection
SELECT l AS rendered_reason
  FROM regexp_split_to_table(roadmap.render('0.11.0', :'r', write => false), E'\n') AS l
 WHERE l LIKE '- **%' AND (l LIKE '%lenses tried%' OR l LIKE '%no lens fired%' OR l LIKE '%focus-area gap%');
SELECT count(*) AS empty_pillar_subsections
  FROM regexp_split_to_table(roadmap.render('0.11.0', :'r', write => false), E'\n') AS l
 WHERE l ~ '^#+ (Correctness|Stability|Performance|Scalability|Ease of Use|Test Coverage)$';
-- the decisions are the planner's table: deleting a row takes a dismissal back
DELETE FROM roadmap.decision WHERE reason = 'test: every proposal dismissed';
SELECT count(*) > 0 AS proposes_again FROM roadmap.enrich('0.11.0', :'r', apply => false);
-- enrich reads the scores ingest kept (roadmap.focus_score); without them it
-- reads roadmap.focus_gaps itself: the same proposals either way
CREATE TEMP TABLE from_kept AS SELECT ord, item_id, title, priority, description, focus_area
  FROM roadmap.enrich('0.11.0', :'r', apply => false);
CREATE TEMP TABLE kept AS SELECT s.* FROM roadmap.focus_score s JOIN roadmap.repository x USING (repo_id) WHERE x.path = :'r';
SELECT count(*) > 0 AND bool_and(version = '0.11.0') AS scores_kept_for_the_target FROM kept;
DELETE FROM roadmap.focus_score s USING kept k WHERE s.repo_id = k.repo_id;
CREATE TEMP TABLE from_view AS SELECT ord, item_id, title, priority, description, focus_area
  FROM roadmap.enrich('0.11.0', :'r', apply => false);
SELECT (SELECT count(*) FROM from_kept) AS proposals,
       (SELECT count(*) FROM (SELECT * FROM from_kept EXCEPT SELECT * FROM from_view) a)
     + (SELECT count(*) FROM (SELECT * FROM from_view EXCEPT SELECT * FROM from_kept) b) AS differing;
INSERT INTO roadmap.focus_score SELECT * FROM kept;
