-- roadmap_enrich 0.1.0 -> 0.2.0 (unreleased: every catalog change since 0.1.0
-- goes here; a fresh install of 0.2.0 runs 0.1.0 then this script).

\echo Use "ALTER EXTENSION roadmap_enrich UPDATE TO '0.2.0'" to load this file. \quit

-- Write-back intents (issue 13, docs/writeback.md) -------------------------
-- render(write) / enrich(apply) only record an intent in the calling
-- transaction; after that transaction commits, a background worker applies
-- it from this committed row (compare-and-swap on the branch) and records
-- the outcome here and as a roadmap.run row (kind 'writeback', and 'push').
CREATE TABLE roadmap.writeback (
	intent_id     bigserial PRIMARY KEY,
	repo_id       bigint REFERENCES roadmap.repository ON DELETE SET NULL,
	repo_path     text NOT NULL,
	version       text NOT NULL,
	base_commit   text NOT NULL,
	paths         text[] NOT NULL,
	contents      bytea[] NOT NULL,
	files_only    bool NOT NULL DEFAULT false,
	message       text NOT NULL,
	author_name   text NOT NULL,
	author_email  text NOT NULL,
	push_remote   text,
	requested_by  oid NOT NULL,
	requested_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
	requested_at  timestamptz NOT NULL DEFAULT now(),
	state         text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued','applying','done','failed')),
	attempts      int NOT NULL DEFAULT 0,
	applied_at    timestamptz,
	commit        text,
	sqlstate      text,
	error         text,
	hint          text,
	push_error    text,
	CHECK (cardinality(paths) = cardinality(contents))
);
CREATE INDEX writeback_pending ON roadmap.writeback (intent_id) WHERE state IN ('queued','applying');

-- Wait until a write-back intent (default: the caller's latest) is applied
-- or failed, at most timeout; returns its row (state still 'queued' or
-- 'applying' when the timeout passed).
CREATE FUNCTION roadmap.wait_writeback(intent bigint DEFAULT NULL, timeout interval DEFAULT '30 seconds')
	RETURNS SETOF roadmap.writeback
	AS 'MODULE_PATHNAME', 'roadmap_wait_writeback'
	LANGUAGE C VOLATILE;
REVOKE ALL ON FUNCTION roadmap.wait_writeback(bigint, interval) FROM PUBLIC;

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
