-- roadmap_enrich 0.1.0: catalog, helper functions and the ingest entry point.

\echo Use "CREATE EXTENSION roadmap_enrich" to load this file. \quit

-- Versions ----------------------------------------------------------------

-- Numeric sort key of a release version ('v0.10.0' -> {0,10,0}).
CREATE FUNCTION roadmap.version_key(version text) RETURNS int[]
	AS 'MODULE_PATHNAME', 'roadmap_version_key'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Canonical spelling of a release version ('v0.36.0' -> '0.36.0').
CREATE FUNCTION roadmap.version_norm(version text) RETURNS text
	AS 'MODULE_PATHNAME', 'roadmap_version_norm'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Catalog -------------------------------------------------------------------

CREATE TABLE roadmap.repository (
	repo_id      bigserial PRIMARY KEY,
	path         text NOT NULL UNIQUE,
	ref          text NOT NULL,
	head_commit  text,
	layout       text,
	ingested_at  timestamptz
);

CREATE TABLE roadmap.document (
	repo_id  bigint NOT NULL REFERENCES roadmap.repository ON DELETE CASCADE,
	path     text NOT NULL,
	blob_id  text NOT NULL,
	kind     text NOT NULL CHECK (kind IN ('roadmap','release','changelog','agents','plan','doc')),
	bytes    bigint,
	PRIMARY KEY (repo_id, path)
);

CREATE TABLE roadmap.release (
	repo_id       bigint NOT NULL REFERENCES roadmap.repository ON DELETE CASCADE,
	version       text NOT NULL,
	version_key   int[] NOT NULL,
	title         text,
	status        text NOT NULL CHECK (status IN ('released','planned','in_progress')),
	status_text   text,
	path          text,
	line_start    int,
	line_end      int,
	heading_level int,
	scope         text,
	effort        text,
	summary_path  text,
	summary_line  int,
	PRIMARY KEY (repo_id, version)
);
CREATE INDEX ON roadmap.release (repo_id, version_key);

CREATE TABLE roadmap.item (
	repo_id      bigint NOT NULL REFERENCES roadmap.repository ON DELETE CASCADE,
	version      text NOT NULL,
	item_id      text NOT NULL,
	title        text,
	effort       text,
	priority     text,
	status       text NOT NULL CHECK (status IN ('done','skipped','deferred','open')),
	status_text  text,
	deferred_to  text,
	pillar       text,
	section      text,
	description  text,
	path         text,
	line         int,
	struck       boolean NOT NULL DEFAULT false,
	PRIMARY KEY (repo_id, version, item_id)
);

CREATE TABLE roadmap.changelog_entry (
	repo_id        bigint NOT NULL REFERENCES roadmap.repository ON DELETE CASCADE,
	version        text NOT NULL,
	version_key    int[],              -- NULL for 'unreleased'
	entry_no       int NOT NULL,
	date           text,
	release_title  text,
	section        text,
	text           text NOT NULL,
	item_ids       text[] NOT NULL DEFAULT '{}',
	line           int,
	PRIMARY KEY (repo_id, version, entry_no)
);
CREATE INDEX ON roadmap.changelog_entry (repo_id, version_key);

CREATE TABLE roadmap.constraint_rule (
	repo_id  bigint NOT NULL REFERENCES roadmap.repository ON DELETE CASCADE,
	rule_no  int NOT NULL,
	kind     text NOT NULL CHECK (kind IN ('never','must','always')),
	section  text,
	text     text NOT NULL,
	line     int,
	PRIMARY KEY (repo_id, rule_no)
);

CREATE TABLE roadmap.plan_item (
	repo_id  bigint NOT NULL REFERENCES roadmap.repository ON DELETE CASCADE,
	version  text NOT NULL,
	path     text NOT NULL,
	line     int NOT NULL,
	item_id  text,
	status   text NOT NULL CHECK (status IN ('done','skipped','deferred','open')),
	text     text,
	PRIMARY KEY (repo_id, path, line)
);

CREATE TABLE roadmap.run (
	run_id       bigserial PRIMARY KEY,
	repo_id      bigint REFERENCES roadmap.repository ON DELETE SET NULL,
	kind         text NOT NULL,
	version      text,
	commit       text,
	started_at   timestamptz NOT NULL,
	finished_at  timestamptz,
	outcome      text NOT NULL CHECK (outcome IN ('success','noop','error')),
	counts       jsonb,
	error        text
);

-- Latest runs first.
CREATE VIEW roadmap.recent_runs AS
	SELECT r.run_id, r.kind, p.path AS repo, r.version, r.commit, r.outcome,
	       r.finished_at - r.started_at AS duration, r.counts, r.error, r.started_at
	  FROM roadmap.run r LEFT JOIN roadmap.repository p USING (repo_id)
	 ORDER BY r.run_id DESC;

-- Entry points ----------------------------------------------------------

-- Read a repository's roadmap files at ref into the catalog; returns repo_id.
CREATE FUNCTION roadmap.ingest(repo text, ref text DEFAULT 'HEAD') RETURNS bigint
	AS 'MODULE_PATHNAME', 'roadmap_ingest'
	LANGUAGE C VOLATILE STRICT;

REVOKE ALL ON FUNCTION roadmap.ingest(text, text) FROM PUBLIC;

-- Pillars and focus areas (shipped as data; users may edit or add rows) --

