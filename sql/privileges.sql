-- Reading server paths needs superuser or pg_read_server_files; GUCs that
-- widen access are superuser-only.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set VERBOSITY default
\set SHOW_CONTEXT never
CREATE ROLE re_plain LOGIN;
CREATE ROLE re_reader LOGIN IN ROLE pg_read_server_files;
GRANT USAGE ON SCHEMA roadmap TO re_plain, re_reader;
GRANT EXECUTE ON FUNCTION roadmap.ingest(text, text) TO re_plain, re_reader;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA roadmap TO re_plain, re_reader;
GRANT USAGE ON ALL SEQUENCES IN SCHEMA roadmap TO re_plain, re_reader;
SET ROLE re_plain;
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/mono');
\echo :LAST_ERROR_SQLSTATE
SET roadmap_enrich.allowed_roots = '/';
\echo :LAST_ERROR_SQLSTATE
SET roadmap_enrich.trust_repository_owner = on;
\echo :LAST_ERROR_SQLSTATE
RESET ROLE;
SET ROLE re_reader;
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/mono') > 0 AS reader_can_ingest;
RESET ROLE;
-- writing back needs pg_write_server_files too; proposing without writing does not
GRANT EXECUTE ON FUNCTION roadmap.enrich(text, text, bool) TO re_reader;
SET ROLE re_reader;
SELECT count(*) FROM roadmap.enrich('0.10.0', '/tmp/roadmap_enrich_fixtures/mono');
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) > 0 AS reader_can_propose FROM roadmap.enrich('0.10.0', '/tmp/roadmap_enrich_fixtures/mono', apply => false);
RESET ROLE;
REVOKE ALL ON FUNCTION roadmap.enrich(text, text, bool) FROM re_reader;
-- not granted at all: EXECUTE is revoked from PUBLIC
CREATE ROLE re_nobody LOGIN;
SET ROLE re_nobody;
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/mono');
\echo :LAST_ERROR_SQLSTATE
RESET ROLE;
REVOKE ALL ON ALL TABLES IN SCHEMA roadmap FROM re_plain, re_reader;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA roadmap FROM re_plain, re_reader;
REVOKE ALL ON FUNCTION roadmap.ingest(text, text) FROM re_plain, re_reader;
REVOKE ALL ON SCHEMA roadmap FROM re_plain, re_reader;
DROP ROLE re_plain, re_reader, re_nobody;
