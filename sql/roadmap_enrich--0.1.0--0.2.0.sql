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
	repo_id       bigint,             -- no foreign key: an intent and its outcome outlive the repository's catalog rows
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

-- Dump and restore keep the planner's edits ------------------------------
-- Every user-editable table has a "builtin" column and the user_row_marker
-- trigger: rows written by the extension's scripts are builtin, rows a user
-- inserts or updates are not, and pg_dump writes only the latter
-- (pg_extension_config_dump with WHERE NOT builtin). See docs/operations.md
-- "Backup and restore" for the rule new tables follow.

CREATE FUNCTION roadmap.user_row_marker() RETURNS trigger
	AS 'MODULE_PATHNAME', 'roadmap_user_row_marker'
	LANGUAGE C;

ALTER TABLE roadmap.pillar ADD COLUMN builtin boolean NOT NULL DEFAULT false;
ALTER TABLE roadmap.focus_area ADD COLUMN builtin boolean NOT NULL DEFAULT false;
ALTER TABLE roadmap.probe ADD COLUMN builtin boolean NOT NULL DEFAULT false;

-- the rows 0.1.0 shipped (rows a user added before this update stay theirs)
UPDATE roadmap.pillar SET builtin = true WHERE pillar IN (
 'correctness', 'stability', 'performance', 'scalability', 'ease_of_use', 'test_coverage');
UPDATE roadmap.focus_area SET builtin = true WHERE focus_id IN (
 'corr_diff_refresh', 'corr_weight_count', 'corr_null_agg', 'corr_pk_collision',
 'corr_groupby_delete', 'corr_cdc_ordering', 'corr_recursive_lateral', 'corr_sqlancer',
 'stab_unwrap', 'stab_worker_recovery', 'stab_sigterm', 'stab_wal_slot', 'stab_spi_errors',
 'stab_upgrade', 'stab_error_quality', 'perf_throughput', 'perf_cost_model', 'perf_branch_pruning',
 'perf_index_merge', 'perf_changed_cols', 'perf_buffer_compaction', 'perf_scheduling_overhead',
 'perf_bench_gate', 'scal_dag_rebuild', 'scal_parallel_workers', 'scal_partitioned', 'scal_fairness',
 'scal_buffer_growth', 'scal_memory_delta', 'scal_cloud_native', 'ux_api_ergonomics',
 'ux_error_actionability', 'ux_docs_gaps', 'ux_migration_guides', 'ux_runbooks', 'ux_playground',
 'ux_tui', 'ux_dbt', 'ux_observability', 'ux_packaging', 'test_unit_from_e2e', 'test_fuzz_gaps',
 'test_tpch', 'test_upgrade', 'test_bench_gate', 'test_cdc_edge', 'test_dbt', 'test_light_e2e');
UPDATE roadmap.probe SET builtin = true WHERE probe_id IN (
 'unwrap_outside_tests', 'unsafe_without_safety', 'untested_modules', 'fixed_sleeps_in_tests',
 'gucs_missing_from_docs', 'sql_functions_missing_from_docs', 'todo_fixme');

CREATE TRIGGER user_row BEFORE INSERT OR UPDATE ON roadmap.pillar
	FOR EACH ROW EXECUTE FUNCTION roadmap.user_row_marker('pillar');
CREATE TRIGGER user_row BEFORE INSERT OR UPDATE ON roadmap.focus_area
	FOR EACH ROW EXECUTE FUNCTION roadmap.user_row_marker('focus_id');
CREATE TRIGGER user_row BEFORE INSERT OR UPDATE ON roadmap.probe
	FOR EACH ROW EXECUTE FUNCTION roadmap.user_row_marker('probe_id');

SELECT pg_catalog.pg_extension_config_dump('roadmap.pillar', 'WHERE NOT builtin');
SELECT pg_catalog.pg_extension_config_dump('roadmap.focus_area', 'WHERE NOT builtin');
SELECT pg_catalog.pg_extension_config_dump('roadmap.probe', 'WHERE NOT builtin');

-- Render vocabulary as data (issue 15) ------------------------------------
-- The words render looks for in a release section and writes into it, and
-- the write-back commit message: editable, e.g. for a roadmap written in
-- another language. Matching is case-insensitive and by substring.
CREATE TABLE roadmap.render_word (
	role     text PRIMARY KEY CHECK (role IN ('risks_heading', 'stop_heading', 'theme_label', 'risks_title', 'commit_message')),
	words    text[] NOT NULL,
	builtin  boolean NOT NULL DEFAULT false
);
COMMENT ON TABLE roadmap.render_word IS
	'risks_heading: a subsection heading containing one of the words is the risks subsection; '
	'stop_heading: new pillar subsections go before a heading containing one; '
	'theme_label: the release theme''s label (looked for and written); risks_title: heading of a new risks '
	'subsection; commit_message: write-back commit message, {version} replaced';
