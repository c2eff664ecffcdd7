-- Upgrade path: a database that installed 0.1.0 and holds data, after
-- ALTER EXTENSION roadmap_enrich UPDATE, has the same catalog as a fresh
-- CREATE EXTENSION (as pg_cron tests its upgrade chain). The comparison is
-- generic: every object of the extension's schema and every member of the
-- extension, with its definition, columns, constraints, indexes, triggers,
-- privileges, comments, dump configuration and shipped rows. Runs in its own
-- database so the other tests' catalog is untouched.
\set VERBOSITY default
\set SHOW_CONTEXT never
\set regress_db :DBNAME
\set r '/tmp/roadmap_enrich_fixtures/sample'
DROP DATABASE IF EXISTS re_upgrade;
CREATE DATABASE re_upgrade;
\c re_upgrade
-- the catalog as rows of (kind, identity, definition); pg_catalog only, so
-- DROP EXTENSION leaves it alone
CREATE VIEW public.schema_snapshot AS
WITH ext AS (SELECT oid, extnamespace FROM pg_extension WHERE extname = 'roadmap_enrich'),
rels AS (
  SELECT c.oid, c.relkind, c.relacl, format('%I.%I', n.nspname, c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace, ext
   WHERE n.oid = ext.extnamespace),
procs AS (
  SELECT p.oid, p.proacl, format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) AS name
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace, ext
   WHERE n.oid = ext.extnamespace)
SELECT 'member' AS kind, pg_describe_object(d.classid, d.objid, d.objsubid) AS ident, '' AS def
  FROM pg_depend d, ext WHERE d.refclassid = 'pg_extension'::regclass AND d.refobjid = ext.oid AND d.deptype = 'e'
UNION ALL
SELECT 'relation', name, relkind::text || ' acl=' || coalesce(relacl::text, '') || ' comment=' || coalesce(obj_description(oid, 'pg_class'), '')
  FROM rels
UNION ALL
SELECT 'column', r.name || '.' || a.attname,
       format('#%s %s%s default=%s identity=%s generated=%s comment=%s',
              rank() OVER (PARTITION BY r.oid ORDER BY a.attnum), format_type(a.atttypid, a.atttypmod),
              CASE WHEN a.attnotnull THEN ' not null' ELSE '' END, coalesce(pg_get_expr(ad.adbin, ad.adrelid), ''),
              a.attidentity, a.attgenerated, coalesce(col_description(r.oid, a.attnum), ''))
  FROM rels r JOIN pg_attribute a ON a.attrelid = r.oid AND a.attnum > 0 AND NOT a.attisdropped
  LEFT JOIN pg_attrdef ad ON ad.adrelid = r.oid AND ad.adnum = a.attnum
UNION ALL
SELECT 'constraint', r.name || '.' || co.conname, pg_get_constraintdef(co.oid)
  FROM rels r JOIN pg_constraint co ON co.conrelid = r.oid
UNION ALL
SELECT 'index', r.name, pg_get_indexdef(r.oid) FROM rels r WHERE r.relkind = 'i'
UNION ALL
SELECT 'view', r.name, pg_get_viewdef(r.oid) FROM rels r WHERE r.relkind IN ('v', 'm')
UNION ALL
SELECT 'trigger', r.name || '.' || t.tgname, pg_get_triggerdef(t.oid)
  FROM rels r JOIN pg_trigger t ON t.tgrelid = r.oid AND NOT t.tgisinternal
UNION ALL
SELECT 'function', p.name,
       format('returns %s lang %s volatile %s strict %s secdef %s parallel %s config %s acl %s src %s',
              pg_get_function_result(p.oid), l.lanname, pp.provolatile, pp.proisstrict, pp.prosecdef,
              pp.proparallel, coalesce(pp.proconfig::text, ''), coalesce(p.proacl::text, ''),
              md5(coalesce(pp.prosrc, '') || coalesce(pp.probin, '') || coalesce(pg_get_function_sqlbody(p.oid), '')))
  FROM procs p JOIN pg_proc pp ON pp.oid = p.oid JOIN pg_language l ON l.oid = pp.prolang
UNION ALL
SELECT 'dump config', format('%I.%I', n.nspname, c.relname), coalesce(e.cond, '')
  FROM pg_extension x
  CROSS JOIN LATERAL unnest(x.extconfig, x.extcondition) AS e(cfg, cond)
  JOIN pg_class c ON c.oid = e.cfg JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE x.extname = 'roadmap_enrich'
UNION ALL
-- table contents, compared only for the tables a fresh install fills (the shipped rows)
SELECT 'rows', r.name,
       md5(coalesce((xpath('//h/text()', query_to_xml(format(
         'SELECT md5(coalesce(string_agg(t::text, E''\n'' ORDER BY t::text COLLATE "C"), '''')) AS h FROM %s t', r.name),
         false, false, '')))[1]::text, ''))
  FROM rels r WHERE r.relkind = 'r';

-- 1. install 0.1.0, fill it, update
CREATE EXTENSION roadmap_enrich VERSION '0.1.0';
SELECT roadmap.ingest(:'r') > 0 AS ingested_on_0_1_0;
SELECT count(*) > 0 AS proposals_on_0_1_0 FROM roadmap.enrich('0.11.0', :'r', apply => false);
ALTER EXTENSION roadmap_enrich UPDATE;
SELECT x.extversion = a.default_version AS at_default_version
  FROM pg_extension x JOIN pg_available_extensions a ON a.name = x.extname WHERE x.extname = 'roadmap_enrich';
-- the data survived and the updated extension works on it
SELECT count(*) > 0 AS items_kept FROM roadmap.item;
SELECT count(*) > 0 AS proposals_after_update FROM roadmap.enrich('0.11.0', :'r', apply => false);
CREATE TABLE public.snap_updated AS SELECT * FROM public.schema_snapshot;

-- 2. a fresh install of the default version
DROP EXTENSION roadmap_enrich CASCADE;
CREATE EXTENSION roadmap_enrich;
CREATE TABLE public.snap_fresh AS SELECT * FROM public.schema_snapshot;

-- 3. the same catalog: nothing in one that is not in the other
SELECT (SELECT count(*) FROM snap_fresh WHERE kind = 'member') > 20 AS snapshot_not_empty,
       (SELECT count(DISTINCT kind) FROM snap_fresh) >= 7 AS all_kinds_seen;
SELECT side, kind, ident, def FROM (
  SELECT 'only after update', * FROM (
    SELECT * FROM snap_updated
     WHERE kind <> 'rows' OR ident IN (SELECT ident FROM snap_fresh WHERE kind = 'rows' AND def <> md5(md5('')))
    EXCEPT SELECT * FROM snap_fresh) u
  UNION ALL
  SELECT 'only in fresh install', * FROM (
    SELECT * FROM snap_fresh WHERE kind <> 'rows' OR def <> md5(md5(''))
    EXCEPT SELECT * FROM snap_updated) f) d(side, kind, ident, def)
ORDER BY side, kind, ident COLLATE "C";
\c :regress_db
DROP DATABASE re_upgrade;
