-- Each scoring signal moves the score the documented way (docs/scoring.md).
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set r '/tmp/roadmap_enrich_fixtures/scoring'
SELECT roadmap.ingest(:'r', 'HEAD~1') AS repo_id \gset
SELECT count(*) AS focus_areas, count(DISTINCT pillar) AS pillars FROM roadmap.focus_area;
SELECT pillar, count(*) FROM roadmap.focus_area GROUP BY pillar ORDER BY min(ord), pillar COLLATE "C";
-- one row per focus area for the planned v0.7.0, six pillars
SELECT count(*) AS focus_rows FROM roadmap.focus_gaps WHERE repo_id = :repo_id AND version = '0.7.0';
SELECT pillar, score, top_focus FROM roadmap.pillar_gaps WHERE repo_id = :repo_id AND version = '0.7.0' ORDER BY ord;
-- recency: dbt shipped in the last release (0.6.0), the TUI five releases earlier (0.1.0);
-- recent work is liveness, not coverage: dbt is not penalised (term_shipped 0, full staleness term)
SELECT focus_id, shipped_recent, last_shipped_version, releases_since_shipped, term_staleness, term_shipped, score
  FROM roadmap.focus_gaps WHERE repo_id = :repo_id AND version = '0.7.0'
   AND focus_id IN ('ux_dbt', 'ux_tui', 'ux_playground') ORDER BY focus_id COLLATE "C";
SELECT (SELECT score FROM roadmap.focus_gaps WHERE repo_id = :repo_id AND version = '0.7.0' AND focus_id = 'ux_dbt')
     >= (SELECT score FROM roadmap.focus_gaps WHERE repo_id = :repo_id AND version = '0.7.0' AND focus_id = 'ux_tui')
       AS recently_shipped_not_penalised;
-- already planned in the target: Prometheus metrics (UX-1)
SELECT focus_id, planned_in_target, term_planned, score FROM roadmap.focus_gaps
 WHERE repo_id = :repo_id AND version = '0.7.0' AND focus_id = 'ux_observability';
-- open deferred item from a released version, dated by the history walk
SELECT version, item_id, title, status, deferred_to, first_seen_version, carried_releases, carried_source, commits_open
  FROM roadmap.deferred_items WHERE repo_id = :repo_id;
SELECT focus_id, deferred_open, max_carried, term_deferred, score FROM roadmap.focus_gaps
 WHERE repo_id = :repo_id AND version = '0.7.0' AND focus_id IN ('corr_sqlancer', 'corr_weight_count') ORDER BY focus_id COLLATE "C";
-- open plan item of PLAN_0_7_0.md
SELECT focus_id, plan_open, term_plan FROM roadmap.focus_gaps
 WHERE repo_id = :repo_id AND version = '0.7.0' AND focus_id = 'ux_runbooks';
-- code evidence: three unwrap/panic calls before the test module, one after it
SELECT probe, path, hits, first_line FROM roadmap.evidence WHERE repo_id = :repo_id ORDER BY probe COLLATE "C", path COLLATE "C";
SELECT focus_id, evidence_hits, term_evidence FROM roadmap.focus_gaps
 WHERE repo_id = :repo_id AND version = '0.7.0' AND focus_id = 'stab_unwrap';
-- every term adds up to the score
SELECT count(*) AS rows_where_terms_do_not_add_up FROM roadmap.focus_gaps
 WHERE score <> term_base + term_staleness + term_shipped + term_planned + term_deferred + term_plan + term_evidence;
-- ingest kept the view's rows for enrich (roadmap.focus_score): the same rows and values
CREATE TEMP VIEW kept_vs_view AS
SELECT count(*) AS kept_rows, count(*) FILTER (WHERE k.focus_id IS NULL OR g.focus_id IS NULL
         OR (k.score, k.shipped_recent, k.last_shipped_version, k.releases_since_shipped, k.planned_in_target, k.plan_open, k.evidence_hits)
            IS DISTINCT FROM (g.score, g.shipped_recent, g.last_shipped_version, g.releases_since_shipped, g.planned_in_target, g.plan_open, g.evidence_hits)
         OR k.shipped_window <> roadmap.shipped_window()) AS rows_differing_from_the_view
  FROM (SELECT * FROM roadmap.focus_score WHERE repo_id = :repo_id) k
  FULL JOIN (SELECT * FROM roadmap.focus_gaps WHERE repo_id = :repo_id) g USING (version, focus_id);
SELECT * FROM kept_vs_view;
-- the shipped window is a GUC: with a window of 1, 0.5.0 work is no longer "recent"
SELECT focus_id, shipped_recent FROM roadmap.focus_gaps
 WHERE repo_id = :repo_id AND version = '0.7.0' AND focus_id IN ('ux_dbt', 'corr_groupby_delete') ORDER BY focus_id COLLATE "C";
SET roadmap_enrich.shipped_window = 1;
SELECT focus_id, shipped_recent FROM roadmap.focus_gaps
 WHERE repo_id = :repo_id AND version = '0.7.0' AND focus_id IN ('ux_dbt', 'corr_groupby_delete') ORDER BY focus_id COLLATE "C";
RESET roadmap_enrich.shipped_window;
-- at HEAD v0.7.0 lists the SQLancer triage as done: no longer deferred
SELECT roadmap.ingest(:'r') = :repo_id AS same_repo;
SELECT count(*) AS deferred_after_done FROM roadmap.deferred_items WHERE repo_id = :repo_id;
-- and rewrote them
SELECT * FROM kept_vs_view;
SELECT focus_id, deferred_open, planned_in_target FROM roadmap.focus_gaps
 WHERE repo_id = :repo_id AND version = '0.7.0' AND focus_id = 'corr_sqlancer';
-- word overlap: containment of the first text's significant words in the second
SELECT roadmap.word_overlap('Triage SQLancer fuzzing findings', 'Triage SQLancer fuzzing findings from v0.5.0') AS same,
       roadmap.word_overlap('Triage SQLancer fuzzing findings', 'Prometheus metrics for refresh lag') AS different,
       roadmap.word_overlap('', 'anything') AS empty;
