-- Determinism (SPEC: the same answer for the same commit): enrich stores the
-- same proposals, theme, risks and rendered section whatever plans its
-- catalog queries get. Each run is in a new session (no cached plans) and
-- is compared with the first, taken right after the ingest: with the
-- planner's join, scan, sort and aggregation methods switched off in turn,
-- after ANALYZE, and after the catalog's rows were moved around in their
-- tables (an unordered read returns them in another order).
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set r '/tmp/roadmap_enrich_fixtures/sample'
\set v '0.11.0'
SELECT roadmap.ingest(:'r') > 0 AS ingested;
\getenv abs_srcdir PG_ABS_SRCDIR
\set runs :abs_srcdir '/test/lib/determinism_runs.sql'
\i :runs
