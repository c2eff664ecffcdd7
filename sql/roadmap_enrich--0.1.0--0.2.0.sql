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
	'stop_heading: new pillar subsections go before a heading containing one or a paragraph opening with one in bold; '
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


-- Feature lenses, one selector, planner decisions (issue 10) ---------------
-- See docs/proposals.md. Everything here is data a maintainer may edit.

-- What kind of feature a planned item is: a PCRE2 pattern (case-insensitive)
-- over its title and section text, and/or a kind of backticked identifier
-- the item names (when both are set, both must hold). A function or setting
-- counts when the title names it or the text adds it ("Add `x`", "via `x`").
CREATE TABLE roadmap.feature_kind (
	kind         text PRIMARY KEY,
	pattern      text,
	ident_kind   text CHECK (ident_kind IN ('function','guc','table','column','path','flag','syntax','type','const','name','guc_enum','guc_bool','guc_int','guc_string')),
	exclusive    boolean NOT NULL DEFAULT false,  -- stated by the title, it is the feature's only kind
	description  text NOT NULL,
	builtin      boolean NOT NULL DEFAULT false,
	CHECK (pattern IS NOT NULL OR ident_kind IS NOT NULL)
);
CREATE TRIGGER user_row BEFORE INSERT OR UPDATE ON roadmap.feature_kind
	FOR EACH ROW EXECUTE FUNCTION roadmap.user_row_marker('kind');
SELECT pg_catalog.pg_extension_config_dump('roadmap.feature_kind', 'WHERE NOT builtin');

INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('function', NULL, 'function', 'adds or changes a SQL function (`schema.fn()`)'),
('query_fn', '\bTABLE\s*\(|\bSETOF\b|\bstatus\b|\blineage\b', 'function', 'adds a SQL function that returns rows about many objects (`TABLE(…)`, `SETOF`, status, lineage)'),
('name_fn',  '`[a-z_.]+\([^`)]*\b[a-z_]*names?\s+(text|name|regclass)\b', 'function', 'adds a SQL function that takes object names'),
('guc',      NULL, 'guc',      'adds or changes a setting (`prefix.name`)'),
('guc_free', NULL, 'guc_string', 'adds a free-form text or list setting: only the extension''s own check can reject a bad value'),
('guc_gate', 'default:? ?`?''?(off|false)\b|\bopt-in\b|\bgated? (behind|by)\b', 'guc_bool', 'puts new behaviour behind an on/off setting that is off by default'),
('syntax',   '\bsyntax\b|\brewrite\b', 'syntax', 'adds SQL syntax (`CREATE … TABLE`, `AS OF …`): an upper-case identifier the text calls syntax or a rewrite'),
('ddl_syntax', '`(CREATE|ALTER|DROP) [A-Z][A-Z ]+[^`]*`[^.]{0,40}\bsyntax\b', 'syntax', 'adds DDL syntax with a function form'),
('catalog',  'schema change|new [a-z_ ]{0,20}column|add [^.]{0,60}column|catalog table|new table', NULL, 'changes the extension''s catalog: a column or table existing installations must gain'),
('catalog_read', '\broute[sd]?\b|\bwhen `[a-z_]+ ?= |\bdepending on\b|\bbased on the\b|\b(library|worker|scheduler|code) reads\b', 'column', 'adds a catalog column the library reads at run time'),
('cache',    '\bcach(e|es|ing)\b', NULL, 'keeps computed state for reuse (cache, shared-memory table)'),
('limit',    'backpressure|throttl|\bcap\b|lag cap|rate.limit|quota', NULL, 'caps or pauses work when a limit is reached'),
('worker',   'background worker|bgworker|\bdrain\b|quiesce', NULL, 'runs in, or controls, a background process'),
('wait',     '\bwaits? (for|until)\b|\bdrain\b|quiesce|\bpoll(s|ing)? (every|for|until)\b|\bretr(y|ies) (every|until|up to)\b|\bsleeps? (for|between)\b', NULL, 'blocks or loops until other work finishes (wait, drain, poll, retry, sleep)'),
('startup_check', '\bat (worker |server |backend )?start(up)?\b[^.]{0,80}\b(exits?|skips?|refuses?|aborts?)\b|\brefuses? to start\b|\b(exits?|skips?)\b[^.]{0,40}\b(at|on) (worker |server )?start(up)?\b', NULL, 'checks a condition once when a process starts and exits or skips when it holds'),
('bulk',     '\bbulk\b|\bbatch(ed)? (api|call|operation)', NULL, 'acts on many objects in one call'),
('logging',  'structured (json )?logging|\blog_format\b|log output', NULL, 'changes what the extension logs'),
('storage',  'columnar|storage backend|storage_backend|append-only', NULL, 'adds a storage backend or layout'),
('rewrite',  'query rewrite|\brewrite[sd]?\b', NULL, 'rewrites user queries'),
('hook',     '_hook\b|\bhook\b|intercept', NULL, 'installs a PostgreSQL hook that sees unrelated statements'),
('history',  'never physically deleted|valid_to|\bscd\b', NULL, 'keeps row versions instead of deleting'),
('docs',     '\btutorial\b|\bguide\b|worked example', NULL, 'adds user documentation with examples'),
('docs_section', 'docs/|\.md\b|\bsection\b', NULL, 'adds a documentation section (no lens: the item is the check)'),
('release',  '\bsbom\b|signing|provenance|attestation', NULL, 'changes how releases are built or signed'),
('sized_guc', NULL, 'guc_int', 'a setting whose value is a count, size or duration (PostgreSQL enforces only the declared range)'),
('cleanup',  'retention (policy|period|days)|retention_days|\b(daily|nightly|periodic|scheduled|background) (cleanup|clean-up|purge|pruning)', NULL, 'deletes old data on a schedule'),
('index',    'add[^.]{0,30}\bindex(es)?\b|\bcatalog indexes\b', NULL, 'adds an index for a lookup'),
('refactor', '\bsplit\b.{0,80}?\b(sub-?modules?|modules?|files?)\b|no behaviou?r change', 'path', 'moves code between files or modules without changing behaviour'),
('replace',  '\b(replace|retire)[sd]?\b[^.]{0,40}\b(matching|match|path|classifier|parser|parsing|lookups?|implementation)\b|string[- ]match', NULL, 'replaces an existing code path with a new one'),
('verifier', '\bverifier\b|\bplan-time (check|verif)|compile-time detectable', NULL, 'adds a check that rejects plans or inputs it finds incompatible'),
('plugin',   '\bpluggable\b|\bplug-?ins?\b|\bdynamic(ally)? load|\bthird part(y|ies) can\b', NULL, 'loads implementations of an interface that are built separately'),
('breaking', 'breaking change|\bbehaviou?r change\b|^(rename|change\b[^.]{0,60}\bdefault)\b', NULL, 'changes behaviour or a name existing callers rely on');
UPDATE roadmap.feature_kind SET exclusive = true WHERE kind IN ('docs', 'docs_section', 'release');

-- A lens looks at one kind of feature through one pillar. Templates take
-- {subject} (the identifier in backticks: of kind ident_kind if the feature
-- names one, else the one its title names, else a function or setting its
-- text adds; without any, "<id> <short name>"),
-- {ident}, {id}, {title}, {short}, {prev} (newest released version) and
-- {version}. trigger: always | not_in_docs | not_in_tests (the identifier
-- is absent from the docs tree / the test files) | no_upgrade_script (no
-- file names "<prev>--<version>") | feature_p0 (the release rates it P0).
-- A template using {ident} needs an identifier of kind ident_kind.
-- priority P0 counts only for a feature the release itself rates P0.
CREATE TABLE roadmap.lens (
	lens_id        text PRIMARY KEY,
	pillar         text NOT NULL REFERENCES roadmap.pillar,
	feature_kind   text NOT NULL REFERENCES roadmap.feature_kind,
	trigger        text NOT NULL DEFAULT 'always'
	               CHECK (trigger IN ('always','not_in_docs','in_docs','not_in_tests','no_upgrade_script','feature_p0')),
	ident_kind     text CHECK (ident_kind IN ('function','guc','table','column','path','flag','syntax','type','const','name','guc_enum','guc_bool','guc_int','guc_string')),
	priority       text NOT NULL CHECK (priority IN ('P0','P1','P2')),
	effort         text NOT NULL CHECK (effort IN ('XS','S','M','L','XL')),
	weight         int NOT NULL DEFAULT 2 CHECK (weight BETWEEN 0 AND 10),
	schema_change  boolean NOT NULL DEFAULT false,
	title          text NOT NULL,
	why            text NOT NULL,
	verify         text NOT NULL,
	enabled        boolean NOT NULL DEFAULT true,
	builtin        boolean NOT NULL DEFAULT false
);
CREATE TRIGGER user_row BEFORE INSERT OR UPDATE ON roadmap.lens
	FOR EACH ROW EXECUTE FUNCTION roadmap.user_row_marker('lens_id');
SELECT pg_catalog.pg_extension_config_dump('roadmap.lens', 'WHERE NOT builtin');

INSERT INTO roadmap.lens (lens_id, pillar, feature_kind, trigger, ident_kind, priority, effort, weight, title, why, verify) VALUES
-- correctness: what must stay true of the feature's output
('corr_cache_stale', 'correctness', 'cache', 'always', NULL, 'P0', 'M', 3,
 'Prove {subject} never serves a stale entry',
 '{id} keeps computed state across calls{quote}; a cache that misses one invalidation keeps returning results computed for an old definition, with no error',
 'a test changes a source''s definition between two refreshes in two sessions, and the second refresh equals a fresh full computation'),
('corr_limit_no_loss', 'correctness', 'limit', 'always', NULL, 'P0', 'M', 3,
 'No change lost while {subject} pauses capture',
 '{id} holds back work when a limit is reached{quote}; that may delay changes but must never drop one, since a dropped change is a silently wrong result',
 'a test holds the limit, writes rows, releases it, and the result equals a full recomputation of the same query'),
('corr_function_edges', 'correctness', 'name_fn', 'always', 'function', 'P1', 'S', 2,
 'Define `{ident}` results for NULL, empty and unknown names',
 '`{ident}` takes object names{quote}; NULL, an empty value and a name that does not exist each need a defined answer, not a crash or a silently empty result',
 'a regression test calls `{ident}` with NULL, an empty value and an unknown name and checks each result or SQLSTATE'),
('corr_guc_gate_off', 'correctness', 'guc_gate', 'always', 'guc_bool', 'P1', 'S', 2,
 '`{ident}` = off keeps {prev} behaviour',
 '{id} puts the new path behind `{ident}`{quote}, so an installation that does not opt in must see exactly the {prev} behaviour',
 'the {prev} regression suite passes unchanged with `{ident}` off, and one test runs the same case with it on through the new path'),
('corr_syntax_same', 'correctness', 'ddl_syntax', 'always', 'syntax', 'P1', 'M', 2,
 '`{ident}` gives the same result as the function form',
 '{id} adds a second entry point to an existing operation{quote}; two entry points drift apart unless a test pins them together',
 'a test creates the same object through `{ident}` and through the function, and catalog rows and contents match'),
('corr_rewrite_property', 'correctness', 'rewrite', 'always', NULL, 'P0', 'M', 2,
 'Property test: {subject} rewrite matches the reference result',
 '{id} rewrites user queries{quote}; a rewrite that is wrong for one operator returns wrong rows with no error',
 'a randomized test compares the rewritten query with a reference evaluation on the same data for every supported operator'),
('corr_replace_parity', 'correctness', 'replace', 'always', 'type', 'P1', 'S', 2,
 '{subject} agrees with the path it replaces',
 '{id} replaces an existing code path{quote}; any input the old path handled that the new one treats differently changes behaviour with no error',
 'a test runs every input the old path recognised through both paths and the results are identical before the old path is removed'),
-- stability: how the feature fails and recovers
('stab_guc_reject', 'stability', 'guc_free', 'always', 'guc_string', 'P1', 'XS', 3,
 'Validate `{ident}` values when they are set',
 '`{ident}` is free-form text, so PostgreSQL accepts any string and only the extension''s own check hook can reject a bad value before it is used',
 '`SET {ident} = ''no such value''` fails with an error naming the setting and the expected format, and a regression test pins it'),
('stab_guc_range', 'stability', 'sized_guc', 'always', 'guc_int', 'P2', 'XS', 2,
 'Declare and test the range of `{ident}`',
 '`{ident}` is a count, size or duration; PostgreSQL enforces only the minimum and maximum the extension declares, so what 0 and a negative value mean is the extension''s choice',
 '`SET {ident} = -1` fails with the declared range in the error, and a test shows what `{ident} = 0` does (disables or is rejected, as documented)'),
('stab_wait_idle', 'stability', 'wait', 'always', 'function', 'P1', 'S', 3,
 '`{ident}` returns at once when nothing is in flight',
 '{id} waits for other work{quote}; the idle call and the timeout are the two cases every maintenance script hits first, and a wait that mishandles either hangs the script',
 'with nothing running `{ident}` returns in under 100 ms; with one operation held open it returns when its timeout expires and reports what is still running'),
('stab_startup_recheck', 'stability', 'startup_check', 'always', NULL, 'P1', 'S', 3,
 '{subject}: run once the startup condition clears',
 '{id} checks a condition once when the process starts{quote}; when the condition changes later, for example a standby is promoted, nothing runs the check again until a restart',
 'a test starts with the condition true, clears it (for a standby: `SELECT pg_promote()`), and the process runs within one scheduler interval, or the docs state that a restart is needed'),
('stab_catalog_old_library', 'stability', 'catalog_read', 'always', 'column', 'P1', 'S', 2,
 '`{ident}`: safe before ALTER EXTENSION UPDATE runs',
 '{id} makes the library read `{ident}`{quote}; between installing the {version} library and running ALTER EXTENSION UPDATE the column does not exist yet',
 'with the {version} library on a {prev} catalog, refresh works or raises an error whose hint says to run ALTER EXTENSION UPDATE'),
('stab_function_errors', 'stability', 'function', 'always', 'function', 'P2', 'S', 1,
 'Errors from `{ident}` carry SQLSTATE, detail and hint',
 'Callers and runbooks branch on the error code of `{ident}`; an error without one can only be matched by its English text',
 'each error path of `{ident}` is hit by a regression test that checks its SQLSTATE'),
('stab_hook_passthrough', 'stability', 'hook', 'always', NULL, 'P1', 'M', 2,
 '{subject} hook passes unrelated statements through unchanged',
 '{id} installs a hook{quote} that sees every statement in the database, so a mistake there breaks commands that have nothing to do with the feature',
 'the existing regression suite passes with the hook installed, and a statement it does not handle behaves exactly as without it'),
('stab_cache_full', 'stability', 'cache', 'always', NULL, 'P1', 'S', 2,
 '{subject}: degrade cleanly when memory is full',
 '{id} keeps its state in a bounded area; when it is full the feature must fall back to the uncached path, not raise an error in every session',
 'a test sizes the cache to one entry, keeps refreshing correctly, and the fallback is logged once'),
('stab_logging_safe', 'stability', 'logging', 'always', NULL, 'P2', 'S', 1,
 '{subject} output never fails the operation it logs',
 '{id} formats every log event{quote}; a logging path that raises on an unusual value turns a diagnostic into an outage',
 'a test with quotes, newlines and NULL in every field emits one valid record per line (`jq` parses each)'),
('stab_verifier_existing', 'stability', 'verifier', 'always', NULL, 'P1', 'S', 2,
 '{subject} check accepts every query that works today',
 '{id} adds a check that rejects what it finds incompatible{quote}; a false rejection turns an object that works on {prev} into an error after the upgrade',
 'the full regression and end-to-end suites plan every query with no rejection by the new check, and objects created on {prev} still refresh after the upgrade'),
('stab_plugin_version', 'stability', 'plugin', 'always', 'type', 'P1', 'M', 2,
 'Load only {subject} plugins built for the same interface version',
 '{id} loads separately built code{quote}; a plugin built against another version of the interface can crash the host instead of failing to load',
 'loading a plugin built against the previous interface version fails with an error naming both versions, and the host keeps running'),
-- performance: what it costs, measured
('perf_cache_bench', 'performance', 'cache', 'always', NULL, 'P1', 'S', 3,
 'Benchmark {subject} cold start and hit rate',
 'The cache of {id} is worth exactly the time it saves; without a number it can neither be defended nor protected from regressions',
 'a benchmark reports cold-start time and hit rate with and without the cache, and the saving meets {target:a cold start at most half of the uncached one}'),
('perf_bulk_vs_loop', 'performance', 'bulk', 'always', 'function', 'P2', 'S', 2,
 'Benchmark `{ident}` against one call per object',
 '{id} exists to replace many round trips{quote}; if it loops internally the gain may be small',
 'a benchmark over 1,000 objects reports the bulk call and the per-object loop side by side, and the bulk call is at least 5× faster'),
('perf_logging_cost', 'performance', 'logging', 'always', NULL, 'P2', 'S', 2,
 'Measure {subject} overhead on refresh latency',
 '{id} formats every log event on the refresh path{quote}',
 'the refresh benchmark''s p99 with the new output stays within 2% of the old'),
('perf_storage_bench', 'performance', 'storage', 'always', 'column', 'P1', 'M', 2,
 'Benchmark each `{ident}` choice against the default storage',
 '{id} adds another storage layout{quote}; an append-only backend turns every update into a delete plus an insert, which can cost more than it saves',
 'a benchmark refreshes the same object on the default and the new storage and reports time and size for both'),
('perf_limit_cost', 'performance', 'limit', 'always', NULL, 'P2', 'S', 1,
 'Measure {subject} check cost per captured change',
 '{id} adds a check to the capture path{quote}, which runs for every change of every source table',
 'a write benchmark with the feature on and off, below the limit, differs by under 2%'),
('perf_function_cost', 'performance', 'query_fn', 'always', 'function', 'P2', 'S', 0,
 'Benchmark `{ident}` at 1 and 1,000 objects',
 '`{ident}` returns rows about many objects{quote}, so its cost grows with the installation',
 'a benchmark reports p50 and p99 of `{ident}` with 1 and 1,000 objects, and p99 at 1,000 objects stays under 10× p99 at 1'),
('perf_index_plan', 'performance', 'index', 'always', 'column', 'P2', 'XS', 2,
 'Show the lookups use {subject}',
 '{id} adds an index for a lookup{quote}; an index the planner does not pick is only write overhead',
 'EXPLAIN of each lookup the item names shows a scan of the new index on a catalog with 10,000 rows'),
('perf_verifier_cost', 'performance', 'verifier', 'always', NULL, 'P2', 'S', 1,
 'Measure {subject} check cost at plan time',
 '{id} adds work to every plan{quote}',
 'the planning benchmark''s p99 with the new check stays within 5% of the same build without it'),
