-- Versions compare numerically and accept an optional v prefix.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
SELECT v, roadmap.version_key(v), roadmap.version_norm(v)
  FROM unnest(ARRAY['0.9.0', 'v0.10.0', '1.0.0', 'V0.2.10', '0.10.0']) AS v
 ORDER BY roadmap.version_key(v), v COLLATE "C";
-- text order would put 0.10.0 before 0.9.0; numeric order must not
SELECT roadmap.version_key('0.9.0') < roadmap.version_key('0.10.0') AS nine_before_ten;
\set VERBOSITY default
SELECT roadmap.version_key('0.36');
\echo :LAST_ERROR_SQLSTATE
SELECT roadmap.version_key('v0.36.0-beta');
\echo :LAST_ERROR_SQLSTATE
SELECT roadmap.version_key('0.1.x');
\echo :LAST_ERROR_SQLSTATE