CREATE TRIGGER user_row BEFORE INSERT OR UPDATE ON roadmap.render_word
	FOR EACH ROW EXECUTE FUNCTION roadmap.user_row_marker('role');
INSERT INTO roadmap.render_word (role, words) VALUES
 ('risks_heading', ARRAY['conflicts', 'risks']),
 ('stop_heading', ARRAY['exit criteria', 'implementation status']),
 ('theme_label', ARRAY['Release Theme']),
 ('risks_title', ARRAY['Conflicts & Risks']),
 ('commit_message', ARRAY['roadmap: enrich v{version} with six-pillar quality items']);
SELECT pg_catalog.pg_extension_config_dump('roadmap.render_word', 'WHERE NOT builtin');

-- Issue 11: focus areas per repository (its own skill file, applicability),
-- focus-area matches computed at ingest, views carrying the repository --

-- The focus areas that apply to one repository: its own skill file's areas
-- (source 'skill'), or the built-in set of roadmap.focus_area when it has
-- none (source 'built-in'); built-in areas apply only when their terms occur
-- in the repository's own text (docs/scoring.md). Rewritten at every ingest.
CREATE TABLE roadmap.repo_focus_area (
	repo_id          bigint NOT NULL REFERENCES roadmap.repository ON DELETE CASCADE,
	focus_id         text NOT NULL,
	pillar           text NOT NULL REFERENCES roadmap.pillar,
	ord              int NOT NULL,
	name             text NOT NULL,
	match            text NOT NULL,
	effort           text NOT NULL,
	schema_change    boolean NOT NULL,
	engine_core      boolean NOT NULL,
	title            text NOT NULL,
	rationale        text NOT NULL,
	verify           text NOT NULL,
	source           text NOT NULL CHECK (source IN ('skill', 'built-in')),
	source_path      text,          -- the skill file, for source 'skill'
	source_line      int,
	builtin_focus_id text,          -- the curated built-in area it is (same name), if any
	applicable       boolean NOT NULL,
	applies_because  text NOT NULL, -- "listed in <skill file> line N", "terms occur in CHANGELOG.md (…)", or why not
	PRIMARY KEY (repo_id, focus_id)
);

-- The pillars' guiding questions of a repository's own skill file.
CREATE TABLE roadmap.repo_pillar (
	repo_id      bigint NOT NULL REFERENCES roadmap.repository ON DELETE CASCADE,
	pillar       text NOT NULL REFERENCES roadmap.pillar,
	question     text NOT NULL,
	source_path  text NOT NULL,
	source_line  int NOT NULL,
	PRIMARY KEY (repo_id, pillar)
);

-- Which texts each applicable focus area matches, computed once per ingest
-- in C (PCRE2): kind 'changelog' (ref = entry_no), 'item' (title and
-- description; ref = item_id), 'item_title' (title only), 'plan' (ref = line).
CREATE TABLE roadmap.focus_match (
	repo_id      bigint NOT NULL REFERENCES roadmap.repository ON DELETE CASCADE,
	focus_id     text NOT NULL,
	kind         text NOT NULL CHECK (kind IN ('changelog', 'item', 'item_title', 'plan')),
	version      text NOT NULL,
	version_key  int[],
	ref          text NOT NULL,
	status       text
);
CREATE INDEX ON roadmap.focus_match (repo_id, focus_id, kind, version_key);

-- Where each constraint rule comes from (AGENTS.md or the skill file).
ALTER TABLE roadmap.constraint_rule ADD COLUMN path text NOT NULL DEFAULT 'AGENTS.md';

-- Proposals name a repository's focus area, which need not be built in.
ALTER TABLE roadmap.proposal DROP CONSTRAINT proposal_focus_area_fkey;

-- Documentation probes search the whole docs tree (docs/**/*.md, mdBook
-- SUMMARY.md, README.md); doc_path is only the file named in the title.
UPDATE roadmap.probe SET
	description = 'GUCs defined in code but named nowhere in the documentation tree',
	title = 'Document {hits} {n:GUC|GUCs} missing from the docs',
	verify_command = $$git grep -h -o -E 'define_[a-z_]*guc[a-z_]*\(\s*c?"[a-z_]+\.[a-z0-9_]+"' -- 'src/*.rs' | grep -o -E '"[^"]+"' | tr -d '"' | while read g; do git grep -q -F "$g" -- 'docs/*.md' '*SUMMARY.md' 'README.md' || echo "$g"; done$$
 WHERE probe_id = 'gucs_missing_from_docs';