-- scalability: the feature at 10x
('scal_guc_default', 'scalability', 'sized_guc', 'always', 'guc', 'P2', 'XS', 1,
 'Check the `{ident}` default at 10× today''s scale',
 'A default for `{ident}` chosen for a small installation becomes the bottleneck or the memory hog at ten times the objects',
 'a benchmark at 10× the largest tested installation runs with the default and records whether it must change'),
('scal_cleanup_batches', 'scalability', 'cleanup', 'always', NULL, 'P1', 'S', 2,
 '{subject} deletes in bounded batches',
 '{id} deletes old data on a schedule{quote}; one statement over a large backlog holds locks and bloats WAL exactly when the backlog is largest',
 'a test with 10× a day of history shows the cleanup deleting in batches with bounded lock time'),
('scal_cache_bound', 'scalability', 'cache', 'always', NULL, 'P1', 'M', 2,
 'Bound {subject} size at 10× today''s object count',
 '{id} sizes a shared structure for today''s counts{quote}; at ten times the objects it runs out',
 'with 10× the objects of the largest benchmark, memory stays under its configured bound and evictions are counted'),
('scal_bulk_10k', 'scalability', 'bulk', 'always', 'function', 'P1', 'S', 2,
 '`{ident}` with 10,000 names in one call',
 '`{ident}` is used exactly when counts are large, and one transaction over 10,000 objects meets lock and memory limits',
 'a test passes 10,000 names and completes in one transaction with bounded memory and a documented lock footprint'),
('scal_limit_10x', 'scalability', 'limit', 'always', NULL, 'P1', 'M', 3,
 '{subject}: engage and release rate under 10× write load',
 '{id} engages at a fixed threshold{quote}; at ten times the write rate the time between engaging and releasing shrinks and the limit can flap',
 'a 10× write benchmark reports how often the limit engages and releases per minute and the longest pause of capture'),
('scal_history_growth', 'scalability', 'history', 'always', NULL, 'P1', 'M', 2,
 'Bound row-version growth of {subject}',
 '{id} keeps row versions{quote}; versions that are never physically deleted grow without limit, and scans grow with them',
 'a churn benchmark reports storage size and query time after 10× the updates, with a retention option documented'),
-- ease of use: how users find and operate it
('ux_guc_docs', 'ease_of_use', 'guc', 'not_in_docs', 'guc', 'P1', 'XS', 3,
 'Document `{ident}` in the configuration reference',
 'An operator cannot tune `{ident}` while its default, accepted values and effect are written nowhere',
 '`grep -rn ''{ident}'' docs/` finds its default, accepted values and effect'),
('ux_function_docs', 'ease_of_use', 'function', 'not_in_docs', 'function', 'P1', 'XS', 2,
 'Document `{ident}` in the SQL reference with an example',
 'While the SQL reference does not list `{ident}`, users find it only by reading the code',
 'the SQL reference shows the signature of `{ident}`, an example and its errors'),
('ux_syntax_docs', 'ease_of_use', 'syntax', 'not_in_docs', 'syntax', 'P1', 'S', 2,
 'Document `{ident}` syntax with an example',
 'While no page shows `{ident}`, users find it only by reading the code',
 'the SQL reference shows `{ident}` with a worked example and its errors'),
('ux_limit_status', 'ease_of_use', 'limit', 'always', NULL, 'P1', 'S', 2,
 'Show when {subject} is engaged, and why',
 '{id} slows or pauses work on its own{quote}; an operator whose writes slow down must see that the limit engaged, since when, and at which threshold',
 'a status query shows the engaged state, since when, and the threshold that triggered it'),
('ux_worker_status', 'ease_of_use', 'wait', 'always', NULL, 'P2', 'S', 1,
 'Report {subject} progress while it waits',
 '{id} blocks until other work finishes{quote}; a call that does not say what it waits for gets cancelled and retried by hand',
 'while it waits, a status query lists the operations it still waits for'),
('ux_storage_missing', 'ease_of_use', 'storage', 'always', 'column', 'P1', 'S', 2,
 'Clear error when a `{ident}` provider is not installed',
 'Choosing a `{ident}` whose provider extension is absent must fail at creation with a hint, not at the first refresh',
 'creating an object with the backend but without its provider raises an error naming the missing extension'),
('ux_refactor_docs', 'ease_of_use', 'refactor', 'in_docs', 'path', 'P2', 'XS', 1,
 'Update the docs that cite `{ident}`',
 '{id} moves code out of `{ident}`{quote}, so every page that points readers at it goes stale',
 '`grep -rn ''{ident}'' docs/` finds no reference to the old layout after the change'),
('ux_breaking_note', 'ease_of_use', 'breaking', 'always', 'name', 'P1', 'XS', 2,
 'Upgrade note: what callers of {subject} must change',
 '{id} changes something existing callers rely on{quote}',
 'the {version} CHANGELOG and upgrade notes name {subject}, the old behaviour and the change a caller makes, and a test shows the old form''s new result'),
('ux_release_docs', 'ease_of_use', 'release', 'always', NULL, 'P2', 'XS', 1,
 'Document how users check {subject}',
 '{id} publishes signatures and provenance{quote} that only help users who know how to check them',
 'the install docs show the verification command for a release artifact, and running it on the newest release succeeds'),
-- test coverage: the test that pins it
('test_upgrade_catalog', 'test_coverage', 'catalog', 'always', 'column', 'P1', 'S', 4,
 'Upgrade test: `{ident}` survives {prev} → {version}',
 '{id} adds `{ident}` to an existing catalog{quote}, so rows created by {prev} must read it correctly after ALTER EXTENSION UPDATE',
 'an upgrade test creates objects on {prev}, runs ALTER EXTENSION UPDATE to {version}, and checks `{ident}` on every pre-existing row and that those objects still refresh'),
('test_function_e2e', 'test_coverage', 'function', 'not_in_tests', 'function', 'P1', 'S', 2,
 'Test `{ident}` including its error paths',
 '`{ident}` is new SQL surface that no test calls, so any later refactor can break it unnoticed',
 'a test named after `{ident}` calls it on success and on every documented error'),
('test_docs_examples', 'test_coverage', 'docs', 'always', NULL, 'P2', 'S', 2,
 'Run the examples of {subject} in CI',
 '{id} shows users a feature this release adds; unless CI runs its SQL, only readers find out when that feature changes',
 'a CI job extracts the SQL blocks of the new document and runs them against the built extension'),
('test_cache_concurrent', 'test_coverage', 'cache', 'always', NULL, 'P1', 'M', 2,
 'Concurrency test: {subject} across parallel sessions',
 '{id} shares state between sessions; state that is right in one session can be wrong in two',
 'a test refreshes from 8 sessions while a DDL invalidates the cache and checks every result'),
('test_limit_thresholds', 'test_coverage', 'limit', 'always', NULL, 'P1', 'S', 2,
 'Test {subject} engage and release thresholds',
 '{id} engages and releases at thresholds{quote}; a limit that engages late fills the disk, one that never releases stalls capture',
 'a test drives the lag over the limit and back under it and checks where capture pauses and resumes'),
('test_wait_cancel', 'test_coverage', 'wait', 'always', 'function', 'P1', 'S', 2,
 'Test cancelling `{ident}` mid-wait',
 '{id} changes shared state before it waits{quote}; a cancel or SIGTERM during the wait must leave that state defined',
 'a test runs `pg_cancel_backend()` on a session in `{ident}` and checks that the call returns within 1 s and the state it reports afterwards matches the real one'),
('test_release_verify', 'test_coverage', 'release', 'always', NULL, 'P2', 'S', 1,
 'Verify {subject} in the release workflow',
 '{id} adds signing or provenance{quote}; a signature no step checks can break without anyone noticing',
 'the release workflow verifies the signature and SBOM of each published artifact and fails on a mismatch'),
('test_syntax_errors', 'test_coverage', 'syntax', 'always', 'syntax', 'P2', 'S', 1,
 'Regression test: malformed `{ident}` statements',
 '`{ident}` extends what the parser accepts; a malformed statement it lets through does something the user did not ask for',
 'a regression test runs malformed variants of `{ident}` and each fails with a syntax error naming the position'),
('test_refactor_api', 'test_coverage', 'refactor', 'always', 'path', 'P1', 'S', 2,
 'Prove the split of `{ident}` leaves the SQL API unchanged',
 '{id} moves code without changing behaviour{quote}; a function that moves can change its SQL name, argument types or volatility without any test failing',
 '`\df+` of the extension''s schema (names, argument types, volatility, strictness) is identical before and after the change'),
('test_plugin_conformance', 'test_coverage', 'plugin', 'always', 'type', 'P1', 'M', 2,
 'One conformance suite for every {subject} implementation',
 '{id} moves existing implementations behind a new interface{quote}; each must keep behaving the same',
 'a shared test suite runs against every shipped implementation in CI and passes for each');

-- How the one selector blends the producers (docs/proposals.md).
CREATE TABLE roadmap.selection_policy (
	name         text PRIMARY KEY,
	value        numeric NOT NULL CHECK (value >= 0),
	description  text NOT NULL,
	builtin      boolean NOT NULL DEFAULT false
);
CREATE TRIGGER user_row BEFORE INSERT OR UPDATE ON roadmap.selection_policy
	FOR EACH ROW EXECUTE FUNCTION roadmap.user_row_marker('name');
SELECT pg_catalog.pg_extension_config_dump('roadmap.selection_policy', 'WHERE NOT builtin');

INSERT INTO roadmap.selection_policy (name, value, description) VALUES
('min_per_pillar', 3, 'focus-area gaps fill a pillar up to this many items'),
('max_per_pillar', 6, 'no pillar gets more items'),
('max_feature', 3, 'feature-lens items per pillar (they lead the pillar)'),
('max_deferred', 2, 'deferred items per pillar, most carried first'),
('max_evidence', 2, 'code-evidence items per pillar, largest count first'),
('max_uses_per_feature', 3, 'pillars one planned feature may appear in'),
('reuse_penalty', 1, 'rank subtracted per pillar a feature already appears in, so pillars spread over the features'),
('strong_gap', 5, 'gaps beyond the minimum need at least this score');

-- Deferred items carried longer than this many releases are not proposed
-- again: Conflicts & Risks asks the planner to confirm or drop them.
CREATE FUNCTION roadmap.stale_after() RETURNS int
	AS 'MODULE_PATHNAME', 'roadmap_stale_after'
	LANGUAGE C STABLE PARALLEL SAFE;

ALTER TABLE roadmap.proposal DROP CONSTRAINT proposal_source_check;
ALTER TABLE roadmap.proposal ADD CONSTRAINT proposal_source_check
	CHECK (source IN ('feature','deferred','evidence','gap'));
ALTER TABLE roadmap.proposal ADD COLUMN feature_ref text, ADD COLUMN lens_id text;

