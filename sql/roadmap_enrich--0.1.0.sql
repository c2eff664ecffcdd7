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
	entry_no       int NOT NULL,
	date           text,
	release_title  text,
	section        text,
	text           text NOT NULL,
	item_ids       text[] NOT NULL DEFAULT '{}',
	line           int,
	PRIMARY KEY (repo_id, version, entry_no)
);

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