CREATE TABLE roadmap.pillar (
	pillar    text PRIMARY KEY,
	ord       int NOT NULL UNIQUE,
	name      text NOT NULL,          -- heading used in release files
	prefix    text NOT NULL UNIQUE,   -- item id prefix
	question  text NOT NULL
);

INSERT INTO roadmap.pillar VALUES
 ('correctness',   1, 'Correctness',   'CORR', 'Could a user silently get the wrong answer from their stream table?'),
 ('stability',     2, 'Stability',     'STAB', 'Could this crash, corrupt, or leave the system in a broken state?'),
 ('performance',   3, 'Performance',   'PERF', 'Are we leaving measurable performance on the table?'),
 ('scalability',   4, 'Scalability',   'SCAL', 'Does this hold up at 10× the current scale?'),
 ('ease_of_use',   5, 'Ease of Use',   'UX',   'Can a new user be productive in under 30 minutes?'),
 ('test_coverage', 6, 'Test Coverage', 'TEST', 'What scenario could regress silently because no test covers it?');

-- A focus area's match expression anchored at word starts ('cte' must not match 'affected').
CREATE FUNCTION roadmap.focus_pattern(match text) RETURNS text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN '\m(?:' || match || ')';

-- One row per focus area of the skill. "match" is a case-insensitive regular
-- expression tried on changelog entries, item titles/descriptions and plan
-- items; "title", "rationale" and "verify" are the proposal templates
-- ({hits}, {file}, {files}, {probe}, {command} come from probe evidence).
CREATE TABLE roadmap.focus_area (
	focus_id       text PRIMARY KEY,
	pillar         text NOT NULL REFERENCES roadmap.pillar,
	ord            int NOT NULL,
	name           text NOT NULL,
	match          text NOT NULL,
	effort         text NOT NULL CHECK (effort IN ('XS','S','M','L','XL')),
	schema_change  boolean NOT NULL DEFAULT false,
	engine_core    boolean NOT NULL DEFAULT false,
	title          text NOT NULL,
	rationale      text NOT NULL,
	verify         text NOT NULL,
	UNIQUE (pillar, ord)
);

INSERT INTO roadmap.focus_area (focus_id, pillar, ord, name, match, effort, schema_change, engine_core, title, rationale, verify) VALUES
-- Correctness
('corr_diff_refresh', 'correctness', 1, 'Differential refresh producing wrong results',
 'differential refresh|wrong result|incorrect result|phantom|divergen|full.refresh parity|mismatch', 'M', false, true,
 'Add differential-vs-full parity checks for refresh paths',
 'differential refresh must match a full recomputation for every supported query shape',
 'a parity test comparing DIFFERENTIAL and FULL results on randomized DML passes with zero differing rows'),
('corr_weight_count', 'correctness', 2, 'Delta weight / __pgt_count accounting errors',
 '__pgt_count|delta weight|weight accounting|z-set|multiplicit|row count drift', 'M', false, true,
 'Audit delta weight and __pgt_count accounting invariants',
 'a wrong delta weight silently leaves stale or duplicated rows',
 'a property test asserting __pgt_count equals the true multiplicity after every cycle passes'),
('corr_null_agg', 'correctness', 3, 'NULL edge cases in PK joins and aggregate algebraic invariants (SUM/COUNT sign, Welford aux columns)',
 'null.{0,20}(join|key|pk)|welford|sum.{0,10}sign|count.{0,10}sign|algebraic|aggregate invariant|stddev|variance', 'M', false, true,
 'Cover NULL join keys and aggregate sign invariants',
 'NULL keys and algebraic aggregates are where incremental maintenance most often drifts from the truth',
 'tests with NULL join keys and SUM/COUNT/Welford deltas under deletes match a full refresh'),
('corr_pk_collision', 'correctness', 4, 'PK collision under concurrent DML',
 'collision|concurrent dml|duplicate key|row.id|__pgt_row_id|content.hash', 'M', false, true,
 'Prove row-id uniqueness under concurrent DML',
 'row-id collisions under concurrent writers attribute changes to the wrong row',
 'a concurrent-writer test shows no duplicate __pgt_row_id and matches a full refresh'),
('corr_groupby_delete', 'correctness', 5, 'GROUP BY / DISTINCT / HAVING correctness under deletes',
 'group by|distinct|having', 'M', false, true,
 'Verify GROUP BY, DISTINCT and HAVING under deletes',
 'groups that shrink to zero rows or cross a HAVING threshold are classic incremental bugs',
 'delete-heavy tests over GROUP BY/DISTINCT/HAVING views match a full refresh'),
('corr_cdc_ordering', 'correctness', 6, 'CDC ordering guarantees (TRUNCATE + INSERT, UPDATE old/new)',
 'cdc.{0,20}order|truncate|old/new|update old|lsn order|ordering', 'S', false, false,
 'Guarantee CDC ordering for TRUNCATE and UPDATE pairs',
 'out-of-order change capture replays TRUNCATE or UPDATE old/new pairs wrongly',
 'a test interleaving TRUNCATE, INSERT and UPDATE in one transaction yields the correct stream table'),
('corr_recursive_lateral', 'correctness', 7, 'Recursive CTEs and LATERAL subquery scoping',
 'recursive|lateral|cte', 'L', false, true,
 'Harden recursive CTE and LATERAL scoping in the DVM',
 'recursive CTEs and LATERAL references are scoped differently from plain joins',
 'recursive CTE and LATERAL test queries produce the same rows as a full refresh'),