UPDATE roadmap.probe SET
	description = 'SQL functions (#[pg_extern]) named nowhere in the documentation tree',
	title = 'Document {hits} SQL {n:function|functions} missing from the docs',
	verify_command = $$git grep -h -A1 '#\[pg_extern' -- 'src/*.rs' | grep -o -E 'fn [a-z_0-9]+' | cut -c4- | while read f; do git grep -q -w -F "$f" -- 'docs/*.md' '*SUMMARY.md' 'README.md' || echo "$f"; done$$
 WHERE probe_id = 'sql_functions_missing_from_docs';

DROP VIEW roadmap.pillar_gaps;
DROP VIEW roadmap.focus_gaps;

-- One row per (unreleased target release, applicable focus area of its
-- repository) with every signal and every term of the score in its own
-- column; the formula is in docs/scoring.md. Matches come from
-- roadmap.focus_match (computed at ingest), not from regular expressions here.
CREATE VIEW roadmap.focus_gaps AS
WITH t AS MATERIALIZED (
	SELECT r.repo_id, r.version, r.version_key,
	       (SELECT min(w.version_key) FROM (
	            SELECT DISTINCT c.version_key FROM roadmap.changelog_entry c
	             WHERE c.repo_id = r.repo_id AND c.version_key < r.version_key
	             ORDER BY c.version_key DESC LIMIT roadmap.shipped_window()) w) AS window_start
	  FROM roadmap.release r WHERE r.status <> 'released'
), sig AS (
	SELECT t.repo_id, t.version, t.version_key, f.pillar, f.focus_id, f.name AS focus_area,
	       cl.shipped_recent, cl.last_key,
	  (SELECT count(*) FROM roadmap.focus_match m
	    WHERE m.repo_id = t.repo_id AND m.focus_id = f.focus_id AND m.kind = 'item'
	      AND m.version_key = t.version_key)::int AS planned_in_target,
	  df.deferred_open, df.max_carried,
	  (SELECT count(*) FROM roadmap.focus_match m
	    WHERE m.repo_id = t.repo_id AND m.focus_id = f.focus_id AND m.kind = 'plan'
	      AND m.version_key = t.version_key AND m.status = 'open')::int AS plan_open,
	  (SELECT coalesce(sum(h.hits), 0) FROM roadmap.probe_hit h JOIN roadmap.probe p USING (probe_id)
	    WHERE h.repo_id = t.repo_id AND p.focus_id = f.focus_id)::int AS evidence_hits
	  FROM t JOIN roadmap.repo_focus_area f ON f.repo_id = t.repo_id AND f.applicable
	  CROSS JOIN LATERAL (
	       SELECT count(*) FILTER (WHERE m.version_key >= t.window_start)::int AS shipped_recent,
	              max(m.version_key) AS last_key
	         FROM roadmap.focus_match m
	        WHERE m.repo_id = t.repo_id AND m.focus_id = f.focus_id AND m.kind = 'changelog'
	          AND m.version_key < t.version_key) cl
	  CROSS JOIN LATERAL (
	       SELECT count(*)::int AS deferred_open, max(d.carried_releases) AS max_carried
	         FROM roadmap.focus_match m
	         JOIN roadmap.deferred_items d
	           ON d.repo_id = m.repo_id AND d.version = m.version AND d.item_id = m.ref
	        WHERE m.repo_id = t.repo_id AND m.focus_id = f.focus_id AND m.kind = 'item_title'
	          AND m.version_key < t.version_key) df
), rel AS (
	SELECT sig.*,
	  (SELECT min(c.version) FROM roadmap.changelog_entry c
	    WHERE c.repo_id = sig.repo_id AND c.version_key = sig.last_key) AS last_shipped_version,
	  CASE WHEN sig.last_key IS NOT NULL THEN
	  (SELECT count(DISTINCT c.version_key) FROM roadmap.changelog_entry c
	    WHERE c.repo_id = sig.repo_id AND c.version_key > sig.last_key
	      AND c.version_key < sig.version_key)::int END AS releases_since_shipped
	  FROM sig
), terms AS (
	SELECT rel.*,
	  1.0::numeric AS term_base,
	  0.5 * least(coalesce(releases_since_shipped, roadmap.shipped_window() + 3), 6)::numeric AS term_staleness,
	  -1.0 * least(shipped_recent, 3)::numeric AS term_shipped,
	  -2.0 * least(planned_in_target, 3)::numeric AS term_planned,
	  (3.0 * least(deferred_open, 3) + 0.5 * least(coalesce(max_carried, 0), 6))::numeric AS term_deferred,
	  1.0 * least(plan_open, 3)::numeric AS term_plan,
	  round((2.0 * ln(1 + evidence_hits))::numeric, 2) AS term_evidence
	  FROM rel
)
SELECT terms.repo_id, version, pillar, focus_id, focus_area,
       round(term_base + term_staleness + term_shipped + term_planned + term_deferred + term_plan + term_evidence, 2) AS score,
       shipped_recent, last_shipped_version, releases_since_shipped, planned_in_target,
       deferred_open, max_carried, plan_open, evidence_hits,
       term_base, term_staleness, term_shipped, term_planned, term_deferred, term_plan, term_evidence,
       r.path
  FROM terms JOIN roadmap.repository r ON r.repo_id = terms.repo_id;

