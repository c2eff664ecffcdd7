-- roadmap_enrich 0.1.0 -> 0.2.0 (unreleased: every catalog change since 0.1.0
-- goes here; a fresh install of 0.2.0 runs 0.1.0 then this script).

\echo Use "ALTER EXTENSION roadmap_enrich UPDATE TO '0.2.0'" to load this file. \quit

-- ---- bounded calls (issue 14): one spelling of a repository path ----------
-- Stored repository paths are canonical (realpath, no trailing slash); the
-- catalog-only functions that take a path compare its lexical normal form
-- (no repeated or trailing slashes, no "." segments), so '/repo/' and
-- '/repo' name the same repository without touching the file system.
CREATE FUNCTION roadmap.path_norm(path text) RETURNS text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT CASE WHEN n = '' AND left($1, 1) = '/' THEN '/' ELSE n END
	  FROM (SELECT rtrim(regexp_replace(regexp_replace($1 || '/', '/(\./)+', '/', 'g'), '/+', '/', 'g'), '/') AS n) s
$$;

CREATE OR REPLACE FUNCTION roadmap.explain(version text, repo text DEFAULT NULL)
	RETURNS TABLE (item_id text, pillar text, title text, source text, source_ref text,
	               focus_area text, score numeric, term_base numeric, term_staleness numeric,
	               term_shipped numeric, term_planned numeric, term_deferred numeric,
	               term_plan numeric, term_evidence numeric, shipped_recent int,
	               last_shipped_version text, planned_in_target int, deferred_open int,
	               plan_open int, evidence_hits int, evidence jsonb)
	LANGUAGE sql STABLE AS $$
	SELECT p.item_id, p.pillar, p.title, p.source, p.source_ref, p.focus_area, g.score,
	       g.term_base, g.term_staleness, g.term_shipped, g.term_planned, g.term_deferred,
	       g.term_plan, g.term_evidence, g.shipped_recent, g.last_shipped_version,
	       g.planned_in_target, g.deferred_open, g.plan_open, g.evidence_hits,
	       (SELECT jsonb_agg(jsonb_build_object('probe', e.probe, 'path', e.path, 'hits', e.hits,
	                                            'first_line', e.first_line, 'verify', e.verify_command)
	                         ORDER BY e.hits DESC, e.path COLLATE "C")
	          FROM roadmap.evidence e WHERE e.repo_id = p.repo_id AND e.focus_id = p.focus_area)
	  FROM roadmap.proposal p
	  JOIN roadmap.repository r ON r.repo_id = p.repo_id
	  LEFT JOIN roadmap.focus_gaps g
	         ON g.repo_id = p.repo_id AND g.version = p.version AND g.focus_id = p.focus_area
	 WHERE p.version = roadmap.version_norm($1)
	   AND ($2 IS NULL OR r.path = roadmap.path_norm($2))
	 ORDER BY p.ord
$$;