('corr_sqlancer', 'correctness', 8, 'Any issues surfaced by SQLancer fuzzing',
 'sqlancer|fuzz.{0,20}(finding|issue|bug)|differential fuzz', 'M', false, false,
 'Triage and fix open SQLancer findings',
 'SQLancer finds wrong-result bugs that hand-written tests miss',
 'every SQLancer finding has a regression test and the nightly run is clean'),
-- Stability
('stab_unwrap', 'stability', 1, 'unwrap() / panic!() elimination in SQL-reachable paths',
 'unwrap|panic|expect\(', 'S', false, false,
 'Eliminate unwrap() and panic! from SQL-reachable code',
 'a panic in SQL-reachable code aborts the backend instead of raising a clean error',
 'the unwrap/panic probe count outside test modules is zero'),
('stab_worker_recovery', 'stability', 2, 'Parallel worker crash recovery (orphaned transactions, leftover change buffer rows, advisory locks)',
 'orphan|crash recovery|worker crash|leftover|advisory lock|stale lock|unreachable worker|pause refresh', 'M', false, false,
 'Recover cleanly from parallel worker crashes',
 'a crashed worker can leave orphaned transactions, change-buffer rows and advisory locks behind',
 'a test that kills a worker mid-refresh shows no leftover rows or locks after recovery'),
('stab_sigterm', 'stability', 3, 'Background worker SIGTERM handling',
 'sigterm|shutdown|signal handling|graceful stop', 'S', false, false,
 'Handle SIGTERM promptly in every background worker',
 'a worker that ignores SIGTERM blocks shutdown and failover',
 'pg_ctl stop -m fast completes within the timeout with workers busy'),
('stab_wal_slot', 'stability', 4, 'WAL decoder slot lag and slot invalidation',
 'slot (lag|invalidat|missing|loss)|replication slot|wal decoder|wal recycled|wal_status|max_slot_wal_keep', 'M', false, false,
 'Detect and recover from WAL slot lag and invalidation',
 'an invalidated or lagging slot silently stops change capture or fills the disk',
 'a test that invalidates the slot shows a clear error and an automatic fallback'),
('stab_spi_errors', 'stability', 5, 'SPI error propagation and SQLSTATE classification',
 'spi error|sqlstate|error classif|error propagation', 'S', false, false,
 'Classify SPI errors by SQLSTATE end to end',
 'matching English error text breaks across PostgreSQL versions and locales',
 'tests assert the SQLSTATE of each propagated SPI error'),
('stab_upgrade', 'stability', 6, 'Extension upgrade migration safety (catalog drift, column additions)',
 'upgrade|migration|catalog drift|alter extension', 'M', true, false,
 'Guard extension upgrades against catalog drift',
 'an upgrade script that drifts from a fresh install leaves catalogs inconsistent',
 'an upgrade-path test compares the upgraded catalog with a fresh install and finds no difference'),
('stab_error_quality', 'stability', 7, 'Error message quality and actionability',
 'error message|errhint|hint|actionable', 'S', false, false,
 'Make every user-facing error name its object and fix',
 'errors without the object and a remedy turn incidents into support tickets',
 'a review of raised errors shows each has a SQLSTATE, the object name and a hint'),
-- Performance
('perf_throughput', 'performance', 1, 'Differential refresh throughput and latency (P50/P99)',
 'throughput|latency|p50|p99|refresh time', 'M', false, false,
 'Measure and cut differential refresh P99 latency',
 'refresh latency is the headline number users compare',
 'the benchmark reports P50/P99 before and after, with P99 lower'),
('perf_cost_model', 'performance', 2, 'Cost-model accuracy for FULL vs. DIFFERENTIAL strategy selection',
 'cost model|cost-based|strategy selection|full vs|auto mode', 'M', false, false,
 'Calibrate the FULL vs DIFFERENTIAL cost model',
 'a miscalibrated cost model picks the slower strategy',
 'a benchmark grid shows the chosen strategy is the faster one in each cell'),
('perf_branch_pruning', 'performance', 3, 'Delta branch pruning for zero-change sources',
 'prun|zero.change|no.change source|skip unchanged', 'S', false, true,
 'Prune delta branches for sources without changes',
 'joining empty deltas still costs planning and execution time',
 'EXPLAIN of a multi-source refresh with one changed source shows the other branches pruned'),
('perf_index_merge', 'performance', 4, 'Index-aware MERGE planning (covering index, seqscan disable)',
 'merge plan|covering index|seqscan|index.aware|merge strategy', 'S', false, false,
 'Make MERGE planning use covering indexes',
 'MERGE falls back to sequential scans on large stream tables',
 'EXPLAIN of the MERGE shows an index scan on a 10M-row stream table'),
('perf_changed_cols', 'performance', 5, 'changed_cols bitmask short-circuiting for unchanged projections',
 'changed_cols|bitmask|unchanged column|projection', 'S', false, true,
 'Short-circuit refresh on unchanged projected columns',
 'updates to columns the view does not project still trigger work',
 'a benchmark of non-projected updates shows no delta rows generated'),
('perf_buffer_compaction', 'performance', 6, 'Change buffer compaction efficiency',
 'compaction|change buffer|buffer size', 'S', false, false,
 'Speed up change buffer compaction',
 'slow compaction lets change buffers grow between refreshes',
 'a compaction benchmark shows lower time per 1M buffered changes'),