-- One row per (target release, pillar): the mean score of its three thinnest
-- focus areas, and the signal totals behind it; path names the repository.
CREATE VIEW roadmap.pillar_gaps AS
	SELECT g.repo_id, g.version, g.pillar, p.ord,
	       round(avg(g.score) FILTER (WHERE g.rank <= 3), 2) AS score,
	       min(g.focus_id) FILTER (WHERE g.rank = 1) AS top_focus,
	       count(*)::int AS focus_areas,
	       sum(g.shipped_recent)::int AS shipped_recent,
	       sum(g.planned_in_target)::int AS planned_matches,
	       sum(g.deferred_open)::int AS deferred_open,
	       sum(g.evidence_hits)::int AS evidence_hits,
	       (SELECT count(*) FROM roadmap.item i
	         WHERE i.repo_id = g.repo_id AND i.version = g.version AND i.pillar = g.pillar)::int AS items_in_target,
	       g.path
	  FROM (SELECT f.*, row_number() OVER (PARTITION BY f.repo_id, f.version, f.pillar
	                                      ORDER BY f.score DESC, f.focus_id COLLATE "C") AS rank
	          FROM roadmap.focus_gaps f) g
	  JOIN roadmap.pillar p USING (pillar)
	 GROUP BY g.repo_id, g.path, g.version, g.pillar, p.ord;

-- Each repository's focus areas: where each comes from and whether it applies.
CREATE VIEW roadmap.focus_source AS
	SELECT r.path, f.repo_id, f.pillar, f.ord, f.focus_id, f.name, f.source, f.source_path, f.source_line,
	       f.builtin_focus_id, f.applicable, f.applies_because, f.match
	  FROM roadmap.repo_focus_area f JOIN roadmap.repository r USING (repo_id);

-- explain also says where each proposal's focus area comes from.
DROP FUNCTION roadmap.explain(text, text);
CREATE FUNCTION roadmap.explain(version text, repo text DEFAULT NULL)
	RETURNS TABLE (item_id text, pillar text, title text, source text, source_ref text,
	               focus_area text, score numeric, term_base numeric, term_staleness numeric,
	               term_shipped numeric, term_planned numeric, term_deferred numeric,
	               term_plan numeric, term_evidence numeric, shipped_recent int,
	               last_shipped_version text, planned_in_target int, deferred_open int,
	               plan_open int, evidence_hits int, evidence jsonb,
	               focus_source text, applies_because text)
	LANGUAGE sql STABLE AS $$
	SELECT p.item_id, p.pillar, p.title, p.source, p.source_ref, p.focus_area, g.score,
	       g.term_base, g.term_staleness, g.term_shipped, g.term_planned, g.term_deferred,
	       g.term_plan, g.term_evidence, g.shipped_recent, g.last_shipped_version,
	       g.planned_in_target, g.deferred_open, g.plan_open, g.evidence_hits,
	       (SELECT jsonb_agg(jsonb_build_object('probe', e.probe, 'path', e.path, 'hits', e.hits,
	                                            'first_line', e.first_line, 'verify', e.verify_command)
	                         ORDER BY e.hits DESC, e.path COLLATE "C")
	          FROM roadmap.evidence e WHERE e.repo_id = p.repo_id AND e.focus_id = p.focus_area),
	       CASE fa.source WHEN 'skill' THEN fa.source_path || ':' || fa.source_line ELSE fa.source END,
	       fa.applies_because
	  FROM roadmap.proposal p
	  JOIN roadmap.repository r ON r.repo_id = p.repo_id
	  LEFT JOIN roadmap.focus_gaps g
	         ON g.repo_id = p.repo_id AND g.version = p.version AND g.focus_id = p.focus_area
	  LEFT JOIN roadmap.repo_focus_area fa ON fa.repo_id = p.repo_id AND fa.focus_id = p.focus_area
	 WHERE p.version = roadmap.version_norm($1)
	   AND ($2 IS NULL OR r.path = roadmap.path_norm($2))
	 ORDER BY p.ord
$$;
