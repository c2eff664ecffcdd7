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