('perf_scheduling_overhead', 'performance', 7, 'Scheduling overhead under high table counts',
 'schedul.{0,20}overhead|dispatch|per.tick|tick (overhead|latency)|o\(n', 'S', false, false,
 'Cut scheduler overhead per tick at high table counts',
 'per-tick overhead grows with the number of stream tables',
 'a 1,000-table benchmark reports scheduler CPU per tick'),
('perf_bench_gate', 'performance', 8, 'Benchmark regression prevention (Criterion baseline gate)',
 'criterion|benchmark.{0,20}(gate|regression|baseline)|bench ci', 'S', false, false,
 'Gate pull requests on a Criterion baseline',
 'performance regressions land unnoticed without a baseline gate',
 'CI fails a pull request that regresses a benchmark beyond the threshold'),
-- Scalability
('scal_dag_rebuild', 'scalability', 1, 'High-table-count DAG rebuild time',
 'dag rebuild|dependency graph|dag|thousands of stream tables', 'M', false, false,
 'Make DAG rebuild incremental at thousands of tables',
 'rebuilding the dependency graph from scratch grows superlinearly',
 'a 10,000-table benchmark reports DAG rebuild time under the target'),
('scal_parallel_workers', 'scalability', 2, 'Parallel refresh worker utilisation',
 'parallel refresh|worker pool|worker utili|parallel worker', 'M', false, false,
 'Raise parallel refresh worker utilisation',
 'idle workers while refreshes queue waste capacity',
 'a benchmark shows worker utilisation above the target with a full queue'),
('scal_partitioned', 'scalability', 3, 'Partitioned stream table throughput',
 'partition', 'M', false, false,
 'Scale refresh throughput for partitioned stream tables',
 'partitioned stream tables pay per-partition overhead on every refresh',
 'a benchmark over 100 partitions reports throughput per partition'),
('scal_fairness', 'scalability', 4, 'Multi-tenant scheduling fairness',
 'fairness|multi.tenant|starvation|tier', 'M', false, false,
 'Prevent refresh starvation across tenants',
 'one busy tenant can starve the refreshes of others',
 'a two-tenant load test shows bounded refresh delay for the quiet tenant'),
('scal_buffer_growth', 'scalability', 5, 'Change buffer growth under write-heavy workloads',
 'buffer growth|backpressure|write.heavy|unlogged', 'M', false, false,
 'Bound change buffer growth under write-heavy load',
 'change buffers that grow without bound fill disks under write bursts',
 'a write-burst test shows buffer size bounded and refresh catching up'),
('scal_memory_delta', 'scalability', 6, 'Memory usage under large delta sets',
 'memory|work_mem|spill|large delta', 'M', false, false,
 'Bound memory use for very large delta sets',
 'large deltas can exhaust work_mem and the backend',
 'a 10M-row delta refresh stays within the configured memory budget'),
('scal_cloud_native', 'scalability', 7, 'CNPG / cloud-native operational patterns',
 'cnpg|cloudnativepg|kubernetes|operator|helm|cloud', 'S', false, false,
 'Document and test CloudNativePG operational patterns',
 'cloud-native deployments fail over and scale in ways a single server does not',
 'a CloudNativePG failover test resumes refreshes without manual steps'),
-- Ease of use
('ux_api_ergonomics', 'ease_of_use', 1, 'SQL API ergonomics (function naming, defaults, return types)',
 'api ergonomic|default|return type|naming|bulk|convenience', 'S', false, false,
 'Polish SQL API names, defaults and return types',
 'inconsistent names and defaults slow down every new user',
 'an API review checklist passes for every public function'),
('ux_error_actionability', 'ease_of_use', 2, 'Error message actionability (include table name, query fragment, remediation hint)',
 'error message|remediation|hint|actionab', 'S', false, false,
 'Add table names and remediation hints to errors',
 'errors that omit the table and the fix cost users time',
 'each user-facing error in the reference includes the object and a hint'),
('ux_docs_gaps', 'ease_of_use', 3, 'Documentation gaps (GETTING_STARTED, TROUBLESHOOTING, CONFIGURATION)',
 'getting.started|troubleshoot|configuration\.md|documentation|docs', 'S', false, false,
 'Close reference documentation gaps',
 'undocumented settings and functions force users to read the source',
 'the documentation probes report zero undocumented GUCs and SQL functions'),
('ux_migration_guides', 'ease_of_use', 4, 'Migration guides (pg_ivm, native materialized views)',
 'migration guide|pg_ivm|materialized view', 'S', false, false,
 'Write migration guides from pg_ivm and materialized views',
 'users arrive from pg_ivm and materialized views and need a path',
 'each guide is followed end to end in a tested example'),
('ux_runbooks', 'ease_of_use', 5, 'Runbook coverage for each known failure mode',
 'runbook|failure mode|incident', 'S', false, false,
 'Add runbooks for every known failure mode',
 'operators need a documented response for each failure the system can report',
 'every error code in the troubleshooting guide links to a runbook'),
('ux_playground', 'ease_of_use', 6, 'Playground / quickstart Docker experience',
 'playground|quickstart|docker', 'S', false, false,
 'Make the quickstart playground run in one command',
 'the first 30 minutes decide whether a user stays',
 'a fresh machine reaches a refreshed stream table with one documented command'),
