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