-- A planner's verdict on a proposal, kept across re-ingest: a dismissed
-- item is never proposed again (for its version, or every version when
-- version is NULL). Keyed by the repository's canonical path, not its
-- repo_id, so a decision also survives the repository being dropped and
-- registered again (and restores without the derived catalog).
CREATE TABLE roadmap.decision (
	decision_id  bigserial PRIMARY KEY,
	repo_path    text NOT NULL,
	version      text,
	item_ref     text NOT NULL,
	title        text,
	source_ref   text,
	verdict      text NOT NULL CHECK (verdict IN ('dismissed','accepted')),
	reason       text NOT NULL,
	decided_by   text NOT NULL DEFAULT current_user,
	decided_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ON roadmap.decision (repo_path, version);
-- ships no rows: every row is the planner's (docs/operations.md)
SELECT pg_catalog.pg_extension_config_dump('roadmap.decision', '');

-- Dismiss a proposal (its item id in roadmap.proposal, or a title) for
-- version; returns the decision id.
CREATE FUNCTION roadmap.dismiss(version text, item text, reason text, repo text DEFAULT NULL) RETURNS bigint
	AS 'MODULE_PATHNAME', 'roadmap_dismiss'
	LANGUAGE C VOLATILE;
REVOKE ALL ON FUNCTION roadmap.dismiss(text, text, text, text) FROM PUBLIC;

-- explain also shows the feature and lens behind an item and the planner's
-- decisions for the version.
DROP FUNCTION roadmap.explain(text, text);
CREATE FUNCTION roadmap.explain(version text, repo text DEFAULT NULL)
	RETURNS TABLE (item_id text, pillar text, title text, source text, source_ref text,
	               focus_area text, score numeric, term_base numeric, term_staleness numeric,
	               term_shipped numeric, term_planned numeric, term_deferred numeric,
	               term_plan numeric, term_evidence numeric, shipped_recent int,
	               last_shipped_version text, planned_in_target int, deferred_open int,
	               plan_open int, evidence_hits int, evidence jsonb,
	               feature_ref text, lens_id text, decisions jsonb)
	LANGUAGE sql STABLE AS $$
	SELECT p.item_id, p.pillar, p.title, p.source, p.source_ref, p.focus_area, g.score,
	       g.term_base, g.term_staleness, g.term_shipped, g.term_planned, g.term_deferred,
	       g.term_plan, g.term_evidence, g.shipped_recent, g.last_shipped_version,
	       g.planned_in_target, g.deferred_open, g.plan_open, g.evidence_hits,
	       (SELECT jsonb_agg(jsonb_build_object('probe', e.probe, 'path', e.path, 'hits', e.hits,
	                                            'first_line', e.first_line, 'verify', e.verify_command)
	                         ORDER BY e.hits DESC, e.path COLLATE "C")
	          FROM roadmap.evidence e WHERE e.repo_id = p.repo_id AND e.focus_id = p.focus_area),
	       p.feature_ref, p.lens_id,
	       (SELECT jsonb_agg(jsonb_build_object('verdict', d.verdict, 'item', d.item_ref, 'title', d.title,
	                                            'reason', d.reason, 'by', d.decided_by, 'version', d.version)
	                         ORDER BY d.decision_id)
	          FROM roadmap.decision d
	         WHERE d.repo_path = r.path AND (d.version IS NULL OR d.version = p.version))
	  FROM roadmap.proposal p
	  JOIN roadmap.repository r ON r.repo_id = p.repo_id
	  LEFT JOIN roadmap.focus_gaps g
	         ON g.repo_id = p.repo_id AND g.version = p.version AND g.focus_id = p.focus_area
	 WHERE p.version = roadmap.version_norm($1)
	   AND ($2 IS NULL OR r.path = roadmap.path_norm($2))
	 ORDER BY p.ord
$$;

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
-- Recent shipping is liveness, not coverage (issue 10): no penalty, and an
-- area with work in the shipped window gets the full staleness term, like a
-- neglected one; term_shipped stays as a column (always 0) for readers.
-- Each signal is a lateral subquery evaluated once per (target, area) (as
-- scalar subqueries the planner copied several into two places and ran them
-- twice), the last shipped version is read by (repo_id, version_key), not by
-- an ordered scan of the changelog, and the shipping window is computed for
-- the target only (docs/performance.md). This is the view's one definition
-- in this script (issue 11 folded three).
CREATE VIEW roadmap.focus_gaps AS
WITH t AS (
	-- not materialized: a filter on repo_id and version reaches the scan of
	-- roadmap.release, so only the target's window is computed
	SELECT r.repo_id, r.version, r.version_key, ws.window_start
	  FROM roadmap.release r
	  CROSS JOIN LATERAL (
	       SELECT min(w.version_key) AS window_start FROM (
	            SELECT DISTINCT c.version_key FROM roadmap.changelog_entry c
	             WHERE c.repo_id = r.repo_id AND c.version_key < r.version_key
	             ORDER BY c.version_key DESC LIMIT roadmap.shipped_window()) w) ws
	 WHERE r.status <> 'released'
), sig AS (
	SELECT t.repo_id, t.version, t.version_key, f.pillar, f.focus_id, f.name AS focus_area,
	       cl.shipped_recent, cl.last_key, it.planned_in_target, df.deferred_open, df.max_carried,
	       pl.plan_open, ev.evidence_hits
	  FROM t JOIN roadmap.repo_focus_area f ON f.repo_id = t.repo_id AND f.applicable
	  CROSS JOIN LATERAL (
	       SELECT count(*) FILTER (WHERE m.version_key >= t.window_start)::int AS shipped_recent,
	              max(m.version_key) AS last_key
	         FROM roadmap.focus_match m
	        WHERE m.repo_id = t.repo_id AND m.focus_id = f.focus_id AND m.kind = 'changelog'
	          AND m.version_key < t.version_key) cl
	  CROSS JOIN LATERAL (
	       SELECT count(*)::int AS planned_in_target FROM roadmap.focus_match m
	        WHERE m.repo_id = t.repo_id AND m.focus_id = f.focus_id AND m.kind = 'item'
	          AND m.version_key = t.version_key) it
	  -- deferred_items' carried_releases, read from the tables it is computed
	  -- from (deferred, the item's first sighting in item_history): planning
	  -- the whole view here cost enrich 2 ms (docs/performance.md)
	  CROSS JOIN LATERAL (
	       SELECT count(*)::int AS deferred_open,
	              max((SELECT count(*) FILTER (WHERE r.status = 'released')
	                          + (count(*) FILTER (WHERE r.status <> 'released') > 0)::int
	                     FROM roadmap.release r
	                    WHERE r.repo_id = d.repo_id
	                      AND r.version_key > CASE WHEN h.first_seen_release IS NOT NULL
	                                                AND roadmap.version_key(h.first_seen_release) < m.version_key
	                                               THEN roadmap.version_key(h.first_seen_release)
	                                               ELSE m.version_key END)::int) AS max_carried
	         FROM roadmap.focus_match m
	         JOIN roadmap.deferred d
	           ON d.repo_id = m.repo_id AND d.version = m.version AND d.item_id = m.ref
	         LEFT JOIN roadmap.item_history h
	           ON h.repo_id = d.repo_id AND h.version = d.version AND h.item_id = d.item_id
	        WHERE m.repo_id = t.repo_id AND m.focus_id = f.focus_id AND m.kind = 'item_title'
	          AND m.version_key < t.version_key) df
	  CROSS JOIN LATERAL (
	       SELECT count(*)::int AS plan_open FROM roadmap.focus_match m
	        WHERE m.repo_id = t.repo_id AND m.focus_id = f.focus_id AND m.kind = 'plan'
	          AND m.version_key = t.version_key AND m.status = 'open') pl
	  CROSS JOIN LATERAL (
	       SELECT coalesce(sum(h.hits), 0)::int AS evidence_hits
	         FROM roadmap.probe_hit h JOIN roadmap.probe p USING (probe_id)
	        WHERE h.repo_id = t.repo_id AND p.focus_id = f.focus_id) ev
), rel AS (
	SELECT sig.*, ls.last_shipped_version, rs.releases_since_shipped
	  FROM sig
	  -- min over a subquery: not an ordered scan of the whole changelog for the first match
	  CROSS JOIN LATERAL (
	       SELECT min(c.v) AS last_shipped_version
	         FROM (SELECT c.version AS v FROM roadmap.changelog_entry c
	                WHERE c.repo_id = sig.repo_id AND c.version_key = sig.last_key OFFSET 0) c) ls
	  CROSS JOIN LATERAL (
	       SELECT CASE WHEN sig.last_key IS NOT NULL THEN count(DISTINCT c.version_key)::int END AS releases_since_shipped
	         FROM roadmap.changelog_entry c
	        WHERE c.repo_id = sig.repo_id AND c.version_key > sig.last_key
	          AND c.version_key < sig.version_key) rs
), terms AS (
	SELECT rel.*,
	  1.0::numeric AS term_base,
	  -- neglect and liveness score alike: an area with work in the window is
	  -- live code where follow-up quality items belong (issue 10, docs/scoring.md)
	  0.5 * CASE WHEN shipped_recent > 0 THEN 6
	             ELSE least(coalesce(releases_since_shipped, roadmap.shipped_window() + 3), 6) END::numeric AS term_staleness,
	  0.0::numeric AS term_shipped,
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

-- explain also says where each proposal's focus area comes from (after the
-- feature, lens and decision columns of issue 10).
DROP FUNCTION roadmap.explain(text, text);
CREATE FUNCTION roadmap.explain(version text, repo text DEFAULT NULL)
	RETURNS TABLE (item_id text, pillar text, title text, source text, source_ref text,
	               focus_area text, score numeric, term_base numeric, term_staleness numeric,
	               term_shipped numeric, term_planned numeric, term_deferred numeric,
	               term_plan numeric, term_evidence numeric, shipped_recent int,
	               last_shipped_version text, planned_in_target int, deferred_open int,
	               plan_open int, evidence_hits int, evidence jsonb,
	               feature_ref text, lens_id text, decisions jsonb,
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
	       p.feature_ref, p.lens_id,
	       (SELECT jsonb_agg(jsonb_build_object('verdict', d.verdict, 'item', d.item_ref, 'title', d.title,
	                                            'reason', d.reason, 'by', d.decided_by, 'version', d.version)
	                         ORDER BY d.decision_id)
	          FROM roadmap.decision d
	         WHERE d.repo_path = r.path AND (d.version IS NULL OR d.version = p.version)),
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

-- Dedupe and policy words (issue 10 selection, issue 15) -------------------
-- See docs/proposals.md "Dedupe". A candidate whose check the target section
-- already lists (a Verify line, an exit criterion, a deliverable sentence of
-- an item) is dropped when both name the same identifier and ask for the
-- same family of check; two proposals in different pillars with the same
-- check keep the one in the family's home pillar. stems: lower-case word
-- starts (a word of the text begins with one; several words allowed).
CREATE TABLE roadmap.check_family (
	family       text PRIMARY KEY,
	home_pillar  text REFERENCES roadmap.pillar,
	stems        text[] NOT NULL CHECK (cardinality(stems) > 0),
	description  text NOT NULL,
	builtin      boolean NOT NULL DEFAULT false
);
CREATE TRIGGER user_row BEFORE INSERT OR UPDATE ON roadmap.check_family
	FOR EACH ROW EXECUTE FUNCTION roadmap.user_row_marker('family');
INSERT INTO roadmap.check_family (family, home_pillar, stems, description) VALUES
('benchmark', 'performance',
 ARRAY['benchmark', 'bench', 'measur', 'latency', 'throughput', 'p50', 'p95', 'p99', 'cold start', 'cold-start', 'hit rate', 'overhead'],
 'a number measured against a target'),
('index_plan', 'performance', ARRAY['index scan', 'explain', '\di', 'seq scan', 'sequential scan', 'index'],
 'the planner uses an index'),
('upgrade', 'test_coverage', ARRAY['upgrade', 'alter extension update', 'migrat', 'survives'],
 'what an installed version keeps across ALTER EXTENSION UPDATE'),
('docs', 'ease_of_use', ARRAY['document', 'docs/', 'reference', 'guide', 'tutorial', 'readme'],
 'a documentation page or section'),
('growth', 'scalability', ARRAY['grow', 'bounded', 'unbounded', '10×', '10x', 'lag', 'load', 'retention'],
 'behaviour as volume grows, and its limits'),
('parity', 'correctness', ARRAY['full recomput', 'full refresh', 'fresh full', 'parity', 'equals', 'same result', 'wrong result', 'stale'],
 'the output equals a recomputation'),
('failure', 'stability', ARRAY['sigterm', 'shutdown', 'crash', 'fallback', 'fall back', 'degrade', 'unreachable', 'timeout', 'out of memory'],
 'how it fails and recovers'),
('validation', 'stability', ARRAY['reject', 'invalid', 'bogus', 'validat', 'emits a warning', 'warning if set'],
 'bad input is refused with an error, or what a value does is stated (a WARNING when set)'),
('release_note', 'ease_of_use', ARRAY['breaking change', 'upgrade note', 'release note', 'migration note', 'changelog'],
 'a note to users in the changelog or the upgrade notes');
SELECT pg_catalog.pg_extension_config_dump('roadmap.check_family', 'WHERE NOT builtin');

-- 1: when the release lists features, a focus-area gap needs an anchor (probe
-- evidence of the commit) in an area the release does not plan already (no
-- item of the section, no open line of its plan); 0: gaps fill every pillar.
INSERT INTO roadmap.selection_policy (name, value, description) VALUES
('gap_anchor', 1, 'when the release lists features, a focus-area gap needs probe evidence and an area the section and its plan leave alone (1) or not (0)');

-- Words the selector writes or treats specially: engine_core names what
-- focus areas marked engine_core touch (Release Theme, Conflicts & Risks);
-- core_test_focus lists the focus areas whose test-coverage gap items
-- depend on an engine-core correctness item of the same proposal.
CREATE TABLE roadmap.selection_word (
	role     text PRIMARY KEY CHECK (role IN ('engine_core', 'core_test_focus')),
	words    text[] NOT NULL,
	builtin  boolean NOT NULL DEFAULT false
);
CREATE TRIGGER user_row BEFORE INSERT OR UPDATE ON roadmap.selection_word
	FOR EACH ROW EXECUTE FUNCTION roadmap.user_row_marker('role');
INSERT INTO roadmap.selection_word (role, words) VALUES
 ('engine_core', ARRAY['DVM engine core']),
 ('core_test_focus', ARRAY['test_fuzz_gaps', 'test_cdc_edge', 'test_tpch']);
SELECT pg_catalog.pg_extension_config_dump('roadmap.selection_word', 'WHERE NOT builtin');


-- Feature kinds and lenses for items written in words (issue 10/11) -------
-- Sibling projects plan features in words with no backticked identifier
-- ("**PR-X-02** — Semi-naive evaluation of recursive rules"). These kinds
-- recognise what such an item changes from its own words, and their lenses
-- ask of it what the identifier lenses ask of a function or setting; the
-- {named:noun:default} placeholder cites what the release's own section
-- names (its exit criteria's benchmark, its test corpus). Each pattern starts
-- with ^: it reads the item's title only, since the prose of a long item
-- mentions evaluation, validation or errors in passing. Weights are at most
-- the identifier lenses' so a feature that has those keeps them
-- (docs/proposals.md).
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('evaluation', '^.*?\b(evaluat(e|es|ed|ing|ion)|infer(s|red|ring|ence)?|deriv(e|es|ed|ing|ation)|stratif(y|ies|ied|ying|ication)|semi-naive|fix(ed)?[- ]?point|transitive closure|recursive rules?|optimi[sz](e|es|ed|ing|ation)|join order(ing)?|query plann(er|ing))\b', NULL,
 'changes how results are computed: an evaluation strategy, inference, derivation, an optimisation (a query rewrite is the kind rewrite)'),
('rejection', '^.*?\b(report(s|ed|ing)?|reject(s|ed|ing)?|detect(s|ed|ing)?|diagnos(e|es|ed|ing|is)|refus(e|es|ed|ing)|flag(s|ged)?)\b[^.;]{0,60}\b(invalid|malformed|unsupported|cycl(e|es|ic)|conflict(s|ing)?|violat[a-z]*|inconsisten[a-z]*|unsafe|ambiguous|un[a-z]+able|ill-formed|errors?)\b', NULL,
 'reports or rejects input it cannot handle, and says which (the object the error is about is named)'),
('validation', '^.*?(\bvalidat(e|es|ed|ing|ion)\b[^.;]{0,40}\b(constraints?|shapes?|input|data|documents?|schemas?|rules?|payloads?|records?)\b|\bvalidators?\b|\bconformance\b|\bconstraint (check|checking|validation)s?\b|\bwell-formed(ness)?\b)', NULL,
 'checks data or input against rules and reports what violates them'),
('loader', '^.*?(\bbulk[- ]load|\bloader\b|\bload(s|ing)? (data|files?|triples|rows|records|documents|dumps?)\b|\bimport(s|er|ing)?\b|\bpars(e|es|er|ing)\b[^.;]{0,30}\b(input|files?|documents?|formats?|streams?)\b|\bfrom stdin\b)', NULL,
 'loads, imports or parses input from outside (files, streams, bulk loads)'),
('output', '^.*?\b(add(s|ed)?|new|expose[sd]?|introduce[sd]?|provide[sd]?)\b[^.;]{0,40}\b(view|report|listing|summary|dashboard|diagnostic (function|view|output)|explain (option|output))\b', NULL,
 'adds output users read (a report, a listing, a view) described in words');

INSERT INTO roadmap.lens (lens_id, pillar, feature_kind, trigger, ident_kind, priority, effort, weight, title, why, verify) VALUES
-- an evaluation or algorithm change: same answers, measured, at scale
('corr_eval_reference', 'correctness', 'evaluation', 'always', NULL, 'P0', 'M', 3,
 'Property test: {subject} matches a reference evaluation',
 '{id} changes how results are computed{quote}; an evaluation that differs from a simpler reference on one input returns wrong answers with no error, and only a comparison over many inputs finds it',
 'a property test runs generated inputs, and {named:test corpus:every input of the existing test suite}, through {id} and through a straightforward reference evaluation, and the results are identical'),
('stab_eval_partial', 'stability', 'evaluation', 'always', NULL, 'P1', 'S', 1,
 '{subject}: no partial results after a failure',
 '{id} derives results in several steps{quote}; an error, a cancel or an out-of-memory between two steps must not leave part of the results stored as if complete',
 'a test cancels the evaluation mid-way (`pg_cancel_backend()`) and gives it input that fails in a late step, and in both cases the stored results equal those before the call'),
('perf_eval_bench', 'performance', 'evaluation', 'always', NULL, 'P1', 'M', 3,
 'Benchmark {subject} against the {prev} evaluation',
 '{id} changes the evaluation on a hot path{quote}; without before and after figures on the same workload, a slowdown on some inputs ships unnoticed',
 '{named:benchmark:a benchmark of the largest representative workload} runs with the {prev} build and with {id}; time and peak memory are reported for both, and no query is more than 5% slower'),
('scal_eval_10x', 'scalability', 'evaluation', 'always', NULL, 'P1', 'M', 2,
 '{subject} at 10× the largest tested input',
 'The time and memory of {id} grow with its input{quote}; an evaluation that is fast on test data can fail at ten times the size by exhausting memory or switching to a slower path',
 'a run at 1×, 3× and 10× the largest input of {named:benchmark:the benchmark suite} reports time and peak memory at each size, with no out-of-memory, spill or fallback up to 10×'),
('ux_eval_explain', 'ease_of_use', 'evaluation', 'always', NULL, 'P2', 'S', 1,
 'Diagnostic output for {subject}',
 '{id} changes how results are computed{quote}; when a result looks wrong or slow, users need the steps it took and the rows each produced, not the source code',
 'an EXPLAIN option or diagnostic function shows the phases or iterations {id} ran with the rows each produced, and the docs show it on an example'),
('test_eval_golden', 'test_coverage', 'evaluation', 'always', NULL, 'P1', 'S', 2,
 'Expected-result tests for {subject}',
 '{id} changes results users rely on{quote}; without checked-in expected results, a later optimisation can change them while every test still passes',
 'each input of {named:test corpus:a fixed corpus of representative inputs} has its expected result checked in, including the empty input and the largest one, and CI fails on any difference'),
-- a rejection or error report: nothing half-done, an error that points at the cause, a test per path
('corr_reject_valid', 'correctness', 'rejection', 'always', NULL, 'P1', 'S', 1,
 '{subject}: every valid input is still accepted',
 '{id} adds a rejection{quote}; a check stricter than its rule turns inputs that work on {prev} into errors',
 'every valid input of {named:test corpus:the existing test suite} passes the new check, and a test pairs an input just inside the rule (accepted) with one just outside it (rejected)'),
('stab_reject_atomic', 'stability', 'rejection', 'always', NULL, 'P1', 'S', 3,
 '{subject}: rejected input changes nothing',
 '{id} rejects input it cannot handle{quote}; a rejection raised after part of the work was done leaves half-applied state behind the error',
 'a test submits each rejected input and checks the SQLSTATE and that the stored state (catalog rows, derived results) is identical before and after'),
('perf_reject_cost', 'performance', 'rejection', 'always', NULL, 'P2', 'S', 1,
 'Measure {subject} check cost on valid input',
 '{id} adds a check{quote} that runs on every input, valid or not',
 '{named:benchmark:the main benchmark} with and without the check differs by under 2% in time'),
('scal_reject_large', 'scalability', 'rejection', 'always', NULL, 'P2', 'S', 1,
 '{subject} check at 10× the largest input',
 'The check of {id} looks at the whole input{quote}; a check that is quadratic in its size, such as a naive search for cycles, stalls on the largest inputs',
 'a test runs the check on 10× the largest input of {named:test corpus:the test suite} and its time grows at most 10× over the 1× run'),
('ux_reject_message', 'ease_of_use', 'rejection', 'always', NULL, 'P1', 'XS', 3,
 '{subject}: errors point at the cause',
 '{id} reports a problem in the user''s input{quote}; an error that does not name the offending part leaves the user bisecting the input by hand',
 'each error of {id} names the offending part of the input in its detail and says how to fix it in its hint, and a regression test pins the text'),
('test_reject_negative', 'test_coverage', 'rejection', 'always', NULL, 'P1', 'S', 3,
 'Negative tests for each {subject} rejection',
 '{id} adds rejection paths{quote}; a path no test reaches can stop rejecting, or start rejecting valid input, without any test failing',
 'one regression test per kind of invalid input {id} names checks its SQLSTATE and message, and every invalid input of {named:test corpus:the test suite} is rejected'),
-- validation: exactly the violations, at a known cost
('corr_validate_cases', 'correctness', 'validation', 'always', NULL, 'P1', 'S', 1,
 '{subject}: conforming input passes, each violation reported',
 '{id} checks input against rules{quote}; a validator that misses a violation accepts bad data, and one that misreports it rejects good data',
 'a test suite with one conforming and one violating input per rule checks that exactly the violations are reported, each naming its rule'),
('perf_validate_cost', 'performance', 'validation', 'always', NULL, 'P2', 'S', 1,
 'Measure {subject} cost per validated input',
 '{id} adds work for every input it validates{quote}, so its cost grows with the data',
 'a benchmark validates {named:benchmark:the largest benchmark data set} and reports time per 1,000 inputs with and without the validation'),
-- loading and parsing: malformed input, throughput, size, fuzzing
('stab_load_malformed', 'stability', 'loader', 'always', NULL, 'P1', 'S', 2,
 '{subject}: malformed input fails cleanly, nothing half-loaded',
 '{id} reads input from outside{quote}; a syntax error in the last record or a truncated file must not leave part of the input loaded as if complete',
 'a test loads a file with an error in its last record and one cut mid-record; each fails with the line number and leaves the store as before (or loads exactly the records before it, as documented)'),
('perf_load_throughput', 'performance', 'loader', 'always', NULL, 'P1', 'S', 1,
 'Measure {subject} throughput in rows per second',
 '{id} is the path bulk data takes{quote}; its throughput decides how long an initial load or a restore takes',
 'a benchmark loads {named:benchmark:the largest benchmark data set} with {prev} and with {id} and reports rows per second and peak memory for both'),
('scal_load_10x', 'scalability', 'loader', 'always', NULL, 'P1', 'M', 1,
 '{subject} at 10× the largest tested input',
 '{id} is used exactly when inputs are large{quote}; a loader that buffers the whole input runs out of memory long before it runs out of disk',
 'loading 10× the largest tested input completes with peak memory bounded by the batch size, not by the input size'),
('test_load_fuzz', 'test_coverage', 'loader', 'always', NULL, 'P1', 'S', 1,
 'Fuzz {subject} with malformed input',
 '{id} parses input users do not control{quote}; hand-written tests cover the errors someone thought of, not the truncated and mis-encoded input real files contain',
 'a fuzz target feeds random, truncated and invalid UTF-8 input to the parser in CI for 10 minutes with no crash, hang or leak'),
-- output described in words: it agrees with the state, and says what it means
('corr_output_agrees', 'correctness', 'output', 'always', NULL, 'P1', 'S', 1,
 '{subject} output agrees with the state it reports',
 '{id} adds output users read to decide what to do{quote}; a row that disagrees with the real state sends them the wrong way',
 'a test changes the state the output describes and checks each row against a direct query of the same state'),
('ux_output_docs', 'ease_of_use', 'output', 'always', NULL, 'P2', 'XS', 1,
 'Document {subject} output with an example',
 '{id} adds output{quote} whose columns mean nothing to a user until they are explained',
 'the docs show each column of the output with its meaning and an example from a real run');

-- Pillar policy as data (issue 15) -----------------------------------------
-- The pillar set, its order and the words a heading names a pillar by are
-- the rows of roadmap.pillar; ingest, enrich and render read them, the
-- library holds no pillar of its own. See docs/scoring.md "Pillars".
ALTER TABLE roadmap.pillar
	ADD COLUMN heading_words text[] NOT NULL DEFAULT '{}',
	ADD COLUMN enabled boolean NOT NULL DEFAULT true;
COMMENT ON COLUMN roadmap.pillar.heading_words IS
	'words besides the name that make a subsection heading this pillar''s (case-insensitive, whole words; '
	'a trailing * matches words it begins); the first pillar in ord whose name or word a heading has wins';
COMMENT ON COLUMN roadmap.pillar.enabled IS
	'false: enrich proposes nothing for the pillar; ingest and render still recognise it in the roadmap';
-- Templates of a focus area that a repository's skill file names under the
-- pillar and no built-in area equals: {area} is the area's name (as written
-- at the start of a template, first word lower-cased elsewhere). NULL: such
-- areas are not used.
ALTER TABLE roadmap.pillar
	ADD COLUMN area_title text,
	ADD COLUMN area_rationale text,
	ADD COLUMN area_verify text;
COMMENT ON COLUMN roadmap.pillar.area_title IS
	'title of a proposal for a skill-file focus area of this pillar; {area} = the area''s name';
UPDATE roadmap.pillar p SET area_title = t.title, area_rationale = t.rationale, area_verify = t.verify
  FROM (VALUES
 ('correctness', 'Verify {area}', '{area} is where a user could silently get a wrong answer',
  'a test comparing {area} with an independently computed result passes in CI'),
 ('stability', 'Harden {area}', '{area} could crash, corrupt data or leave the system in a broken state',
  'a fault-injection test of {area} leaves the system consistent and the error actionable'),
 ('performance', 'Speed up {area}', '{area} may leave measurable performance on the table',
  'a benchmark of {area} runs in CI against a stored baseline'),
 ('scalability', 'Scale-test {area}', '{area} has to hold up at ten times the current scale',
  'a 10x scale test of {area} stays within its time and memory budget'),
 ('ease_of_use', 'Improve {area}', '{area} decides whether a new user is productive quickly',
  'a new user completes the {area} path from the documentation alone'),
 ('test_coverage', 'Add tests for {area}', '{area} could regress silently while no test covers it',
  'CI runs tests for {area} and fails when it regresses')) AS t(pillar, title, rationale, verify)
 WHERE p.pillar = t.pillar AND p.builtin;
UPDATE roadmap.pillar SET heading_words = ARRAY['scalab*'] WHERE pillar = 'scalability' AND builtin;
UPDATE roadmap.pillar SET heading_words = ARRAY['usability', 'ergonomic*'] WHERE pillar = 'ease_of_use' AND builtin;
UPDATE roadmap.pillar SET heading_words = ARRAY['testing', 'tests'] WHERE pillar = 'test_coverage' AND builtin;
-- The two pillars the selector treats specially, by role instead of by key:
-- 'critical' (a deferred P0 item stays P0, elsewhere it becomes P1; a
-- focus-area item is at least P1; test items on engine-core areas depend on
-- its engine-core item) and 'tests' (the release's planned items under it
-- are tests, not features the lenses look at). Not unique: a restore
-- inserts the planner's rows one by one.
ALTER TABLE roadmap.pillar ADD COLUMN role text CHECK (role IN ('critical', 'tests'));
COMMENT ON COLUMN roadmap.pillar.role IS
	'critical: P0 kept, focus-area items at least P1, engine-core test items depend on it; '
	'tests: planned items under it are tests, not features; NULL: neither';
UPDATE roadmap.pillar SET role = 'critical' WHERE pillar = 'correctness' AND builtin;
UPDATE roadmap.pillar SET role = 'tests' WHERE pillar = 'test_coverage' AND builtin;

-- Enrich speed (issue 11, docs/performance.md) ----------------------------
-- The title matches of given items (deferred items) are looked up by
-- (repo, kind, version, ref), not scanned: focus_match keeps the dead rows
-- of every earlier ingest until vacuum, and a scan of it grew with them.
CREATE INDEX ON roadmap.focus_match (repo_id, kind, version, ref);

-- Deferred items traced through later releases (issue 10, d10) ---------------
-- See docs/proposals.md "Deferred items". Ingest records, for each open
-- deferral, the later item that took it over under a new id (re-planned):
-- enrich does not propose "Complete X" when that item is in a release up to
-- the target, and says so in Conflicts & Risks instead. Deferrals shipped
-- under a new id or ticked in their release's exit criteria are not recorded.
ALTER TABLE roadmap.deferred
	ADD COLUMN successor_version text,
	ADD COLUMN successor_id text,
	ADD COLUMN successor_rule text CHECK (successor_rule IN ('same id', 'title', 'scope', 'identifier', 'blocker'));

-- carried_releases: the releases after the one that first left the item open,
-- up to and including the next unreleased one (v0.33.0 -> next v0.36.0 = 3).
CREATE OR REPLACE VIEW roadmap.deferred_items AS
	SELECT d.repo_id, d.version, d.item_id, i.title, i.status, i.status_text, i.deferred_to,
	       s.first_seen_version,
	       (SELECT count(*) FILTER (WHERE r.status = 'released')
	             + (count(*) FILTER (WHERE r.status <> 'released') > 0)::int
	          FROM roadmap.release r
	         WHERE r.repo_id = d.repo_id
	           AND r.version_key > roadmap.version_key(s.first_seen_version))::int AS carried_releases,
	       CASE WHEN h.repo_id IS NULL THEN 'catalog' ELSE 'history' END AS carried_source,
	       h.first_seen_commit, h.first_seen_at, h.commits_open,
	       i.pillar, i.effort, i.priority, i.path, i.line, i.description, rl.version_key,
	       d.successor_version, d.successor_id, si.status AS successor_status, si.title AS successor_title,
	       d.successor_rule
	  FROM roadmap.deferred d
	  JOIN roadmap.item i USING (repo_id, version, item_id)
	  JOIN roadmap.release rl USING (repo_id, version)
	  LEFT JOIN roadmap.item_history h USING (repo_id, version, item_id)
	  LEFT JOIN roadmap.item si ON si.repo_id = d.repo_id AND si.version = d.successor_version AND si.item_id = d.successor_id
	  -- open since the earlier of: its own release, the release current when history first shows it open
	  CROSS JOIN LATERAL (
	       SELECT CASE WHEN h.first_seen_release IS NOT NULL
	                    AND roadmap.version_key(h.first_seen_release) < rl.version_key
	                   THEN h.first_seen_release ELSE d.version END AS first_seen_version) s;

-- A skip reason saying the item is harmless lowers a deferred item to this
-- priority (case-insensitive substring of the status text; the lowest
-- priority of all matching rows wins). Editable: add a project's own words.
CREATE TABLE roadmap.skip_reason_rule (
	phrase       text PRIMARY KEY CHECK (phrase <> ''),
	priority     text NOT NULL CHECK (priority IN ('P0', 'P1', 'P2')),
	description  text NOT NULL,
	builtin      boolean NOT NULL DEFAULT false
);
CREATE TRIGGER user_row BEFORE INSERT OR UPDATE ON roadmap.skip_reason_rule
	FOR EACH ROW EXECUTE FUNCTION roadmap.user_row_marker('phrase');
SELECT pg_catalog.pg_extension_config_dump('roadmap.skip_reason_rule', 'WHERE NOT builtin');
INSERT INTO roadmap.skip_reason_rule (phrase, priority, description) VALUES
('correctness unaffected', 'P2', 'the release shipped without it and results stay right'),
('cosmetic', 'P2', 'a cosmetic change'),
('fallback estimate', 'P2', 'a fallback already gives a usable answer'),
('nice to have', 'P2', 'the maintainers call it optional'),
('nice-to-have', 'P2', 'the maintainers call it optional');

-- Feature coverage: kinds for what a feature's own text says can go wrong (issue 10, cv10)
-- See docs/proposals.md "Features" and "Risks a feature states". A large
-- release whose items are table rows with short notes got almost no item:
-- none of its features had a kind. These kinds recognise, from the item's
-- own words (its table row, the block its bold lead opens, a bullet naming
-- it), a mechanism with a known way to go wrong — a lease that can expire
-- under a running holder, changes merged from several sources, a migration
-- of stored data, a set kept in a fixed-width integer, a fallback path, a
-- move into native code, an automatic drop of captured changes, a new
-- derivation of stored keys — and one lens each asks exactly that of it.
-- Patterns are narrow on purpose: each fires on few features.
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('lease', '\b(reaps?|reaping|reclaims?|steals?|takes? over)\b[^.]{0,30}\b(expired|stale) (leases?|locks?)\b|\bexpired (leases?|locks?)\b|\blocks?\b[^.]{0,60}\b(expires?|expiry|timeout|ttl)\b|\blease (holder|renewal|timeout)\b|\bleader (election|lease)\b', NULL,
 'gives work to one holder under a lock or lease that expires or is reclaimed while the holder may still run'),
('multi_source', '\b(each|every|per|several|multiple|all) (remote )?(workers?|nodes?|shards?|replicas?|sources?|producers?|publishers?|upstreams?)\b[^|]{0,320}?\b(watermark|ordered by|in (commit|arrival) order|interleav\w*)\b', NULL,
 'merges changes from several sources into one stream, ordered by positions that are each only ordered within one source'),
('migration', '^.*?(\b(sql|schema|data|catalog|storage) migration\b|\bmigration:|\brenam(e|es|ed|ing)\b[^.]{0,40}\b(columns?|tables?|fields?)\b)', NULL,
 'migrates tables that already hold data: a migration or a rename of stored columns, said by the title'),
('bitmask', '\bbit ?(masks?|sets?|maps?)\b[^|]{0,200}?\K\b(int2|int4|int8|smallint|integer|bigint|u8|u16|u32|u64|i32|i64|(8|16|32|64)[- ]bit)\b|\b(int2|int4|int8|smallint|bigint|u32|u64|i64|(16|32|64)[- ]bit)\b[^.|]{0,60}\bbit ?(masks?|sets?|maps?)\b', NULL,
 'keeps a set (of columns, flags, members) as bits of a fixed-width integer'),
('fallback', '(?s)\A(?!.*\bfall-?backs? (is |are )?tested\b)(?!.*\btests? (of |for )?the fall-?back).*?\K\b(fall(s|ing)? ?back|fallbacks?|cold[- ]start (heuristic|path|mode))\b', NULL,
 'has a fallback path for the case the main path cannot handle (and does not say the fallback is tested)'),
('native_code', '^(?!.*\b(safe|reduc\w*|remov\w*|eliminat\w*)\b).*\b(C-level|FFI|native code|raw pointers?|extern "C")\b', NULL,
 'moves work into native code the compiler cannot check (a C-level function, FFI), said by the title'),
('auto_drop', '\bauto(matic(ally)?)?[- ]?(drop|delet|purg|discard|remov|truncat)\w*\b[^.]{0,60}\b(slots?|buffers?|queues?|changes|journal|wal|backlog)\b', NULL,
 'drops captured changes or what holds them (a slot, a buffer, a queue) automatically when a limit is reached'),
('key_derivation', '\brow[- ]?ids?\b[^.]{0,80}\b(hash\w*|schemes?|schemas?|deriv\w*|computed?)\b|\b(incorporat\w*|add\w*|includ\w*|mix\w*)\b[^.]{0,80}\b(into|to|in) the (row[- ]?id |content |row )?hash\b', NULL,
 'changes how the ids or hashes of stored rows are derived');

INSERT INTO roadmap.lens (lens_id, pillar, feature_kind, trigger, ident_kind, priority, effort, weight, title, why, verify) VALUES
('corr_lease_double_apply', 'correctness', 'lease', 'always', NULL, 'P0', 'M', 3,
 '{subject}: no double apply when a lease expires mid-run',
 '{id} gives work to one holder until its lease expires{quote}; a holder still running at expiry keeps writing while a second one takes over, so the same changes are applied twice',
 'a test pauses the first holder before its commit until the lease expires, lets a second worker take over, and the result equals one application of the changes'),
('stab_lease_holder_crash', 'stability', 'lease', 'always', NULL, 'P1', 'S', 2,
 '{subject}: work resumes after the holder is killed',
 '{id} keeps its lock as a row with an expiry{quote}; unlike a session lock it outlives a holder that crashes, and nothing runs that work until the row is reclaimed',
 'a test kills the holder (`kill -9`) mid-run; another worker takes over within the lease time plus one interval, and nothing is applied twice'),
('corr_merge_order', 'correctness', 'multi_source', 'always', NULL, 'P0', 'M', 3,
 '{id}: same-key changes from two sources apply in order',
 '{id} merges changes from several sources into one stream{quote}; positions such as LSNs are ordered only within one source, so changes to one key from two sources have no defined order',
 'a test interleaves INSERT, UPDATE and DELETE of the same keys on two sources between polls, and after each poll the result equals a full recomputation'),
('scal_merge_fanout', 'scalability', 'multi_source', 'always', NULL, 'P1', 'M', 2,
 '{id}: one polling round at 10× the sources',
 '{id} reads every source in turn{quote}; one round grows with the number of sources, and once it takes longer than the interval the lag grows without bound',
 'a benchmark with 1, 4 and 40 sources reports the time of one round and the lag it adds, and at 10× the largest tested count a round stays within one interval'),
('test_upgrade_populated', 'test_coverage', 'migration', 'always', NULL, 'P1', 'S', 3,
 'Upgrade test: {id} migration with changes still pending',
 '{id} migrates tables that already hold data{quote}; rows captured by {prev} but not yet applied must still be read after ALTER EXTENSION UPDATE, which an upgrade of an empty installation does not show',
 'an upgrade test captures changes on {prev} without applying them, updates to {version}, then applies them, and the result equals a full recomputation with no row lost'),
('corr_bitmask_width', 'correctness', 'bitmask', 'always', NULL, 'P1', 'S', 3,
 '{id}: correct for more members than the bitmask has bits',
 '{id} keeps a set in a fixed-width integer{quote}; a 64-bit mask holds 64 members, so the 65th wraps onto another bit or is dropped and its change is silently skipped',
 'a test with tables of 63, 64, 65 and 200 columns changes only the last column, and each change reaches the result (or takes the documented wide-table path)'),
('test_fallback_path', 'test_coverage', 'fallback', 'always', NULL, 'P1', 'S', 3,
 'Test the {id} fallback path',
 '{id} falls back to another path when the main one cannot be used{quote}; that case is rare in tests and benchmarks, so the fallback is the path most likely to break unnoticed',
 'a test forces the fallback condition, checks that the fallback is taken (logged, or visible in a status view) and that its result equals the main path''s on the same input'),
('stab_native_code', 'stability', 'native_code', 'always', NULL, 'P1', 'S', 2,
 '{id}: native code errors raise, never crash the server',
 '{id} moves work into native code{quote}; an error there that is not raised as a normal error crashes the backend instead of rolling back one statement',
 'the count of unsafe blocks before and after {id} is reported, each new one states its invariant, and a test drives each error path (bad input, cancel, out-of-memory) to an error with no crash'),
('corr_autodrop_loss', 'correctness', 'auto_drop', 'always', NULL, 'P0', 'S', 3,
 '{id}: an automatic drop never loses changes silently',
 '{id} drops captured changes automatically at a limit{quote}; the changes in what is dropped are gone, so results that depended on them are wrong unless the drop forces a full rebuild',
 'a test drives the lag past the limit until the drop, then checks that the affected objects are marked for a full refresh (or raise an error) and the next result equals a full recomputation'),
('corr_key_upgrade', 'correctness', 'key_derivation', 'always', NULL, 'P0', 'M', 3,
 '{id}: rows stored by {prev} keep matching their ids',
 '{id} changes how stored row ids are derived{quote}; an id stored by {prev} and now computed differently no longer matches, so updating or deleting that row leaves a duplicate or an orphan',
 'a test creates rows on {prev}, upgrades, then updates and deletes them, and the result equals a full recomputation with no duplicate or orphan');

-- No JIT for the catalog queries of ingest, enrich and render (issue 11, p11b) --
-- The planner's cost of the gap query grows with the dead rows and the
-- estimates of a long-lived database until it crosses jit_above_cost; the
-- query then spent 530 ms compiling for 4 ms of execution (enrich 590 ms
-- instead of 50 after 30 ingests of two repositories). Their queries read a
-- few thousand rows by index: compiling never pays (docs/performance.md).
ALTER FUNCTION roadmap.ingest(text, text) SET jit = off;
ALTER FUNCTION roadmap.enrich(text, text, bool) SET jit = off;
ALTER FUNCTION roadmap.render(text, text, bool, bool) SET jit = off;

-- Lens premises and priority (issue 10, ln10) -------------------------------
-- See docs/proposals.md "Lenses" and "Priority". A lens's why states a
-- premise about its object ("keeps its state in a bounded area", "fails
-- half-way", "callers rely on it"); a lens now fires only when the feature's
-- own text shows that premise: requires_kinds lists classes the feature must
-- also have, unless_kinds classes that contradict it. Classes are rows of
-- roadmap.feature_kind that no lens is about (like `worker`).
ALTER TABLE roadmap.lens
	ADD COLUMN requires_kinds text[] NOT NULL DEFAULT '{}',
	ADD COLUMN unless_kinds text[] NOT NULL DEFAULT '{}';
COMMENT ON COLUMN roadmap.lens.requires_kinds IS
	'feature kinds (classes) the feature must also have for the lens to fire; a name no roadmap.feature_kind row defines is never held';
COMMENT ON COLUMN roadmap.lens.unless_kinds IS
	'feature kinds (classes) that keep the lens off: the feature''s own text contradicts the lens''s premise';

INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('shared_state', 'shared[- ]memory|\bshmem\b|\bdshash\b|\bDSA\b|\bshared (cache|hash ?table|state|structure)\b|\bcross-backend\b|\b(across|between) (all )?(sessions|backends|connections)\b', NULL,
 'class: keeps state in memory shared by all sessions (shared memory, dshash, cross-backend), not per session'),
('stated_bound', '\b\d[\d,_.]*\s*(kB|MB|GB|TB|bytes|entries|slots|elements)\b|\bmax(imum)?[_ ](entries|size|memory|slots|items|bytes)\b|\b(capacity|memory budget|memory limit|size limit)\b|\bbounded (to|at|by)\b', NULL,
 'class: states a size or count bound (64 MB, 4,096 entries, capacity, a max_ setting)'),
('multi_txn', '\bin (batches|chunks)\b|\bbatch(es)? of \d|\bper[- ]batch\b|\bcommit(s|ting|ted)? (each|every|per|after|between)\b|\b(several|multiple|separate|its own|their own) transactions\b|\bresum(e|es|able)\b[^.]{0,40}\b(interrupt|fail|crash)|\bcheckpoint(s|ed|ing)? (its |their )?progress\b|\bnon-transactional\b|\bautonomous transactions?\b', NULL,
 'class: commits its work in parts (batches, several transactions, resumable), so a failure can leave part of it stored'),
('internal', '\b(zero|no) (user-visible |caller-visible |functional |observable )?behaviou?r(al)? changes?\b|\bpurely (structural|internal)\b|\bno (user|caller|api)[- ]visible changes?\b|\bno (public |sql )?api changes?\b', NULL,
 'class: says it changes no behaviour callers can see (a refactor that states it): no caller-facing lens'),
('standby', '\b(hot[- ])?standby\b|\bin recovery\b|\brecovery mode\b|pg_is_in_recovery|\bread[- ]replicas?\b|\bpromot(e|ed|ion)\b', NULL,
 'class: a condition about recovery, a standby or a replica (cleared by promotion)'),
('diagnostic_fn', '`[a-z0-9_.]*(explain|diagnos|inspect|debug|describe)[a-z0-9_]*\(|\bdiagnostic (function|view|output|tool)s?\b', NULL,
 'class: a function people run by hand to look at state (explain, diagnose, inspect): no caller branches on its errors'),
('per_event', '\b(per|every|each|for each) (row|change|tuple|statement|captured change|record|message|write)s?\b|\bper-row\b|\bhot path\b|\bhigh[- ](volume|frequency|rate)\b', NULL,
 'class: does its work once per row, change, statement or record (a cost that grows with the data, not per operation)'),
('documents_break', 'document(ed|s)? (it |this )?as (a )?breaking|\bupgrade notes?\b|\bmigration (note|guide)\b|\bCHANGELOG\b', NULL,
 'class: the item itself plans the note that tells callers what changed');

-- "no behaviour change" is not a behaviour change, "zero breaking changes" not a breaking one
UPDATE roadmap.feature_kind
   SET pattern = '(?<!zero )(?<!no )breaking changes?\b|(?<!zero )(?<!no )(?<!without )\bbehaviou?r change\b|^(rename|change\b[^.]{0,60}\bdefault)\b'
 WHERE kind = 'breaking' AND builtin;

-- State shared by sessions is a bounded area other sessions see; a
-- per-session cache (prepared statements) is neither.
UPDATE roadmap.lens SET requires_kinds = ARRAY['shared_state']
 WHERE lens_id IN ('stab_cache_full', 'test_cache_concurrent') AND builtin;
-- "at 10x it runs out" needs a stated bound to run out of; the verify checks it
UPDATE roadmap.lens SET requires_kinds = ARRAY['shared_state', 'stated_bound'],
       title = '{subject} at 10× today''s object count',
       why = '{id} keeps shared state within a stated size{quote}; at ten times the objects it fills up, and what happens then (eviction, fallback or an error) decides whether the feature still helps',
       verify = 'with 10× the objects of the largest benchmark, memory stays within the stated bound, evictions are counted, and results equal those without the cache'
 WHERE lens_id = 'scal_cache_bound' AND builtin;
-- one statement rolls back as a whole: only work committed in parts can be half-stored
UPDATE roadmap.lens SET requires_kinds = ARRAY['multi_txn']
 WHERE lens_id = 'stab_eval_partial' AND builtin;
-- a refactor that says it changes nothing gets no caller-facing lens; a
-- breaking change whose item plans its own note gets no second one
UPDATE roadmap.lens SET unless_kinds = ARRAY['internal']
 WHERE lens_id IN ('corr_function_edges', 'ux_function_docs', 'test_function_e2e', 'ux_syntax_docs', 'ux_guc_docs',
                   'corr_syntax_same') AND builtin;
UPDATE roadmap.lens SET unless_kinds = ARRAY['internal', 'documents_break']
 WHERE lens_id = 'ux_breaking_note' AND builtin;
-- "callers branch on the error code": not of a function people run by hand
UPDATE roadmap.lens SET unless_kinds = ARRAY['internal', 'diagnostic_fn']
 WHERE lens_id = 'stab_function_errors' AND builtin;
-- a formatting cost matters only where it is paid per row or change
UPDATE roadmap.lens SET requires_kinds = ARRAY['per_event'],
       why = '{id} adds work for every record it logs{quote}; paid once per row or change, a few microseconds add up to a measurable share of the operation'
 WHERE lens_id = 'perf_logging_cost' AND builtin;
-- pg_promote() only clears a standby condition; other startup checks (versions,
-- settings) are asked whether work resumes once the operator fixes the cause
UPDATE roadmap.lens SET requires_kinds = ARRAY['standby']
 WHERE lens_id = 'stab_startup_recheck' AND builtin;
INSERT INTO roadmap.lens (lens_id, pillar, feature_kind, trigger, ident_kind, priority, effort, weight, title, why, verify, unless_kinds) VALUES
('stab_startup_fixed', 'stability', 'startup_check', 'always', NULL, 'P1', 'S', 3,
 '{subject}: work resumes once the cause is fixed',
 '{id} checks a condition when the process starts{quote}; a process that refused to start is not started again when the operator fixes the cause (upgrades the other nodes, changes the setting), so work stays stopped until a restart nobody was told about',
 'a test starts with the condition true, fixes its cause while the server runs, and work resumes within one scheduler interval, or the error''s hint and the docs name the restart that is needed',
 ARRAY['standby']);
-- The premise of these is false in general, and their verify has no pass
-- condition or checks what the item's own plan already checks:
-- * a moved function keeps its SQL name, arguments and volatility (declared
--   with the code or in the extension's SQL script), and the existing tests
--   call it by name;
-- * "check the default at 10×" records a number and passes whatever it is.
UPDATE roadmap.lens SET enabled = false WHERE lens_id IN ('test_refactor_api', 'scal_guc_default') AND builtin;

-- A skip reason saying the content exists in another form (a prose
-- description, another document) leaves a nice-to-have: P2.
INSERT INTO roadmap.skip_reason_rule (phrase, priority, description) VALUES
('description added', 'P2', 'the content exists in another form (a description was added instead)'),
('covered by', 'P2', 'the content exists in another form (another document or feature covers it)'),
('documented in', 'P2', 'the content exists in another form (it is documented elsewhere)'),
('described in', 'P2', 'the content exists in another form (it is described elsewhere)');

-- The lens evidence of the ingested commit (issue 11, p11c) --
-- Ingest keeps what enrich's feature lenses read from the tree: every
-- markdown file under a docs/ directory (doc_paths, and doc_texts: each
-- file's text, NULL when over the size caps), the tests text (every test
-- file, concatenated in the tree's order) and the tree's paths. enrich
-- reads this row instead of the tree when it is of the commit it enriches
-- (docs/performance.md). Stored uncompressed: ingest rewrites it for each
-- new commit and compressing it cost more than it saved.
CREATE TABLE roadmap.evidence_text (
	repo_id    bigint PRIMARY KEY REFERENCES roadmap.repository ON DELETE CASCADE,
	commit     text NOT NULL,
	paths      text[] NOT NULL,
	doc_paths  text[] NOT NULL,
	doc_texts  text[] NOT NULL,
	tests      text
);
ALTER TABLE roadmap.evidence_text ALTER COLUMN paths SET STORAGE EXTERNAL,
	ALTER COLUMN doc_paths SET STORAGE EXTERNAL, ALTER COLUMN doc_texts SET STORAGE EXTERNAL,
	ALTER COLUMN tests SET STORAGE EXTERNAL;

-- Recall: caps that keep what a planner keeps, result-path items (issue 10, rc10) --
-- See docs/proposals.md "One selector" and "Results computed a new way".
-- A feature item whose lens fired on a fact of the commit (the identifier is
-- in no doc or test file, no upgrade script exists) is kept-class: the
-- per-pillar share of feature items (max_feature) does not drop it while the
-- pillar has room after its deferred and evidence items, best anchor
-- priority first; what a full pillar still leaves out is named in
-- Conflicts & Risks.
INSERT INTO roadmap.selection_policy (name, value, description) VALUES
('kept_beyond_share', 1, 'kept-class feature items (lens fired on a fact of the commit) fill a pillar beyond max_feature up to max_per_pillar (1) or not (0)');
-- "(disables or is rejected, as documented)" made the range check a docs
-- check, so the sibling rule banned it next to the setting's docs item
UPDATE roadmap.lens
   SET verify = '`SET {ident} = -1` fails with the declared range in the error, and a test shows what `{ident} = 0` does (disables the feature or is rejected)'
 WHERE lens_id = 'stab_guc_range' AND builtin;

-- Lens premises stated by the anchor, task anchors (issue 10, pm10) ----------
-- See docs/proposals.md "Premise classes" and "Task anchors". A lens fired on
-- a word ("quota", "hook", "bulk", "conformance", "log output") although the
-- item did not do what the lens's why assumes. Each lens now needs the
-- item's own text to state its premise (a class in requires_kinds), or is
-- kept off by a class that contradicts it (unless_kinds); an item whose
-- title says it is a test, benchmark, analysis or documentation task is that
-- task only (exclusive kind `task`, no lens: no product lens asks about it).
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('task', '^(?:\s*(?:run|analy[sz]e|analysis of|measure|benchmark|profile|investigate|assess|evaluate whether|research|survey|fuzz)\b(?![- ](?:guided|based|driven|store|log|trail)\b)'
         '|\s*(?:document|audit)\s+(?:the|how|all|each|every|a|an|its|our|new|`)'
         '|\s*(?:(?:unit |integration |e2e |end-to-end |regression |property |upgrade )?tests?|testing|documentation|docs|benchmarks?)\b\s*(?:[:+&.,(]|and\b|for\b|$)'
         '|.*\b(?:tests?(?: suite| coverage| matrix| harness)?|benchmarks?(?: suite)?|documentation|docs)\s*\.?\s*$'
         '|.*\b(?:unit|integration|e2e|end-to-end|property(?:-based)?|regression|soak|stress|chaos|fuzz|conformance)[- ]tests?\b)', NULL,
 'the item is itself a test, benchmark, analysis or documentation task, said by its title ("Run …", "Analyse …", "Measure …", "… test", "Documentation"): it is that task only, and no product lens asks about it'),
('throttles', '\bpaus(e|es|ed|ing)\b|\bthrottl\w*|\bback-?pressure\b|\bhold(s|ing)? back\b|\bstall(s|ed|ing)?\b|\brate[- ]limit\w*|\b(block|reject|refuse|delay|slow|stop|suspend)(s|ed|ing)? (new |further |incoming |all )?(writes?|inserts?|capture|changes|work|refresh\w*|requests?|cycles?|enqueue\w*|ingest\w*|connections?)\b', NULL,
 'class: holds back work when a limit is reached (pauses, throttles, back-pressure, blocks or rejects writes): the premise of the limit lenses'),
('statement_hook', '\b(ProcessUtility|Executor(Start|Run|Finish|End)|planner|post_parse_analyze|ExplainOneQuery|object_access|ClientAuthentication|emit_log)_hook\b|\b(utility|executor|planner|parser|parse[- ]analysis|DDL|statement|query) hooks?\b|\bintercept\w*\b[^.]{0,60}\b(statements?|quer(y|ies)|commands?|DDL|utility)\b|\b(runs?|fires?|called|invoked) (for|on) (every|each|all) (SQL )?(statements?|quer(y|ies)|commands?)\b', NULL,
 'class: a hook PostgreSQL calls for statements (`ProcessUtility_hook`, an executor or planner hook, "intercepts DDL"), not a callback of the extension''s own loop: the premise of the statement-hook lens'),
('iterative', '\biterat\w*|\bfix(ed)?[- ]?point\b|\bsemi-naive\b|\brecursi(ve|on)\b|\bstratif\w*|\b(transitive )?closures?\b|\bjoin order\w*|\brounds?\b|\bphases?\b', NULL,
 'class: computes its result in iterations, rounds or phases whose number or size grows with the input (fixpoint, recursion, join ordering)'),
('read_only', '(?s)\A(?!.*\b(insert|updat|delet|writ|drop|creat|truncat|modif|alter|paus|block|throttl|appl(y|ies|ied)|lock|lease|acquir|reap|evict|purg|remov|archiv|replay|rehydrat|restor|overwrit|migrat|rewrit|emit|signal|enqueue|captur)\w*)(?=.*\b(reads?|returns?|lists?|reports?|shows?|exposes?)\b[^.]{0,80}\b(rows?|row per|counts?|summary|status|state|totals?|counters?|columns?|values?)\b)', NULL,
 'class: a function or view that only reads (returns, lists, reports, shows rows) and whose text names no write (insert, update, delete, drop, pause, apply, …): no write-path lens');

-- the limit lenses ask what happens while work is held back: only of an item
-- that says it holds work back, and never of one that only reads
UPDATE roadmap.lens SET requires_kinds = ARRAY['throttles'], unless_kinds = unless_kinds || ARRAY['read_only']
 WHERE lens_id IN ('corr_limit_no_loss', 'perf_limit_cost', 'scal_limit_10x', 'ux_limit_status', 'test_limit_thresholds')
   AND builtin;
-- "sees every statement in the database": a PostgreSQL statement hook, not a
-- callback of the extension's own scheduler ("post-tick hook")
UPDATE roadmap.lens SET requires_kinds = requires_kinds || ARRAY['statement_hook']
 WHERE lens_id = 'stab_hook_passthrough' AND builtin;
-- "the phases or iterations it ran", "grows with its input … switching to a
-- slower path": an evaluation that iterates, not a change of one output row
UPDATE roadmap.lens SET requires_kinds = requires_kinds || ARRAY['iterative']
 WHERE lens_id IN ('ux_eval_explain', 'scal_eval_10x') AND builtin;
-- lenses about what a write leaves behind: not of a function that only reads
UPDATE roadmap.lens SET unless_kinds = unless_kinds || ARRAY['read_only']
 WHERE lens_id IN ('scal_bulk_10k', 'stab_reject_atomic', 'stab_load_malformed', 'stab_eval_partial',
                   'scal_cleanup_batches', 'corr_autodrop_loss', 'scal_history_growth') AND builtin;
-- "if it loops internally the gain may be small" is false of a bulk call:
-- its gain is the round trips it saves, which a loop inside the one call
-- still saves; and "at least 5× faster" is a target nobody stated
UPDATE roadmap.lens SET enabled = false WHERE lens_id = 'perf_bulk_vs_loop' AND builtin;
-- A premise about the identifier: the lens names only an identifier whose
-- form as the item writes it (a function with the argument list the text
-- shows: `x.bulk_drop(names TEXT[])`) matches. A function of one name gets
-- no list lens; of two list functions, the one the premise fits is named.
ALTER TABLE roadmap.lens ADD COLUMN ident_pattern text CHECK (ident_pattern <> '');
COMMENT ON COLUMN roadmap.lens.ident_pattern IS
	'PCRE2 (case-insensitive) the identifier as the item writes it must match (a function with the argument list the text shows); the lens names the first that does and does not fire when none does; NULL: any identifier';
-- 10,000 names in one transaction meet the lock table only when each name
-- takes a relation lock until commit: a list function that drops or creates
UPDATE roadmap.lens
   SET ident_pattern = '\b[a-z_.]*(drop|delet|remov|purg|truncat|creat)[a-z_]*\((?=[^)]*(\[\]|\bvariadic\b|\barray\b))',
       why = '`{ident}` takes a list of names{quote} and locks a relation for each one it drops or creates, all in one transaction; the locks are held until commit, so 10,000 names can exhaust the shared lock table (`max_locks_per_transaction`)',
       verify = 'a test passes 10,000 names with the default `max_locks_per_transaction` and either completes in one transaction or fails with an error whose hint names the setting, and the docs state the lock footprint'
 WHERE lens_id = 'scal_bulk_10k' AND builtin;
-- "returns rows about many objects, so its cost grows with the installation":
-- not of a function whose signature takes one object's name or id
-- (`stream_table_lineage(name TEXT)` returns the columns of one object)
UPDATE roadmap.lens SET ident_pattern = '\((?!\s*[a-z_]*(name|_id|oid|relid)\b)'
 WHERE lens_id = 'perf_function_cost' AND builtin;
-- "adds work to every plan": only of a check the item says runs for every
-- statement, query or row
UPDATE roadmap.lens SET requires_kinds = requires_kinds || ARRAY['per_event']
 WHERE lens_id = 'perf_verifier_cost' AND builtin;
-- "changes results users rely on": an optimisation must not change them (its
-- test is the reference comparison, corr_eval_reference)
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('optimisation', '^.*?\b(optimi[sz](e|es|ed|ing|ation)|speed[- ]?ups?|faster|cheaper|fewer|avoid(s|ed|ing)?|skip(s|ped|ping)?|instead of)\b', NULL,
 'class: the title says the item makes the same results cheaper (an optimisation, a speed-up, fewer rows, instead of …)');
UPDATE roadmap.lens SET unless_kinds = unless_kinds || ARRAY['optimisation']
 WHERE lens_id = 'test_eval_golden' AND builtin;
UPDATE roadmap.feature_kind SET exclusive = true WHERE kind = 'task' AND builtin;
-- "an error without a SQLSTATE can only be matched by its English text": only
-- of an item that says its errors are untyped (a panic, `unwrap()`, a bare
-- `error!()`, XX000, no error code); a planner rejected it three times on
-- functions whose text said nothing about their errors, once where the
-- project's error reference states every error has a SQLSTATE
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('untyped_errors', '\bpanic(s|ked|king)?\b|\bunwrap\(|\bexpect\(|\bXX000\b|\berror!\(|\b(generic|untyped|internal) errors?\b|\bwithout (a |an )?(sqlstate|error code)\b|\bno (sqlstate|error code)\b|\berror codes? (is|are) missing\b', NULL,
 'class: says the item''s errors have no code of their own (a panic, `unwrap()`, a bare `error!()`, XX000, "no SQLSTATE")');
-- More premises the lens's why states, each required of the item's own text:
-- "rewrites user queries" (not "rewrite the scheduler"); "no change lost …
-- per captured change … write rate" (a limit on the write or capture path,
-- not on reads or requests); "moves existing implementations behind a new
-- interface" (not a plugin system with none yet); "changes shared state
-- before it waits" (signals, stops or marks something, then waits);
-- "formats every log event" (a log format, not a log line)
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('query_rewrite', '\b(quer(y|ies)|sql|statements?|plans?|predicates?|expressions?|operators?|delta)\b[^.]{0,40}\brewrit\w*|\brewrit\w*\b[^.]{0,40}\b(quer(y|ies)|sql|statements?|plans?|predicates?|expressions?|operators?)\b', NULL,
 'class: rewrites queries, statements, plans or expressions (not code or documents)'),
('write_path', '\b(cdc|captur\w*|change (buffer|capture|log|feed)s?|trigger writes?|writes?|inserts?|wal|replication|decod\w*|ingest\w*|enqueu\w*|appends?)\b', NULL,
 'class: works on the write, capture or ingest path (CDC, trigger writes, WAL, inserts, enqueue)'),
('existing_impls', '\bexisting\b[^.]{0,60}\b(sinks?|sources?|backends?|implementations?|drivers?|adapters?|providers?|plugins?|connectors?|exporters?)\b|\b(port|mov|ship|migrat|split)\w*\b[^.]{0,40}\b(existing|current|built-in)\b', NULL,
 'class: moves implementations that exist today behind the new interface'),
('sets_then_waits', '\b(signal|set|mark|flag|stop|paus|disabl|block|lock)\w*\b[^.]{0,100}\bwait', NULL,
 'class: changes shared state (signals, stops, marks, locks) and then waits'),
('formats_logs', '\bstructured (json )?log\w*|\blog_format\b|\bjson (log|lines|records?|objects?)\b|\b(log|logging) (format|style)\b|\bformat\w* (every |each )?(log|event)', NULL,
 'class: defines how log records are formatted (structured or JSON logging, a log format setting)');
UPDATE roadmap.lens SET requires_kinds = requires_kinds || ARRAY['query_rewrite']
 WHERE lens_id = 'corr_rewrite_property' AND builtin;
UPDATE roadmap.lens SET requires_kinds = requires_kinds || ARRAY['write_path']
 WHERE lens_id IN ('corr_limit_no_loss', 'perf_limit_cost', 'scal_limit_10x', 'test_limit_thresholds') AND builtin;
UPDATE roadmap.lens SET requires_kinds = requires_kinds || ARRAY['existing_impls']
 WHERE lens_id = 'test_plugin_conformance' AND builtin;
UPDATE roadmap.lens SET requires_kinds = requires_kinds || ARRAY['sets_then_waits']
 WHERE lens_id = 'test_wait_cancel' AND builtin;
UPDATE roadmap.lens SET requires_kinds = requires_kinds || ARRAY['formats_logs']
 WHERE lens_id IN ('stab_logging_safe', 'perf_logging_cost') AND builtin;
-- "moves code out of `x`, so every page that points at it goes stale": only of
-- an item that says it splits or moves code (a "no behaviour change" note on
-- a type annotation pass moves nothing)
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('moves_code', '\b(split(s|ting)?|mov(e|es|ed|ing)|extract(s|ed|ing)?|relocat\w*|break(s|ing)? up)\b[^.]{0,80}\b(into|out of|to|across)\b|\bsub-?modules?\b', NULL,
 'class: says the item splits or moves code into other files or modules');
UPDATE roadmap.lens SET requires_kinds = requires_kinds || ARRAY['moves_code']
 WHERE lens_id = 'ux_refactor_docs' AND builtin;
UPDATE roadmap.lens SET requires_kinds = requires_kinds || ARRAY['untyped_errors'],
       why = '{id} says its errors have no code of their own{quote}; callers and runbooks branch on the error code of `{ident}`, and an error without one can only be matched by its English text'
 WHERE lens_id = 'stab_function_errors' AND builtin;

-- Results computed a new way (issue 10, rc10) ------------------------------
-- See docs/proposals.md "Results computed a new way". An item whose own
-- sentence says it changes how an existing result is computed (splits rows
-- or queries, restricts or skips the rows it reads, hoists a subquery,
-- replays saved state or skips a full recomputation, batches several
-- queries into one, turns O(n) work into O(changes)) gets the test that
-- its result equals a full recomputation and, unless it only takes a
-- shortcut on a new path, a regression gate on the project's benchmark.
-- Anchors that are themselves an analysis, a test or documentation get
-- neither: they are the exclusive kind `task` (pm10's block above).
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('recompute', '\bsplit(s|ting)?\b[^.;:]{0,40}\b(rows?|updates?|changes?|deltas?|quer(y|ies)|sql|statements?|arms?)\b[^.;:]{0,30}\binto\b(?![^.;]{0,50}\b(sub-?)?(modules?|files?|crates?|packages?|sections?|pages?)\b)|\brestrict(s|ing|ed)?\b[^.;:]{0,50}\bto (the )?(changed|modified|affected|touched|dirty|new|relevant) (keys?|rows?|groups?|partitions?|columns?|tuples?)\b|\bhoist(s|ing|ed)?\b|\breplay(s|ing|ed)?\b[^.;:]{0,40}\b(frontier|state|log|changes|snapshot|history|watermark)\b|\bskip(s|ping|ped)?\b[^.;:]{0,40}\bfull[- ](refresh|recomputation|re-?computation|rebuild|re-?evaluation|re-?execution|rescan)|\bskip(s|ping)? (the )?rows\b|\b(batch(es|ing)?|combin(e|es|ing)|fold(s|ing)?|collaps(e|es|ing))\b[^.;:]{0,60}\binto (a |one )?single\b|\bfrom O\([^)]*\) to O\(|\binto O\(', NULL,
 'changes how an existing result is computed, in its own words: splits rows or queries, restricts or skips the rows it reads, hoists a subquery, replays saved state or skips a full recomputation, batches queries into one'),
('shortcut', '\breplay(s|ing|ed)?\b[^.;:]{0,40}\b(frontier|state|log|snapshot|history|watermark)\b|\bskip(s|ping|ped)?\b[^.;:]{0,40}\b(initial |first )?full[- ](refresh|recomputation|re-?computation|rebuild|re-?evaluation|re-?execution)', NULL,
 'class: takes a shortcut on a new path (replays saved state, skips the first full recomputation) rather than reworking a path the workload already takes');

INSERT INTO roadmap.lens (lens_id, pillar, feature_kind, trigger, ident_kind, priority, effort, weight, title, why, verify, unless_kinds) VALUES
('test_recompute_parity', 'test_coverage', 'recompute', 'always', NULL, 'P1', 'M', 3,
 'Differential test: {subject} matches a full recomputation',
 '{id} changes how results are computed{quote}; a mistake there returns wrong rows with no error, and the inputs that break it (NULL keys, duplicate rows, several changes to one key, changes that cancel out) are rarely in hand-written tests',
 'a property test applies generated INSERT, UPDATE and DELETE sequences before and after {id} runs, and after every step the result equals a full recomputation (or the path {id} replaces) on the same data',
 ARRAY['evaluation', 'rewrite']),
('perf_recompute_gate', 'performance', 'recompute', 'always', NULL, 'P1', 'S', 2,
 'Regression gate: {subject} against the {prev} benchmarks',
 '{id} reworks how an existing result is computed{quote}; a change that is faster for the shape it targets can be slower for others, and only the same benchmarks run before and after show it',
 'run {bench:a benchmark of the largest representative workload} on the {prev} build and on the {version} build: no case is more than 5% slower, and CI fails when one is',
 ARRAY['shortcut']);
-- A check the release runs once (one benchmark run gates every reworked
-- path) is one item a pillar that names every feature the lens fired on.
ALTER TABLE roadmap.lens ADD COLUMN per_release boolean NOT NULL DEFAULT false;
COMMENT ON COLUMN roadmap.lens.per_release IS
	'the check is the release''s, not one feature''s: one item a pillar names every feature the lens fires on';
UPDATE roadmap.lens SET per_release = true, title = 'Regression gate: {id} against the {prev} benchmarks'
 WHERE lens_id = 'perf_recompute_gate' AND builtin;

-- The target's own section kept at ingest (issue 11, sp11) --
-- Ingest keeps the text of each release not yet released (the lines of its
-- section, what enrich reads of its target's own section), so enrich of a
-- commit that ingest read needs no libgit2 at all (docs/performance.md);
-- NULL for released releases and when the section has no lines.
ALTER TABLE roadmap.release ADD COLUMN section_text text;

-- Claimed by the docs (issue 10, tr10) --------------------------------------
-- docs/proposals.md "Claimed by the docs". Before a lens item is proposed,
-- the docs (the markdown under docs/, idea folders left out) and CHANGELOG.md
-- at the commit are searched for a sentence that matches the lens's
-- property and states it as existing: one that matches a claim form
-- ("Every … error includes a … SQLSTATE code", "No More 63-Column Limit")
-- or names the item's identifier, and matches no negating form. Such an
-- item is not proposed; Conflicts & Risks quotes the sentence. target_doc
-- names the document a docs lens writes to (a pattern over docs file base
-- names, '_'/'-' read as blanks, and first headings): when a planned item
-- names that document (file name or title) in a sentence that also names the
-- feature (its id, identifier or a word of it), the docs item is listed.
ALTER TABLE roadmap.lens ADD COLUMN property text, ADD COLUMN target_doc text;
-- CHANGELOG.md at the ingested commit, read by the claims (NULL when absent)
ALTER TABLE roadmap.evidence_text ADD COLUMN changelog text;
ALTER TABLE roadmap.evidence_text ALTER COLUMN changelog SET STORAGE EXTERNAL;
COMMENT ON COLUMN roadmap.lens.property IS
	'PCRE2 pattern (case-insensitive) for the property the item asks for; a docs or CHANGELOG sentence that matches it and a roadmap.claim_form (or names the item''s identifier) makes the item already true';
COMMENT ON COLUMN roadmap.lens.target_doc IS
	'PCRE2 pattern (case-insensitive) for the document a docs item writes to, matched against docs file base names and first headings';

CREATE TABLE roadmap.claim_form (
	form        text PRIMARY KEY,
	pattern     text NOT NULL,
	negates     boolean NOT NULL DEFAULT false,
	description text NOT NULL,
	builtin     boolean NOT NULL DEFAULT false
);
CREATE TRIGGER user_row BEFORE INSERT OR UPDATE ON roadmap.claim_form
	FOR EACH ROW EXECUTE FUNCTION roadmap.user_row_marker('form');
SELECT pg_catalog.pg_extension_config_dump('roadmap.claim_form', 'WHERE NOT builtin');

INSERT INTO roadmap.claim_form (form, pattern, negates, description) VALUES
('universal', '\b(every|each|all)\b[^.;:]{0,60}?\b(includes?|carr(y|ies)|has|have|are|is|gets?|returns?|uses?|raises?|reports?)\b', false,
 'a property stated of every member: "Every … error includes a … SQLSTATE code"'),
('no_more_limit', '\bno (more|longer)\b[^.;:]{0,40}\b(limit|cap|ceiling|maximum)\b', false,
 'a limit stated as gone: "No More 63-Column Limit"'),
('limit_removed', '\b(remov|lift|eliminat)(e|es|ed|ing)\b[^.;:]{0,40}\b(limit|cap|ceiling|restriction)\b', false,
 'a limit stated as removed: "removing the column count cap entirely"'),
('unbounded', '\barbitrary[- ](width|length|size|number)\b|\bunlimited\b', false,
 'a size stated as unbounded: "an arbitrary-width value"'),
('not_stated', '\b(will|would|should|could|might|planned|future|todo|not yet|proposed)\b|\b(not|never|almost|nearly) (every|each|all)\b', true,
 'a sentence about the future, a wish or an exception states nothing that exists');

UPDATE roadmap.lens SET property = '\bSQLSTATE\b'
 WHERE lens_id = 'stab_function_errors' AND builtin;
UPDATE roadmap.lens SET property = '\bbit ?masks?\b[^.\n]{0,80}\b(limit|cap|width)\b|\b(limit|cap)\b[^.\n]{0,80}\bbit ?masks?\b|\b\d+-column limit\b|\bcolumn[- ]count (limit|cap)\b'
 WHERE lens_id = 'corr_bitmask_width' AND builtin;
UPDATE roadmap.lens SET target_doc = '^(sql|api)( reference| api)?$|\b(sql|api) reference\b'
 WHERE lens_id IN ('ux_function_docs', 'ux_syntax_docs') AND builtin;
UPDATE roadmap.lens SET target_doc = '^(configuration|config|settings|gucs?|parameters)( reference)?$'
 WHERE lens_id = 'ux_guc_docs' AND builtin;

-- Focus scores kept at ingest (issue 11, sp11b) --
-- Ingest copies roadmap.focus_gaps' rows of the repository's next release
-- (the first not released, roadmap.next_version's; every applicable focus
-- area) into this table, after the history walk; enrich of that release
-- reads them with one indexed query instead of planning the view in a new
-- session (docs/performance.md). The view stays the one definition of the
-- score; shipped_window is the GUC's value the rows were computed with:
-- enrich reads the view itself when the session's window differs or the
-- target is another release. Rewritten at every ingest of a new commit.
CREATE TABLE roadmap.focus_score (
	repo_id                bigint NOT NULL REFERENCES roadmap.repository ON DELETE CASCADE,
	version                text NOT NULL,
	focus_id               text NOT NULL,
	shipped_window         int NOT NULL,
	score                  numeric,
	shipped_recent         int NOT NULL,
	last_shipped_version   text,
	releases_since_shipped int,
	planned_in_target      int NOT NULL,
	plan_open              int NOT NULL,
	evidence_hits          int NOT NULL,
	PRIMARY KEY (repo_id, version, focus_id)
);

-- Priority that means something (issue 10, prem10) --------------------------
-- See docs/proposals.md "Priority". One rule (re_item_priority, src/core/lens.c)
-- gives every lens item its priority: a lens whose why is a wrong-answer,
-- data-loss or crash path of a mechanism the anchor's own text states (its
-- premise classes) names that failure in risk and keeps its priority; every
-- other lens is a template check (docs, range, benchmark, edge cases) whose
-- item takes the anchor's own priority (P0 read as P1) and P2 when the anchor
-- states none. An anchor whose title calls it optional gives P2.
ALTER TABLE roadmap.lens ADD COLUMN risk text CHECK (risk IN ('wrong_answer', 'data_loss', 'crash'));
COMMENT ON COLUMN roadmap.lens.risk IS
	'the failure the lens asks about when it is a wrong answer, lost data or a crash (the item may then be P0/P1 by the lens''s priority); NULL: a template check whose item takes the anchor''s priority, P2 when the anchor has none';
UPDATE roadmap.lens SET risk = 'wrong_answer'
 WHERE builtin AND lens_id IN ('corr_cache_stale', 'corr_guc_gate_off', 'corr_syntax_same', 'corr_rewrite_property',
                               'corr_replace_parity', 'corr_eval_reference', 'corr_merge_order', 'corr_bitmask_width',
                               'corr_lease_double_apply', 'corr_key_upgrade', 'test_recompute_parity',
                               'test_cache_concurrent', 'stab_eval_partial', 'test_fallback_path');
UPDATE roadmap.lens SET risk = 'data_loss'
 WHERE builtin AND lens_id IN ('corr_limit_no_loss', 'corr_autodrop_loss', 'test_upgrade_populated',
                               'test_upgrade_catalog', 'stab_reject_atomic', 'stab_load_malformed');
UPDATE roadmap.lens SET risk = 'crash'
 WHERE builtin AND lens_id IN ('stab_native_code', 'stab_hook_passthrough', 'stab_plugin_version');
-- an anchor its own title calls optional: its items are P2
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('optional', '^.*?(\((optional|nice[- ]to[- ]have|stretch( goal)?|if time (permits|allows)|low priority)\)|^\W*(optional|stretch goal|nice[- ]to[- ]have)\b)', NULL,
 'class: the item''s title calls it optional ("(optional)", "stretch goal", "nice to have"): every item on it is P2');

-- Premises from the anchor's behaviour, not a word (issue 10, prem10) ------
-- See docs/proposals.md "Premises from the anchor". A planner rejected lens
-- items whose premise came from a word of the item: "fallback" in an item
-- that replaces the fallback, "equals the main path" of a fallback whose
-- output is its own ("emits a fallback with mode 'AUTO'"), "returns rows
-- about many objects" of a function returning nothing, a reference
-- evaluation of a threshold check, a full cache of one cached schedule, the
-- generic "NULL keys, duplicate rows" inputs of a restore that replays saved
-- state. Each lens now needs the premise and its object stated:
-- * a negated premise ("replace the … fallback", "no longer caches",
--   "without a cache") is no premise: the kind's pattern skips it
--   ((*SKIP)(*FAIL)) and matches only a mention that is not negated;
UPDATE roadmap.feature_kind
   SET pattern = '\b(?:replac\w*|remov\w*|eliminat\w*|retir\w*|no longer|without|instead of|get rid of|drop(?:s|ping|ped)?)\b[^.;|]{0,50}?\bfall-?backs?\b(*SKIP)(*FAIL)|\b(fall(s|ing)? ?back|fallbacks?|cold[- ]start (heuristic|path|mode))\b',
       description = 'has a fallback path for the case the main path cannot handle (a fallback the item replaces or removes is none)'
 WHERE kind = 'fallback' AND builtin;
UPDATE roadmap.feature_kind
   SET pattern = '\b(?:no longer|without|remov\w*|eliminat\w*|retir\w*|drop(?:s|ping|ped)?|bypass\w*|disabl\w*)\b[^.;|]{0,40}?\bcach(?:e|es|ing)\b(*SKIP)(*FAIL)|\bcach(e|es|ing)\b',
       description = 'keeps computed state for reuse (cache, shared-memory table); a cache the item removes or bypasses is none'
 WHERE kind = 'cache' AND builtin;
-- * the object decides the verify: a fallback that falls back to another way
--   of computing the same result (a full scan, a full rebuild) is checked
--   against the main path; one that falls back to the old logic against what
--   the previous release does; one with an output of its own (a fallback
--   value, mode or row) against that output; a fallback the item says is
--   tested gets none of them;
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('fallback_output', '\b(emits?|returns?|reports?|yields?|gives?|sets?|uses?)\b[^.;|]{0,30}\bfall-?back\b[^.;|]{0,12}\b(with|of|value|mode|result|row|interval|estimate)\b|\bfall(s|ing)?\s*back\s+to\s+(an?\s+|the\s+)?(default|static|fixed|configured|constant)\b|\bfall-?back\s+(value|default|mode|estimate|interval|result|row)s?\b', NULL,
 'class: the fallback has an output of its own (a fallback value, mode, row or default), not the main path''s result'),
('fallback_prior', '\bfall(s|ing)?\s*back\s+to\s+(the\s+)?(old|previous|legacy|existing|current|pre-[0-9.]+)\b', NULL,
 'class: the fallback is the logic the previous release runs ("fall back to the old … logic")'),
('fallback_tested', '\bfall-?backs? (is |are )?tested\b|\btests? (of |for )?the fall-?back', NULL,
 'class: the item says its fallback is tested');
UPDATE roadmap.lens SET unless_kinds = unless_kinds || ARRAY['fallback_output', 'fallback_prior', 'fallback_tested']
 WHERE lens_id = 'test_fallback_path' AND builtin;
INSERT INTO roadmap.lens (lens_id, pillar, feature_kind, trigger, ident_kind, priority, effort, weight, title, why, verify,
                          requires_kinds, unless_kinds, risk) VALUES
('test_fallback_output', 'test_coverage', 'fallback', 'always', NULL, 'P1', 'S', 3,
 'Test the {id} fallback output',
 '{id} has a fallback with an output of its own{quote}; that case is rare in tests, so the fallback is the path most likely to break unnoticed',
 'a test forces the fallback condition and checks that the result is exactly the fallback output {id} states, not the main path''s',
 ARRAY['fallback_output'], ARRAY['fallback_tested'], NULL),
('test_fallback_prior', 'test_coverage', 'fallback', 'always', NULL, 'P1', 'S', 3,
 'Test the {id} fallback to the {prev} logic',
 '{id} falls back to the logic of the previous release when its new input is missing{quote}; that case is rare in tests, so the fallback is the path most likely to break unnoticed',
 'a test removes what the new path needs, forces the fallback, and checks that the result equals what {prev} gives on the same input, with no error',
 ARRAY['fallback_prior'], ARRAY['fallback_output', 'fallback_tested'], 'wrong_answer');
-- * "returns rows about many objects": only of a function the item says
--   returns rows (`TABLE(…)`, `SETOF`, "returns … rows", "one row per"),
--   never of one returning void;
UPDATE roadmap.feature_kind
   SET pattern = '\bTABLE\s*\(|\bSETOF\b|\breturns?\b[^.;|]{0,40}\brows\b|\b(one )?row (per|for each)\b|\blists? (all|every|each)\b',
       description = 'adds a SQL function the item says returns rows about many objects (`TABLE(…)`, `SETOF`, "returns … rows", "one row per")'
 WHERE kind = 'query_fn' AND builtin;
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('returns_void', '\bRETURNS\s+void\b|(→|->)\s*`?void\b', NULL,
 'class: the function returns nothing (`RETURNS void`, `→ void`)');
UPDATE roadmap.lens SET unless_kinds = unless_kinds || ARRAY['returns_void']
 WHERE lens_id = 'perf_function_cost' AND builtin;
-- * an evaluation lens asks how results are computed: not of a check that
--   evaluates a threshold or condition (its result is a yes/no);
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('threshold_check', '^.*?(\bevaluat\w*\s+(the\s+|a\s+|its\s+|each\s+)?(thresholds?|conditions?|limits?|fuses?|health|polic(y|ies)|guards?|triggers?)\b|\b(threshold|limit|health)[- ]checks?\b|\bpre-?checks?\b)', NULL,
 'class: the title says the item checks a threshold or condition (a yes/no), not how results are computed');
UPDATE roadmap.lens SET unless_kinds = unless_kinds || ARRAY['threshold_check']
 WHERE feature_kind = 'evaluation' AND builtin;
-- * a cache "sized to one entry", refreshed "from 8 sessions": only of a
--   cache of entries the sessions read (templates, plans, statements, keyed
--   entries), not of one cached value such as a schedule;
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('cache_entries', '\bcach\w*\b[^.;|]{0,60}\b(templates?|plans?|statements?|entries|quer(y|ies)|results|sql|per[- ](stream table|table|query|session|key|object))\b|\b(templates?|plans?|statements?|entries|quer(y|ies)|results|sql)\b[^.;|]{0,40}\bcach\w*|\bkeyed (by|on)\b|\bhash ?(table|map)s?\b|\bdshash\b|\bLRU\b|\bevict\w*', NULL,
 'class: the cache holds many entries that sessions look up (templates, plans, statements, keyed entries), not one cached value');
UPDATE roadmap.lens SET requires_kinds = requires_kinds || ARRAY['cache_entries']
 WHERE lens_id IN ('stab_cache_full', 'test_cache_concurrent', 'scal_cache_bound') AND builtin;
UPDATE roadmap.lens SET why = '{id} keeps its entries in a bounded shared area{quote}; when it is full the feature must fall back to the uncached path, not raise an error in every session'
 WHERE lens_id = 'stab_cache_full' AND builtin;
UPDATE roadmap.lens SET why = '{id} shares cached entries between sessions{quote}; an entry that is right in one session can be wrong in two'
 WHERE lens_id = 'test_cache_concurrent' AND builtin;
-- * "results computed a new way": not of a batched existence probe (its
--   answer is whether something changed, not rows); a replay of saved state
--   is asked about what changed since the save, not about NULL keys.
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('probe_only', '^.*?(`[a-z0-9_.]*\b(has|is|exists)_[a-z0-9_]*\(|\bEXISTS\b)', NULL,
 'class: the title''s object is a yes/no probe (`has_…()`, `is_…()`, EXISTS), not rows of a result');
UPDATE roadmap.lens SET unless_kinds = unless_kinds || ARRAY['probe_only']
 WHERE lens_id IN ('test_recompute_parity', 'perf_recompute_gate') AND builtin;
UPDATE roadmap.lens SET unless_kinds = unless_kinds || ARRAY['shortcut']
 WHERE lens_id = 'test_recompute_parity' AND builtin;
INSERT INTO roadmap.lens (lens_id, pillar, feature_kind, trigger, ident_kind, priority, effort, weight, title, why, verify,
                          requires_kinds, risk) VALUES
('test_replay_parity', 'test_coverage', 'recompute', 'always', NULL, 'P1', 'M', 3,
 'Differential test: {subject} after the sources changed',
 '{id} replays saved state instead of computing it{quote}; rows changed between the save and the replay are in neither the saved state nor a fresh capture unless the replay accounts for them, so the result silently misses them',
 'a test saves the state, inserts, updates and deletes source rows, replays it, and after the next refresh the result equals a full recomputation; the same with no change in between',
 ARRAY['shortcut'], 'wrong_answer');
-- * a premise about what a function returns is the item's own: a note
--   elsewhere in the section (another release's row with the same id, a
--   risk paragraph) does not make it return rows (own_text: the kind holds
--   only where the item's title or description states it).
ALTER TABLE roadmap.feature_kind ADD COLUMN own_text boolean NOT NULL DEFAULT false;
COMMENT ON COLUMN roadmap.feature_kind.own_text IS
	'the kind holds only where the item''s own title or description states it, not a note from elsewhere in the release section';
UPDATE roadmap.feature_kind SET own_text = true WHERE kind IN ('query_fn', 'returns_void') AND builtin;
-- * "shows users a feature this release adds": only of an item whose title
--   says it is documentation (a tutorial, guide, worked example), not one
--   whose text mentions a guide in passing (an effort summary's "patterns
--   guide");
UPDATE roadmap.feature_kind SET pattern = '^.*?(\btutorial\b|\bguide\b|worked example)'
 WHERE kind = 'docs' AND builtin;
-- * "an operator whose writes slow down", "no change lost while paused":
--   only of a limit that holds back the users' work (writes, capture,
--   enqueue, refreshes, requests), not a worker that rate-limits its own
--   changes.
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('throttles_work', '\b(paus|throttl|block|reject|refus|delay|slow|stop|suspend|hold)\w*\b[^.;|]{0,40}\b(writes?|inserts?|captur\w*|cdc|enqueue\w*|ingest\w*|refresh\w*|requests?|connections?|queries|dml|trigger writes?)\b|\bback-?pressure\b', NULL,
 'class: the limit holds back the users'' work (pauses writes or capture, throttles enqueue or refreshes, back-pressure), not the feature''s own output');
UPDATE roadmap.lens SET requires_kinds = requires_kinds || ARRAY['throttles_work']
 WHERE lens_id IN ('corr_limit_no_loss', 'perf_limit_cost', 'scal_limit_10x', 'ux_limit_status', 'test_limit_thresholds')
   AND builtin;
-- * a stale cache of one computed value (a sorted schedule) is checked on
--   that value: after each change, the cached value equals one computed
--   from scratch, not "two refreshes in two sessions" of a template cache.
UPDATE roadmap.lens SET requires_kinds = requires_kinds || ARRAY['cache_entries']
 WHERE lens_id = 'corr_cache_stale' AND builtin;
INSERT INTO roadmap.lens (lens_id, pillar, feature_kind, trigger, ident_kind, priority, effort, weight, title, why, verify,
                          unless_kinds, risk) VALUES
('corr_cache_value', 'correctness', 'cache', 'always', NULL, 'P0', 'M', 3,
 '{subject}: the cached result equals a fresh computation after every change',
 '{id} caches one computed result{quote}; a change that misses its invalidation leaves the old result in use, with no error',
 'a test applies random changes to what {id} is computed from (DDL, objects created and dropped) and after each one the cached result equals one computed from scratch',
 ARRAY['cache_entries'], 'wrong_answer');

-- Set-up and tear-down functions (issue 10, lead6) --
-- See docs/proposals.md "Lenses". A function that creates the objects a
-- feature needs (`setup_x()`, `enable_x()`) is called again by deploy
-- scripts and after a half-failed first call; the function that removes them
-- (`teardown_x()`, `disable_x()`) meets objects a user already dropped. The
-- maintainers' own enrichments ask exactly this of such pairs ("setup … is
-- fully idempotent", "teardown … is safe when some … already removed").
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('setup_fn', '`[a-z0-9_.]*\b(setup|enable|install|register|attach|bootstrap|provision)_[a-z0-9_]*\(', 'function',
 'adds a SQL function that creates the objects a feature needs (`setup_x()`, `enable_x()`, `install_x()`)'),
('teardown_fn', '`[a-z0-9_.]*\b(teardown|disable|uninstall|unregister|detach|deprovision)_[a-z0-9_]*\(', 'function',
 'adds a SQL function that removes what a set-up function created (`teardown_x()`, `disable_x()`)'),
('idempotent_stated', '\bidempoten(t|ce|cy)\b|\bif not exists\b|\bno-op\b|\bsafe to (call|run|re-?run) (again|twice|repeatedly)\b', NULL,
 'class: the item already states what a second call does (idempotent, IF NOT EXISTS, a no-op)');
INSERT INTO roadmap.lens (lens_id, pillar, feature_kind, trigger, ident_kind, priority, effort, weight, title, why, verify,
                          unless_kinds, ident_pattern) VALUES
('stab_setup_idempotent', 'stability', 'setup_fn', 'always', 'function', 'P1', 'S', 3,
 '`{ident}` is idempotent: a second call changes nothing',
 '{id} adds `{ident}`, which creates the objects the feature needs{quote}; deploy scripts call it on every run and again after a first call failed half-way, so a second call must neither fail nor create anything twice',
 'a regression test calls `{ident}` three times and the objects it created, and their rows, equal those after one call',
 ARRAY['internal', 'idempotent_stated'], '\b[a-z0-9_.]*(setup|enable|install|register|attach|bootstrap|provision)_[a-z0-9_]*\('),
('stab_teardown_partial', 'stability', 'teardown_fn', 'always', 'function', 'P1', 'S', 2,
 '`{ident}` is safe when some objects are already removed',
 '{id} adds `{ident}`, which removes what the set-up created{quote}; a user may already have dropped one of those objects by hand, and a tear-down that stops at the first missing object leaves the rest behind',
 'a test drops one object the set-up created, then calls `{ident}`: it succeeds, removes the rest, and a second call is a no-op',
 ARRAY['internal', 'idempotent_stated'], '\b[a-z0-9_.]*(teardown|disable|uninstall|unregister|detach|deprovision)_[a-z0-9_]*\('),
('test_setup_cycle', 'test_coverage', 'setup_fn', 'always', 'function', 'P1', 'S', 2,
 'End-to-end test: `{ident}`, use, tear down, nothing left behind',
 '{id} adds `{ident}` and a function that removes what it created{quote}; the pair is only trustworthy when a full cycle on a fresh database leaves the catalog as it was',
 'an end-to-end test runs `{ident}`, uses the feature once, runs the tear-down, and finds no object, row or background process the set-up created',
 ARRAY['internal'], '\b[a-z0-9_.]*(setup|enable|install|register|attach|bootstrap|provision)_[a-z0-9_]*\(');
UPDATE roadmap.lens SET requires_kinds = ARRAY['teardown_fn'] WHERE lens_id = 'test_setup_cycle' AND builtin;

-- Shipped before it was planned; stubs (issue 10, ship10) --
-- A planned item the section itself declares a stub ("Multi-database GUC
-- stub", a setting that "is not yet implemented", a declaration that
-- "reserves the configuration namespace") adds nothing an operator can
-- tune or a user can call yet: no docs or tuning lens asks about it
-- (docs/proposals.md "Shipped before it was planned", stubs).
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('stub', '^[^.\n]*\bstubs?\b|\bnot yet implemented\b|\breserves? the [a-z ]{0,30}namespace\b|\bplaceholder (guc|setting|function|parameter)s?\b', NULL,
 'class: the item declares itself a stub (a name reserved, "not yet implemented"): nothing to document or tune yet');
UPDATE roadmap.lens SET unless_kinds = unless_kinds || ARRAY['stub']
 WHERE lens_id IN ('ux_guc_docs', 'ux_function_docs', 'ux_syntax_docs', 'stab_guc_range', 'stab_guc_reject',
                   'corr_guc_gate_off', 'scal_guc_default', 'perf_function_cost')
   AND builtin AND NOT 'stub' = ANY (unless_kinds);

-- Result paths: parity, subscribers, upgrade (issue 10, core10) ----------------
-- See docs/proposals.md "Results computed a new way". An item whose own
-- sentence says it replaces the path that computes, applies or stores the
-- product's result rows (replaces the MERGE / a full refresh / the snapshot
-- strategy, "instead of MERGE", a new delta path, `UPDATE t SET c = c + Δ`)
-- gets "returns the same rows as a full recomputation"; one that adds a
-- channel subscribers read rows from (a publication, an outbox, a sink) gets
-- "a subscriber ends with the source's rows"; one that changes what existing
-- objects store (auxiliary columns) or switches them to the new path by
-- default gets an upgrade test from the previous release. An item that only
-- decides WHETHER to do work (a change-existence probe, a pre-check) changes
-- no result: class `probe` keeps every result lens off (v0.19.0 PERF-6).
-- P0 (p0_unrated): a replaced result path that is on for existing objects
-- returns wrong rows with no error; an opt-in one (class `opt_in`) is P1.
ALTER TABLE roadmap.lens ADD COLUMN p0_unrated boolean NOT NULL DEFAULT false;
COMMENT ON COLUMN roadmap.lens.p0_unrated IS
	'the lens''s premise is a wrong-rows-with-no-error risk: its P0 also holds for a feature the release does not rate (a rating of P1/P2 still caps it)';
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('result_path', '\breplac(e|es|ed|ing)\b[^.;]{0,60}\b((?-i:MERGE|EXCEPT|FULL)|full[- ](refresh|recomputation|rebuild|rescan)|snapshot strategy|delta (handoff|path|query)|differential path|upsert)\b'
               '|\binstead of (a |the )?((?-i:MERGE|FULL\b|EXCEPT ALL)|full[- ](refresh|recomputation)|delete-old)'
               '|\b(change-buffer |change buffer )?(differential|delta|incremental) path\b|\brun(s|ning)? (\w+ )?differential SQL\b'
               '|\bUPDATE\s+\w+\s+SET\s+(\w+)\s*=\s*\g{-1}\s*[-+]', NULL,
 'changes the path that computes, applies or stores the result rows, in its own words: replaces the MERGE, a full refresh or the snapshot strategy, "instead of MERGE", a new delta / differential path, `UPDATE t SET c = c + Δ`'),
('emits_rows', '(creat|writ|insert|emit|publish|expos|send|deliver)\w*\b[^.;]{0,60}\b(publication|outbox|changefeed|change feed|webhook|sink)(s\b|\b|_)[^.;]{0,120}\b(rows?|changes|events|inserted|deleted|payload|output)\b'
              '|\b(publication|outbox|changefeed|webhook|sink)s? (write|insert|emit|publish)\w*\b', NULL,
 'adds a channel other systems read result rows from: creates a publication, writes an outbox, emits to a sink'),
('aux_columns', '\b(auxiliary|aux|hidden|internal|bookkeeping|shadow) columns?\b[^.;]{0,40}\b(to|on|in) (the |each |every )?(\w+ ){0,2}(tables?|views?|results?)\b'
               '|\badd(s|ed|ing)?\b[^.;]{0,80}\b(auxiliary|aux|hidden|bookkeeping|shadow) columns?\b', NULL,
 'changes what existing result objects store: adds auxiliary columns to them'),
('default_on', '\bdefault:? ?[`''"]?(on|true|enabled)\b|\b(on|enabled) by default\b|\bdefaults? to [`''"]?(on|true|enabled)\b|\bflip\w*\b[^.;]{0,60}\bto [`''"]?(on|true)\b', NULL,
 'class: the new behaviour is on by default, so existing objects switch to it at the upgrade'),
('opt_in', '\bdefault:? ?[`''"]?(off|false|none|0)\b|\bopt[- ]in\b|\bgated? (behind|by)\b|\b(if|when|once) [^.;]{0,30}\b(is |are )?(enabled|set|declared)\b|\bdisabled by default\b', NULL,
 'class: the new behaviour is opt-in or behind a setting (default off, "opt-in", "gate behind", "if … is enabled", "when set")'),
('probe', '\bhas_\w*changes?\b|\bEXISTS\s*\(|\bpre-?check\b|\b(check|detect|decide|test)(s|ing)? whether\b|\bwhether (any|a|the) [^.;]{0,40}\bchanges?\b', NULL,
 'class: the computation only decides WHETHER to do work (a change-existence probe, a pre-check), it computes no result rows');

INSERT INTO roadmap.lens (lens_id, pillar, feature_kind, trigger, ident_kind, priority, effort, weight, title, why, verify, requires_kinds, unless_kinds, p0_unrated) VALUES
('corr_result_parity', 'correctness', 'result_path', 'always', NULL, 'P0', 'M', 3,
 '{item}: same rows as a full recomputation',
 '{id} replaces the path that computes the stored result{quote}, with no setting to opt out; a mistake there returns wrong rows with no error, for every object it serves',
 'a property test runs generated INSERT, UPDATE and DELETE sequences (NULL keys, several changes to one key, deletes that empty a group or a join side) through {id}''s path, and after every refresh the stored rows equal a full recomputation of the same query',
 '{}', ARRAY['opt_in', 'probe', 'recompute', 'evaluation', 'rewrite'], true),
('corr_result_parity_default', 'correctness', 'default_on', 'always', NULL, 'P0', 'M', 3,
 '{item}: same rows as a full recomputation',
 '{id} replaces the path that computes the stored result and is on by default{quote}; a mistake there returns wrong rows with no error, for every existing object after the upgrade',
 'a property test runs generated INSERT, UPDATE and DELETE sequences (NULL keys, several changes to one key, deletes that empty a group or a join side) through {id}''s path, and after every refresh the stored rows equal a full recomputation of the same query',
 ARRAY['result_path'], ARRAY['probe', 'recompute', 'evaluation', 'rewrite'], true),
('corr_result_parity_opt', 'correctness', 'result_path', 'always', NULL, 'P1', 'M', 3,
 '{item}: same rows as a full recomputation',
 '{id} replaces the path that computes the stored result for the objects that opt in{quote}; a mistake there returns wrong rows with no error',
 'a property test runs generated INSERT, UPDATE and DELETE sequences (NULL keys, several changes to one key, deletes that empty a group or a join side) through {id}''s path, and after every refresh the stored rows equal a full recomputation of the same query',
 ARRAY['opt_in'], ARRAY['default_on', 'probe', 'recompute', 'evaluation', 'rewrite'], false),
('test_emit_parity', 'test_coverage', 'emits_rows', 'always', NULL, 'P1', 'M', 3,
 'Subscriber test: {subject} delivers exactly the source''s rows',
 '{id} hands the rows a refresh applies to a channel other systems read{quote}; a full refresh (truncate and reload), a cancelled change or an internal column reaches subscribers as wrong rows, with no error',
 'after inserts, updates, deletes and a full refresh, a subscriber''s copy equals the source''s rows: no internal columns, no duplicates, nothing missing',
 '{}', ARRAY['probe', 'task'], false),
('test_result_upgrade', 'test_coverage', 'aux_columns', 'always', NULL, 'P1', 'S', 3,
 'Upgrade test: {item} on {prev} objects',
 '{id} changes what existing objects store{quote}; objects created by {prev} do not have it, so after ALTER EXTENSION UPDATE each must be migrated or keep its old path, never run the new one on the old shape',
 'a test creates objects and rows with the {prev} build, runs ALTER EXTENSION UPDATE, then applies changes: each object gains what {id} adds or keeps its old path, and its rows equal a full recomputation',
 '{}', ARRAY['probe'], false),
('test_default_upgrade', 'test_coverage', 'default_on', 'always', NULL, 'P1', 'S', 3,
 'Upgrade test: {item} on {prev} objects',
 '{id} is on by default{quote}; after ALTER EXTENSION UPDATE every object created by {prev} switches to the new path with no step by the operator, so objects built for the old path must work on the new one or keep the old',
 'a test creates objects and rows with the {prev} build, runs ALTER EXTENSION UPDATE, then applies changes: each object either runs the new path and its rows equal a full recomputation, or keeps the old path and says so',
 ARRAY['result_path'], ARRAY['probe', 'aux_columns'], false);
-- the failure each asks about (prem10's rule, re_item_priority): wrong rows
-- from the new path or at the subscriber, objects of the previous release
-- that stop working
UPDATE roadmap.lens SET risk = 'wrong_answer'
 WHERE builtin AND lens_id IN ('corr_result_parity', 'corr_result_parity_default', 'corr_result_parity_opt', 'test_emit_parity');
UPDATE roadmap.lens SET risk = 'data_loss'
 WHERE builtin AND lens_id IN ('test_result_upgrade', 'test_default_upgrade');
-- a probe computes no result rows: no parity test or regression gate for it
UPDATE roadmap.lens SET unless_kinds = unless_kinds || ARRAY['probe']
 WHERE lens_id IN ('test_recompute_parity', 'perf_recompute_gate') AND builtin;
-- an exit criterion "correctness verified for … deltas" or "no correctness
-- regressions" is the plan's own parity check
UPDATE roadmap.check_family SET stems = stems || ARRAY['correctness verified', 'no correctness regress']
 WHERE family = 'parity' AND builtin;
-- "an installation that does not opt in sees the old behaviour": not of a
-- setting the item turns on by default ("Gate behind `x` GUC (default `true`)")
UPDATE roadmap.lens SET unless_kinds = unless_kinds || ARRAY['default_on']
 WHERE lens_id = 'corr_guc_gate_off' AND builtin;

-- Scale from the anchor's own premise (issue 10, core10) ---------------------
-- See docs/proposals.md "Scale from the anchor's premise". An item whose own
-- text says it keeps state or does work for each object ("per source table",
-- "for each source", "across all dependent STs", "one targeted MERGE per
-- affected partition", "after each tick … the ST's tier"), or fans work out
-- to a pool of workers, gets "at 10× the <objects>": the count the item
-- states times ten ({scale}), else ten times the largest benchmark's. The
-- (?<obj>…) group names the objects ({objects}). Not of an item that only
-- reads (a function returning one row per object is the function-cost
-- lens's), a task, or a probe.
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('per_object', '(?J)\b((?<!rows )(?<!row )per|for (each|every)|across (all|every)|(of|on|over|to) all|each affected|(?<!returns )(?<!return )(?<!lists )one (\w+ ){1,2}per) (?<obj>((source|stream|target|dependent|child|affected|user|remote|base|downstream|upstream) )?(tables?|STs?|sources?|partitions?|subscribers?|workers?|nodes?|databases?|shards?|slots?|queues?|tenants?|publications?))\b(?! (name|id|oid|column|row)s?\b)'
              '|\b(after|on|at) (each|every) (scheduler )?tick\b[^.;]{0,80}?\b(?<obj>STs?|stream tables?|sources?)\b'
              '|\bdispatch\w* (ready(-to-run)? |pending |due )?(?<obj>STs?|stream tables?|jobs|tasks|refreshes)\b'
              '|\b(?<obj>workers?) pool\b|\bpool of (?<obj>workers)\b|\bdispatch\w*\b[^.;]{0,60}\bto (?<obj>workers)\b'
              '|\b(?<obj>worker)s?( BGWs?| processes| backends)? (pop|take|claim|pull|consume)\w*\b', NULL,
 'keeps state or does work for each object (per source table, for each source, across all dependent tables, one MERGE per affected partition, each tick for each table), or fans work out to a pool of workers: its cost grows with their count');
-- "… regardless of source count" is the plan's own scale check
UPDATE roadmap.check_family SET stems = stems || ARRAY['regardless of']
 WHERE family = 'growth' AND builtin;
INSERT INTO roadmap.lens (lens_id, pillar, feature_kind, trigger, ident_kind, priority, effort, weight, title, why, verify, requires_kinds, unless_kinds) VALUES
('scal_objects_10x', 'scalability', 'per_object', 'always', NULL, 'P1', 'M', 1,
 '{item} at 10× the {objects:objects}',
 '{id} keeps state or does work for each of its {objects:objects}{quote}; that cost grows with every one an installation adds, and nothing in the plan measures it at ten times the count',
 'a benchmark runs {id} with {scale:ten times the count of the largest existing benchmark} and with a tenth of that: time per cycle, memory and rows kept grow at most linearly, and no lock is held across all of them at once',
 '{}', ARRAY['read_only', 'task']);

-- One docs item per release (issue 10, docs10) --
-- docs/proposals.md "One docs item per release". The settings and SQL
-- functions docs lenses are per release: enrich enumerates every setting
-- ("<prefix>.<name>", the prefix the docs' settings use) and SQL function
-- (schema-qualified, or written with a SQL signature) the planned items
-- name, keeps those no docs file mentions and no planned item documents,
-- and writes one item per lens naming all of them (priority: the highest
-- rated item's). The texts read the same for one name and for a list.
UPDATE roadmap.lens SET per_release = true,
       why = 'An operator cannot tune a setting whose default, accepted values and effect are written nowhere',
       verify = '`grep -rn` over docs/ finds the default, accepted values and effect of `{ident}`'
 WHERE lens_id = 'ux_guc_docs' AND builtin;
UPDATE roadmap.lens SET per_release = true,
       why = 'Users find a SQL function that the SQL reference does not list only by reading the code',
       verify = 'the SQL reference shows the signature, an example and the errors of `{ident}`'
 WHERE lens_id = 'ux_function_docs' AND builtin;
-- A docs item another planned deliverable covers: a tutorial or worked
-- example of the feature documents its syntax, so "Document `AS OF
-- TIMESTAMP` syntax with an example" is listed when the release plans
-- "Temporal IVM tutorial + SCD-Type-2 worked example" and a sentence naming
-- `AS OF TIMESTAMP` names "Temporal" (docs/proposals.md "Docs items a
-- planned item lists"). A configuration or SQL reference entry is no
-- tutorial's: those lenses have none.
ALTER TABLE roadmap.lens ADD COLUMN covered_by text;
COMMENT ON COLUMN roadmap.lens.covered_by IS
	'PCRE2 pattern (case-insensitive) over planned items'' bold-lead titles: a matching item whose title words (five letters or more, not the pattern''s) stand in a sentence naming the docs item''s identifier delivers that docs item';
UPDATE roadmap.lens SET covered_by = '\b(tutorials?|worked|examples?|walkthroughs?|cookbooks?|guides?|how-to|setup)\b'
 WHERE lens_id = 'ux_syntax_docs' AND builtin;

-- Cache lenses need an anchor that builds the cache; spikes are tasks (issue 10, cache10)
-- See docs/proposals.md "Premises from the anchor". The cache lenses (stale
-- entry, full area, hit rate, concurrent sessions, bound, cached value) asked
-- production questions of items that only bound, evict, purge, clear or
-- invalidate a cache that predates the release, with a GUC or a callback as
-- "the cache", of a research spike whose deliverable is an RFC, and of an
-- item whose own text names no cache (a note elsewhere in the section did).
-- * cache_built: the item's own title or description creates the store (a
--   creation verb with the cache as its object and no bound/evict/purge/
--   clear/invalidate word and at most five words between them, "Cache
--   the …", or a title that is the cache itself: "Shared-memory plan
--   cache.", also where a table cell's title runs into its detail
--   paragraph without a full stop); the item's detail
--   paragraph counts ("**K4 — Plan cache.** Construct a dshash table …"),
--   an effort total the item's row happens to end with ("~2–3d bulk create
--   + … + ~2–3d cache spike") does not;
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('cache_built',
 '\b(?:implement\w*|adds?|added|adding|build(?:s|ing)?|built|construct\w*|introduc\w*|creat\w*|new|keep(?:s|ing)?|stor(?:e|es|ing)|provid\w*)\s+(?:(?!evict|bound|cap\b|capp|limit|purg|clear|invalidat|flush|expir|ttl|max|size|age\b|clean|prun|trim|reset)[\w`''/-]+\s+){0,5}?cach(?:e|es|ing)\b'
 '|(?:(?:^|[.:;!*|\n]\s*)cach|(?-i:\bCach))(?:e|es)\s+(?:the|a|an|each|every|all|its|compiled|generated|parsed|prepared)\b'
 '|^[\s*]*(?:(?!evict|bound|purg|clear|invalidat|flush|expir|ttl|max|size|age\b|clean|prun|trim|metric|stat|hit|miss)[^\s.;|]+\s+){0,5}cach(?:e|ing)\b\s*(?:\([^)]*\))?\s*(?:[.:*|]|$|(?-i:(?=[A-Z])))',
 NULL,
 'class: the item''s own text builds the cache (implement/add/build … cache, "Cache the …", a title that is the cache), not a bound, eviction, purge or invalidation of one that exists');
UPDATE roadmap.lens SET requires_kinds = requires_kinds || ARRAY['cache_built']
 WHERE feature_kind = 'cache' AND builtin;
-- * a spike, RFC, prototype, feasibility study or investigation is a task
--   (exclusive kind `task`): it ships no product, so no product lens asks
--   about it.
UPDATE roadmap.feature_kind
   SET pattern = pattern || '|^.*?\b(?:(?:research|design|technical|feasibility|investigation)\s+spikes?|spike\s*[:(]|rfcs?(?!\s*\d)|prototyp\w*|feasibility|proof[- ]of[- ]concept|investigat\w*)\b'
 WHERE kind = 'task' AND builtin;

-- What the project's own plans deny (issue 10, lead6) --
-- See docs/proposals.md "A plan that denies the mechanism". Ingest keeps,
-- from every markdown file under a plans/ directory, the prose sentences
-- that deny a mechanism ("You cannot use `X` to handle `Y` …") with two or
-- more code spans; enrich turns a planned item two of whose identifiers
-- such a sentence names into one spike item instead of lens items.
ALTER TABLE roadmap.evidence_text
	ADD COLUMN plan_paths text[] NOT NULL DEFAULT '{}',
	ADD COLUMN plan_sents text[] NOT NULL DEFAULT '{}';
COMMENT ON COLUMN roadmap.evidence_text.plan_sents IS
	'sentences of the plans/ markdown files that deny a mechanism (cannot, impossible, no way to …) and hold two or more code spans; plan_paths[i] is the file of plan_sents[i]';

-- Stated defaults (issue 10, flip7) --
-- See docs/proposals.md "A default the docs state otherwise". A planned item
-- that states a default or current behaviour ("`unlogged` (default, current
-- behaviour)") whose object a docs sentence or an earlier CHANGELOG entry
-- gives another default ("(Default) Change buffers are WAL-logged") gets one
-- reconcile item (lens id reconcile_default): P0 in correctness when the
-- axis carries a risk (durability, crash safety), else P1 in stability.
-- The words naming the states are data: one row per word.
CREATE TABLE roadmap.default_state (
	word        text PRIMARY KEY CHECK (word ~ '^[a-z][a-z0-9_]*$'),
	state       text NOT NULL,
	axis        text NOT NULL,
	risk        text CHECK (risk IN ('wrong_answer', 'data_loss', 'crash')),
	description text NOT NULL,
	builtin     boolean NOT NULL DEFAULT false
);
CREATE TRIGGER user_row BEFORE INSERT OR UPDATE ON roadmap.default_state
	FOR EACH ROW EXECUTE FUNCTION roadmap.user_row_marker('word');
SELECT pg_catalog.pg_extension_config_dump('roadmap.default_state', 'WHERE NOT builtin');
COMMENT ON TABLE roadmap.default_state IS
	'words naming the states a stated default can take (a state of an axis); a planned item stating one state as the default or current behaviour, and a docs or CHANGELOG sentence giving the same object another state of the axis as its default, make a reconcile item (P0 when risk is set)';

INSERT INTO roadmap.default_state (word, state, axis, risk, description) VALUES
('logged', 'logged', 'persistence', 'data_loss', 'a table or buffer written to the WAL: it survives a crash'),
('unlogged', 'unlogged', 'persistence', 'data_loss', 'a table or buffer not written to the WAL: truncated on crash recovery'),
('synchronous', 'sync', 'commit', 'data_loss', 'a commit that waits for its WAL flush (or standby)'),
('sync', 'sync', 'commit', 'data_loss', 'short for synchronous'),
('asynchronous', 'async', 'commit', 'data_loss', 'a commit that returns before its WAL flush: recent commits can be lost in a crash'),
('async', 'async', 'commit', 'data_loss', 'short for asynchronous');

-- Claims the anchor makes about its own statement (issue 10, lens7) --
-- See docs/proposals.md "Claims about the item's own statement". Three
-- things an item says about the SQL it runs that a planner checks with a
-- test or a plan, wherever they appear:
-- * a function that runs EXPLAIN ANALYZE executes what it explains: a test
--   that calling it changes nothing;
-- * a function that does its steps "atomically" / "in a single
--   transaction": a test that makes its last step fail;
-- * a DELETE or UPDATE the item quotes that filters a table the item says grows
--   without bound (`DELETE FROM t WHERE c < …`, "accumulate millions of
--   rows"): an index on the filtered column ({group:tbl:…}, {group:col:…}
--   are the pattern's named groups, src/core/lens.c).
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('explain_analyze', '\bEXPLAIN\s*\(\s*ANALYZE\b|\bEXPLAIN\s+ANALYZE\b', 'function',
 'adds a SQL function that runs EXPLAIN ANALYZE, which executes the statement it explains'),
('atomic_claim', '\b(atomic(ally)?|in (one|a single) transaction|all-or-nothing)\b', 'function',
 'adds a SQL function that says it does its steps atomically (in one transaction, all-or-nothing)'),
('growing_filter', '\b(?:DELETE\s+FROM|UPDATE)\s+(?<tbl>[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)?)\s+(?:[a-z_]+\s+)?WHERE\s+(?<col>[a-z_][a-z0-9_]*)\s*(?:<=?|>=?|=|\bBETWEEN\b|\bIN\b)', NULL,
 'quotes a statement that deletes or updates the rows of a table a column selects (`DELETE FROM t WHERE c < …`)'),
('grows', '\baccumulat\w*\b|\bmillions of rows\b|\bgrows? (without (a )?bound|unbounded(ly)?|indefinitely|forever)\b|\bunbounded growth\b|\bno retention\b', NULL,
 'class: the item says a table grows without bound (accumulates, millions of rows, no retention)');
INSERT INTO roadmap.lens (lens_id, pillar, feature_kind, trigger, ident_kind, priority, effort, weight, title, why, verify, requires_kinds, unless_kinds) VALUES
('test_analyze_readonly', 'test_coverage', 'explain_analyze', 'always', 'function', 'P2', 'S', 3,
 'Side-effect test: `{ident}` with ANALYZE leaves every row unchanged',
 '{id} runs EXPLAIN ANALYZE from `{ident}`{quote}; ANALYZE executes the statement it explains, so a statement that writes is applied, and paid for in full, by a call meant only to inspect it',
 'a test calls `{ident}` with ANALYZE on an object with pending changes and finds the object''s rows, its pending changes and the extension''s catalog rows equal before and after the call',
 '{}', ARRAY['task']),
('test_atomic_failure', 'test_coverage', 'atomic_claim', 'always', 'function', 'P2', 'S', 3,
 'Failure test: `{ident}` undoes all its steps when one fails',
 '{id} says `{ident}` does its steps atomically{quote}; only a test that makes the last step fail shows that the earlier ones are undone',
 'a test makes the last of several steps of `{ident}` fail (invalid input after valid input, or a conflicting lock with `lock_timeout`) and finds every table and catalog row the call touches as it was before the call',
 '{}', ARRAY['task']),
('perf_filter_index', 'performance', 'growing_filter', 'always', NULL, 'P2', 'XS', 3,
 'Index `{group:tbl:the table}({group:col:the filtered column})` for {id}',
 '{id} selects rows of `{group:tbl:a table}` by `{group:col:a column}`{quote} on a table it says keeps growing; without an index on that column each run reads the whole table, and the read grows with it',
 'on a copy of `{group:tbl:the table}` with 1M rows, EXPLAIN of {id}''s statement shows an index scan on `{group:col:the column}`, and its run time stays flat when the table doubles',
 ARRAY['grows'], ARRAY['index', 'task']);

-- A signal, not a throttle (issue 10, lens7) --
-- See docs/proposals.md "Premises from the anchor". "This is a signal rather
-- than a throttle": an item that only alerts when a limit is crossed holds
-- no work back, so the lenses about work held back (no change lost while
-- paused, the cost and rate of engaging, status while held) do not fire.
-- Only the item's word for itself counts: "GUCs emit alerts but do not
-- throttle" says what exists today, before the item adds a throttle.
INSERT INTO roadmap.feature_kind (kind, pattern, ident_kind, description) VALUES
('signal_only', '\b(signal|alert|event|warning|notice|metric|notification)s?\b[^.;]{0,30}\b(rather than|instead of)\b[^.;]{0,15}\b(throttl\w*|paus\w*|block\w*|back-?pressure|rate[- ]limit\w*)'
                 '|\bnot an? (throttle|pause|block|rate[- ]limit(er)?)\b', NULL,
 'class: the item calls itself a signal of a limit (an alert "rather than a throttle", "not a throttle"): it holds no work back');
UPDATE roadmap.lens SET unless_kinds = unless_kinds || ARRAY['signal_only']
 WHERE lens_id IN ('corr_limit_no_loss', 'perf_limit_cost', 'scal_limit_10x', 'ux_limit_status', 'test_limit_thresholds')
   AND builtin;

-- Items that are tests by their title (issue 10, lens7) --
-- See docs/proposals.md "Lenses". A title that is a test ("Test the WAL
-- configuration warning") or names a benchmark or test suite in
-- parentheses ("JOB (Join Order Benchmark)") is a task: no product lens
-- asks about it.
UPDATE roadmap.feature_kind
   SET pattern = pattern || '|^\s*test\s+(?:that|the|a|an|each|every|all|whether|how)\b'
                         || '|.*\b(?:benchmarks?(?: suite)?|tests?(?: suite| corpus)?)\s*\)\s*\.?\s*$'
 WHERE kind = 'task' AND builtin;

-- A default flip is a behaviour change (issue 10, lens7) --
-- See docs/proposals.md "Lenses". "Flip `x` default to `'on'`", "Switch the
-- default of `x` …" change what existing installations do after the upgrade,
-- as "Change … default" does.
UPDATE roadmap.feature_kind
   SET pattern = replace(pattern, '^(rename|change\b[^.]{0,60}\bdefault)\b', '^(rename|(change|flip|switch)\b[^.]{0,60}\bdefault)\b')
 WHERE kind = 'breaking' AND builtin;