('ux_tui', 'ease_of_use', 7, 'TUI quality and completeness',
 'tui|dashboard|terminal ui', 'M', false, false,
 'Bring the TUI to feature parity with the SQL views',
 'operators use the TUI when SQL views are too slow to read',
 'every monitoring view has a TUI panel covered by a snapshot test'),
('ux_dbt', 'ease_of_use', 8, 'dbt macro coverage and documentation',
 'dbt', 'S', false, false,
 'Extend dbt macro coverage and document it',
 'users of dbt expect every stream-table option as a model config',
 'each create_stream_table option is reachable from a dbt model config in a tested example'),
('ux_observability', 'ease_of_use', 9, 'Observability (Prometheus metrics, Grafana dashboards)',
 'prometheus|grafana|metric|observab|opentelemetry', 'S', false, false,
 'Expose missing metrics and dashboard panels',
 'operators cannot alert on what is not exported',
 'each documented metric is scraped in a test and shown on the dashboard'),
('ux_packaging', 'ease_of_use', 10, 'pgxn / GHCR packaging and install verification',
 'pgxn|ghcr|packag|apt|rpm|install verif', 'S', false, false,
 'Verify installs from every published package',
 'a broken package is the first thing a new user sees',
 'CI installs each published package on a clean image and runs the smoke test'),
-- Test coverage
('test_unit_from_e2e', 'test_coverage', 1, 'Logic currently tested only via E2E that could be unit-tested',
 'unit test|unit-test|e2e only|pure logic', 'M', false, false,
 'Add unit tests to modules covered only end to end',
 'logic tested only through E2E tests is slow to test and easy to regress',
 'the untested-module probe count drops to zero'),
('test_fuzz_gaps', 'test_coverage', 2, 'Property-based / SQLancer fuzzing gaps',
 'proptest|property.based|property test|fuzz|sqlancer', 'M', false, false,
 'Add property and fuzz targets for untested operators',
 'operators without property tests regress silently',
 'new fuzz targets run in CI for a fixed budget with no open findings'),
('test_tpch', 'test_coverage', 3, 'TPC-H query coverage (22 queries, all SF levels)',
 'tpc-h|tpch', 'M', false, false,
 'Cover all 22 TPC-H queries at every scale factor',
 'TPC-H exercises join and aggregate shapes user workloads share',
 'the TPC-H suite runs 22/22 queries at each scale factor in CI'),
('test_upgrade', 'test_coverage', 4, 'Upgrade migration tests (column drift, constraint additions)',
 'upgrade test|migration test|upgrade.path|test-upgrade', 'S', false, false,
 'Test every upgrade path against a fresh install',
 'upgrade scripts drift from fresh installs without a test',
 'an upgrade test from each supported version compares catalogs with a fresh install'),
('test_bench_gate', 'test_coverage', 5, 'Benchmark regression gates (Criterion baseline on every PR)',
 'criterion|bench.{0,20}(gate|baseline|every pr)', 'S', false, false,
 'Run benchmark baselines on every pull request',
 'without a gate, slowdowns are found by users',
 'a pull request that slows a benchmark beyond the threshold fails CI'),
('test_cdc_edge', 'test_coverage', 6, 'CDC edge cases: NULL PKs, composite PKs, generated columns, domain types, arrays',
 'composite (pk|primary key)|generated column|domain type|array|null pk|cdc edge', 'M', false, false,
 'Cover CDC edge cases for composite keys and special types',
 'NULL and composite keys, generated columns, domains and arrays take separate CDC paths',
 'an E2E matrix over these column kinds matches a full refresh'),
('test_dbt', 'test_coverage', 7, 'dbt integration test breadth',
 'dbt', 'S', false, false,
 'Broaden dbt integration tests',
 'dbt macros break when their SQL drifts from the extension',
 'the dbt test project covers every macro and runs in CI'),
('test_light_e2e', 'test_coverage', 8, 'Light E2E eligibility (move tests off full E2E image where possible)',
 'light e2e|e2e image|testcontainers|fixed sleep|sleep', 'S', false, false,
 'Move eligible tests to the light E2E tier',
 'tests on the full E2E image are slow, so they run less often',
 'the fixed-sleep probe count in tests is zero and eligible tests run in the light tier');

-- Probes: code evidence over the commit's tree ---------------------------

