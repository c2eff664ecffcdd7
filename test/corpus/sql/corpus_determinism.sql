-- Determinism at the corpus tip: v0.36.0 at HEAD, as sql/determinism.sql
-- checks it on the sample fixture (same runs, same comparison).
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set r '/tmp/roadmap_enrich_corpus'
\set v '0.36.0'
SELECT roadmap.ingest(:'r') > 0 AS ingested;
\getenv abs_srcdir PG_ABS_SRCDIR
\set runs :abs_srcdir '/../lib/determinism_runs.sql'
\i :runs