CREATE TABLE roadmap.probe (
	probe_id        text PRIMARY KEY,
	focus_id        text NOT NULL REFERENCES roadmap.focus_area,
	description     text NOT NULL,
	path_glob       text NOT NULL,          -- '**/' spans directories
	pattern         text NOT NULL,          -- PCRE2, multiline
	exclude_from    text,                   -- matches from the first line matching this to EOF do not count
	context_absent  text,                   -- a match counts only if no line of the context_lines above matches this
	context_lines   int NOT NULL DEFAULT 3,
	mode            text NOT NULL DEFAULT 'count' CHECK (mode IN ('count','files_without','missing_in_doc')),
	doc_path        text,                   -- missing_in_doc: the document names must appear in
	title           text NOT NULL,          -- proposal title template when this probe is the evidence
	rationale       text,                   -- why the count matters (else the focus area's)
	verify_command  text NOT NULL,          -- shell command a maintainer runs to see the same count
	enabled         boolean NOT NULL DEFAULT true
);

INSERT INTO roadmap.probe (probe_id, focus_id, description, path_glob, pattern, exclude_from, context_absent, context_lines, mode, doc_path, title, verify_command) VALUES
('unwrap_outside_tests', 'stab_unwrap', 'unwrap()/expect()/panic! outside #[cfg(test)] modules',
 'src/**/*.rs', '\.unwrap\(\)|\.expect\(|panic!\(', '^\s*#\[cfg\(test\)\]', NULL, 3, 'count', NULL,
 'Remove {hits} unwrap/expect/panic {n:call|calls} from {file}',
 $$for f in $(git ls-files 'src/*.rs'); do awk '/^[[:space:]]*#\[cfg\(test\)\]/{exit} {n+=gsub(/\.unwrap\(\)|\.expect\(|panic!\(/,"")} END{if(n)print FILENAME": "n}' "$f"; done$$),
('unsafe_without_safety', 'stab_worker_recovery', 'unsafe blocks with no // SAFETY: comment in the 3 lines above',
 'src/**/*.rs', 'unsafe\s*\{', '^\s*#\[cfg\(test\)\]', '//\s*SAFETY:', 3, 'count', NULL,
 'Document {hits} unsafe {n:block|blocks} lacking SAFETY comments in {file}',
 $$for f in $(git ls-files 'src/*.rs'); do awk '/^[[:space:]]*#\[cfg\(test\)\]/{exit} /unsafe[[:space:]]*\{/ && (p1 p2 p3) !~ /\/\/[[:space:]]*SAFETY:/ {print FILENAME":"NR": "$0} {p3=p2; p2=p1; p1=$0}' "$f"; done$$),
('untested_modules', 'test_unit_from_e2e', 'source modules with no #[cfg(test)] / #[test] / #[pg_test]',
 'src/**/*.rs', '#\[cfg\(test\)\]|#\[test\]|#\[pg_test\]', NULL, NULL, 3, 'files_without', NULL,
 'Add unit tests to {hits} untested {n:module|modules} such as {file}',
 $$git grep -L -E '#\[(cfg\(test\)|test|pg_test)\]' -- 'src/*.rs'$$),
('fixed_sleeps_in_tests', 'test_light_e2e', 'fixed sleeps in tests (thread::sleep, tokio sleep, pg_sleep)',
 'tests/**/*.rs', 'thread::sleep|tokio::time::sleep|pg_sleep\(', NULL, NULL, 3, 'count', NULL,
 'Replace {hits} fixed {n:sleep|sleeps} in {file} with readiness polling',
 $$git grep -n -E 'thread::sleep|tokio::time::sleep|pg_sleep\(' -- 'tests/*.rs'$$),
('gucs_missing_from_docs', 'ux_docs_gaps', 'GUCs defined in code but absent from docs/CONFIGURATION.md',
 'src/**/*.rs', 'define_\w*guc\w*\s*\(\s*c?"([a-z_][a-z0-9_]*\.[a-z0-9_]+)"', NULL, NULL, 3, 'missing_in_doc', 'docs/CONFIGURATION.md',
 'Document {hits} {n:GUC|GUCs} missing from CONFIGURATION.md',
 $$git grep -h -o -E 'define_[a-z_]*guc[a-z_]*\(\s*c?"[a-z_]+\.[a-z0-9_]+"' -- 'src/*.rs' | grep -o -E '"[^"]+"' | tr -d '"' | while read g; do grep -q "$g" docs/CONFIGURATION.md || echo "$g"; done$$),
('sql_functions_missing_from_docs', 'ux_docs_gaps', 'SQL functions (#[pg_extern]) absent from docs/SQL_REFERENCE.md',
 'src/**/*.rs', '#\[pg_extern[^\]]*\]\s*(?:pub\s+)?fn\s+([a-z_][a-z0-9_]*)', NULL, NULL, 3, 'missing_in_doc', 'docs/SQL_REFERENCE.md',
 'Document {hits} SQL {n:function|functions} missing from SQL_REFERENCE.md',
 $$git grep -h -A1 '#\[pg_extern' -- 'src/*.rs' | grep -o -E 'fn [a-z_0-9]+' | cut -c4- | while read f; do grep -q "$f" docs/SQL_REFERENCE.md || echo "$f"; done$$),
('todo_fixme', 'corr_diff_refresh', 'TODO / FIXME / XXX markers in source',
 'src/**/*.rs', '\b(TODO|FIXME|XXX)\b', NULL, NULL, 3, 'count', NULL,
 'Resolve {hits} TODO/FIXME {n:marker|markers} in {file}',
 $$git grep -n -E '\b(TODO|FIXME|XXX)\b' -- 'src/*.rs'$$);

CREATE TABLE roadmap.probe_hit (
	repo_id     bigint NOT NULL REFERENCES roadmap.repository ON DELETE CASCADE,
	probe_id    text NOT NULL,
	path        text NOT NULL,
	hits        int NOT NULL,
	first_line  int,
	detail      text,
	PRIMARY KEY (repo_id, probe_id, path)
);

UPDATE roadmap.probe SET rationale = CASE probe_id
	WHEN 'unwrap_outside_tests' THEN 'a panic in SQL-reachable code aborts the backend instead of raising a clean error'
	WHEN 'unsafe_without_safety' THEN 'an unsafe block without a stated invariant is where memory corruption hides'
	WHEN 'untested_modules' THEN 'a module without unit tests regresses silently'
	WHEN 'fixed_sleeps_in_tests' THEN 'fixed sleeps make tests slow and flaky under load'
	WHEN 'gucs_missing_from_docs' THEN 'a setting that is not documented cannot be tuned safely'
	WHEN 'sql_functions_missing_from_docs' THEN 'a function that is not documented is invisible to users'
	WHEN 'todo_fixme' THEN 'open TODO/FIXME markers in engine code mark known gaps' END;

-- Probe results with the focus area they are evidence for.
CREATE VIEW roadmap.evidence AS
	SELECT h.repo_id, h.probe_id AS probe, p.focus_id, f.pillar, h.path, h.hits, h.first_line,
	       h.detail, p.description, p.verify_command
	  FROM roadmap.probe_hit h
	  JOIN roadmap.probe p USING (probe_id)
	  JOIN roadmap.focus_area f USING (focus_id);

-- Deferred items and carry-over --------------------------------------------

-- Fraction of a's significant words found in b (0..1); see docs/scoring.md.
CREATE FUNCTION roadmap.word_overlap(a text, b text) RETURNS float8
	AS 'MODULE_PATHNAME', 'roadmap_word_overlap'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Current value of roadmap_enrich.shipped_window.
CREATE FUNCTION roadmap.shipped_window() RETURNS int
	AS 'MODULE_PATHNAME', 'roadmap_shipped_window'
	LANGUAGE C STABLE PARALLEL SAFE;

-- Items a released version left skipped, deferred or explicitly not started,
-- that no later release lists as done and no later changelog entry ships.
-- Computed in C at ingest (re_model_deferred; the rule is in docs/scoring.md).
CREATE TABLE roadmap.deferred (
	repo_id      bigint NOT NULL,
	version      text NOT NULL,
	item_id      text NOT NULL,
	PRIMARY KEY (repo_id, version, item_id),
	FOREIGN KEY (repo_id, version, item_id) REFERENCES roadmap.item ON DELETE CASCADE
);

-- Filled by the history walk at ingest: where each open item was first seen open.
CREATE TABLE roadmap.item_history (
	repo_id             bigint NOT NULL REFERENCES roadmap.repository ON DELETE CASCADE,
	version             text NOT NULL,
	item_id             text NOT NULL,
	first_seen_commit   text NOT NULL,
	first_seen_at       timestamptz,
	first_seen_release  text,          -- newest CHANGELOG version at that commit
	path                text,
	commits_open        int NOT NULL,  -- first-parent commits it has stayed open
	PRIMARY KEY (repo_id, version, item_id)
);

CREATE VIEW roadmap.deferred_items AS
	SELECT d.repo_id, d.version, d.item_id, i.title, i.status, i.status_text, i.deferred_to,
	       s.first_seen_version,
	       (SELECT count(*) FROM roadmap.release r
	         WHERE r.repo_id = d.repo_id AND r.status = 'released'
	           AND r.version_key > roadmap.version_key(s.first_seen_version))::int AS carried_releases,
	       CASE WHEN h.repo_id IS NULL THEN 'catalog' ELSE 'history' END AS carried_source,
	       h.first_seen_commit, h.first_seen_at, h.commits_open,
	       i.pillar, i.effort, i.priority, i.path, i.line, i.description, rl.version_key
	  FROM roadmap.deferred d
	  JOIN roadmap.item i USING (repo_id, version, item_id)
	  JOIN roadmap.release rl USING (repo_id, version)
	  LEFT JOIN roadmap.item_history h USING (repo_id, version, item_id)
	  -- open since the earlier of: its own release, the release current when history first shows it open
	  CROSS JOIN LATERAL (
	       SELECT CASE WHEN h.first_seen_release IS NOT NULL
	                    AND roadmap.version_key(h.first_seen_release) < rl.version_key
	                   THEN h.first_seen_release ELSE d.version END AS first_seen_version) s;

-- Gap scoring ----------------------------------------------------------------

-- One row per (unreleased target release, focus area) with every signal and
-- every term of the score in its own column; the formula is in docs/scoring.md.
CREATE VIEW roadmap.focus_gaps AS
WITH t AS NOT MATERIALIZED (
	SELECT repo_id, version, version_key,
	       (SELECT min(w.version_key) FROM (
	            SELECT DISTINCT c.version_key FROM roadmap.changelog_entry c
	             WHERE c.repo_id = r.repo_id AND c.version_key < r.version_key
	             ORDER BY c.version_key DESC LIMIT roadmap.shipped_window()) w) AS window_start
	  FROM roadmap.release r WHERE status <> 'released'
), sig AS (
	SELECT t.repo_id, t.version, t.version_key, f.pillar, f.focus_id, f.name AS focus_area,
	       cl.shipped_recent, cl.last_key,
	  (SELECT count(*) FROM roadmap.item i
	    WHERE i.repo_id = t.repo_id AND i.version = t.version
	      AND (coalesce(i.title, '') || ' ' || coalesce(i.description, '')) ~* roadmap.focus_pattern(f.match))::int AS planned_in_target,
	  df.deferred_open, df.max_carried,
	  (SELECT count(*) FROM roadmap.plan_item p
	    WHERE p.repo_id = t.repo_id AND p.version = t.version AND p.status = 'open' AND p.text ~* roadmap.focus_pattern(f.match))::int AS plan_open,
	  (SELECT coalesce(sum(h.hits), 0) FROM roadmap.probe_hit h JOIN roadmap.probe p USING (probe_id)
	    WHERE h.repo_id = t.repo_id AND p.focus_id = f.focus_id)::int AS evidence_hits
	  FROM t CROSS JOIN roadmap.focus_area f
	  CROSS JOIN LATERAL (
	       SELECT count(*) FILTER (WHERE c.version_key >= t.window_start)::int AS shipped_recent,
	              max(c.version_key) AS last_key
	         FROM roadmap.changelog_entry c
	        WHERE c.repo_id = t.repo_id AND c.version_key < t.version_key AND c.text ~* roadmap.focus_pattern(f.match)) cl
	  CROSS JOIN LATERAL (
	       SELECT count(*)::int AS deferred_open, max(d.carried_releases) AS max_carried
	         FROM roadmap.deferred_items d
	        WHERE d.repo_id = t.repo_id AND d.version_key < t.version_key AND coalesce(d.title, '') ~* roadmap.focus_pattern(f.match)) df
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
SELECT repo_id, version, pillar, focus_id, focus_area,
       round(term_base + term_staleness + term_shipped + term_planned + term_deferred + term_plan + term_evidence, 2) AS score,
       shipped_recent, last_shipped_version, releases_since_shipped, planned_in_target,
       deferred_open, max_carried, plan_open, evidence_hits,
       term_base, term_staleness, term_shipped, term_planned, term_deferred, term_plan, term_evidence
  FROM terms;

-- One row per (target release, pillar): the mean score of its three thinnest
-- focus areas, and the signal totals behind it.
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
	         WHERE i.repo_id = g.repo_id AND i.version = g.version AND i.pillar = g.pillar)::int AS items_in_target
	  FROM (SELECT f.*, row_number() OVER (PARTITION BY f.repo_id, f.version, f.pillar
	                                      ORDER BY f.score DESC, f.focus_id COLLATE "C") AS rank
	          FROM roadmap.focus_gaps f) g
	  JOIN roadmap.pillar p USING (pillar)
	 GROUP BY g.repo_id, g.version, g.pillar, p.ord;

-- Proposals ---------------------------------------------------------------

CREATE TABLE roadmap.proposal (
	repo_id        bigint NOT NULL REFERENCES roadmap.repository ON DELETE CASCADE,
	version        text NOT NULL,
	item_id        text NOT NULL,
	pillar         text NOT NULL REFERENCES roadmap.pillar,
	title          text NOT NULL,
	effort         text NOT NULL CHECK (effort IN ('XS','S','M','L','XL')),
	priority       text NOT NULL CHECK (priority IN ('P0','P1','P2')),
	description    text NOT NULL,
	dependencies   text NOT NULL,
	schema_change  boolean NOT NULL,
	focus_area     text REFERENCES roadmap.focus_area,
	score          numeric,
	source         text NOT NULL CHECK (source IN ('deferred','evidence','gap')),
	source_ref     text,
	rule_no        int,
	ord            int NOT NULL,
	commit         text NOT NULL,
	PRIMARY KEY (repo_id, version, item_id)
);

-- The release-level text of an enrichment: theme and conflicts & risks.
CREATE TABLE roadmap.enrichment (
	repo_id     bigint NOT NULL REFERENCES roadmap.repository ON DELETE CASCADE,
	version     text NOT NULL,
	commit      text NOT NULL,
	theme       text NOT NULL,
	risks       text NOT NULL,
	counts      jsonb,
	created_at  timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (repo_id, version)
);

-- Propose 3–6 items per pillar for version (see docs/proposals.md); with
-- apply, also render and write them back.
CREATE FUNCTION roadmap.enrich(version text, repo text DEFAULT NULL, apply bool DEFAULT true)
	RETURNS SETOF roadmap.proposal
	AS 'MODULE_PATHNAME', 'roadmap_enrich'
	LANGUAGE C VOLATILE;

-- First release not yet released, in version order.
CREATE FUNCTION roadmap.next_version(repo text DEFAULT NULL) RETURNS text
	AS 'MODULE_PATHNAME', 'roadmap_next_version'
	LANGUAGE C VOLATILE;

-- Each proposal with its focus area, every score term and its evidence rows.
CREATE FUNCTION roadmap.explain(version text, repo text DEFAULT NULL)
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
	   AND ($2 IS NULL OR r.path = $2)
	 ORDER BY p.ord
$$;
REVOKE ALL ON FUNCTION roadmap.enrich(text, text, bool) FROM PUBLIC;

-- The whole new text of the release's file; with write, replace the section
-- (and the effort summary) when the transaction commits; with commit, also
-- commit with the message 'roadmap: enrich v<X.Y.Z> with six-pillar quality items'.
CREATE FUNCTION roadmap.render(version text, repo text DEFAULT NULL, write bool DEFAULT true, commit bool DEFAULT true)
	RETURNS text
	AS 'MODULE_PATHNAME', 'roadmap_render'
	LANGUAGE C VOLATILE;

-- Unified diff of what render would change. Writes nothing.
CREATE FUNCTION roadmap.diff(version text, repo text DEFAULT NULL) RETURNS text
	AS 'MODULE_PATHNAME', 'roadmap_diff'
	LANGUAGE C VOLATILE;

REVOKE ALL ON FUNCTION roadmap.render(text, text, bool, bool) FROM PUBLIC;
REVOKE ALL ON FUNCTION roadmap.diff(text, text) FROM PUBLIC;
