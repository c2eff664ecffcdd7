-- The determinism runs shared by sql/determinism.sql (sample fixture) and
-- test/corpus/sql/corpus_determinism.sql (corpus tip): the caller ingests :r
-- and sets :v, then includes this file (psql \i, path from PG_ABS_SRCDIR).
CREATE TABLE det_run (run int, variant text, proposals jsonb, enrichment jsonb, section text);
CREATE FUNCTION det_capture(run int, variant text, repo text, version text) RETURNS bigint LANGUAGE sql AS $$
	SELECT count(*) FROM roadmap.enrich(det_capture.version, det_capture.repo, apply => false);
	INSERT INTO det_run SELECT det_capture.run, det_capture.variant,
	       (SELECT jsonb_agg(to_jsonb(p) - 'repo_id' ORDER BY p.ord, p.item_id COLLATE "C")
	          FROM roadmap.proposal p JOIN roadmap.repository r USING (repo_id)
	         WHERE r.path = roadmap.path_norm(det_capture.repo) AND p.version = roadmap.version_norm(det_capture.version)),
	       (SELECT to_jsonb(e) - 'repo_id' - 'created_at'
	          FROM roadmap.enrichment e JOIN roadmap.repository r USING (repo_id)
	         WHERE r.path = roadmap.path_norm(det_capture.repo) AND e.version = roadmap.version_norm(det_capture.version)),
	       roadmap.render(det_capture.version, det_capture.repo, write => false, commit => false);
	SELECT jsonb_array_length(proposals)::bigint FROM det_run d WHERE d.run = det_capture.run;
$$;
-- moves about half of every catalog table's rows to the end of its heap
-- (an UPDATE writes a new row version; triggers are off so nothing else changes)
CREATE FUNCTION det_shuffle(seed float8) RETURNS SETOF text LANGUAGE sql AS $$
	SELECT format('UPDATE %I.%I SET %I = %I WHERE random() < 0.5', n.nspname, c.relname, a.attname, a.attname)
	  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
	  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
	   AND a.attgenerated = '' AND a.attidentity = ''
	 WHERE n.nspname = 'roadmap' AND c.relkind = 'r' AND setseed(seed) IS NOT NULL
	   AND a.attnum = (SELECT min(x.attnum) FROM pg_attribute x WHERE x.attrelid = c.oid AND x.attnum > 0
	                    AND NOT x.attisdropped AND x.attgenerated = '' AND x.attidentity = '')
	 ORDER BY c.relname COLLATE "C"
$$;
\c
SELECT det_capture(1, 'first, right after ingest', :'r', :'v') > 0 AS proposed;
\c
SET enable_hashagg = off; SET enable_hashjoin = off; SET enable_seqscan = off;
SELECT det_capture(2, 'no hash, no seqscan', :'r', :'v') > 0 AS proposed;
\c
SET enable_indexscan = off; SET enable_bitmapscan = off; SET enable_indexonlyscan = off;
SET enable_nestloop = off; SET enable_mergejoin = off;
SELECT det_capture(3, 'no index, hash joins', :'r', :'v') > 0 AS proposed;
\c
SET work_mem = '64kB'; SET enable_sort = off; SET enable_incremental_sort = off;
SELECT det_capture(4, 'small work_mem, no sort', :'r', :'v') > 0 AS proposed;
ANALYZE;
\c
SELECT det_capture(5, 'analyzed', :'r', :'v') > 0 AS proposed;
SET session_replication_role = replica;
\set ECHO none
SELECT det_shuffle(0.1) \gexec
SELECT det_shuffle(0.7) \gexec
\set ECHO all
RESET session_replication_role;
\c
SET enable_indexscan = off; SET enable_bitmapscan = off; SET enable_indexonlyscan = off;
SET enable_nestloop = off; SET enable_mergejoin = off;
SELECT det_capture(6, 'rows moved, hash joins', :'r', :'v') > 0 AS proposed;
ANALYZE;
\c
SELECT det_capture(7, 'rows moved, analyzed', :'r', :'v') > 0 AS proposed;
-- every run equals the first
SELECT d.run, d.variant, d.proposals = f.proposals AS same_proposals,
       d.enrichment = f.enrichment AS same_theme_and_risks, d.section = f.section AS same_section
  FROM det_run d CROSS JOIN (SELECT * FROM det_run WHERE run = 1) f ORDER BY d.run;
DROP FUNCTION det_capture(int, text, text, text);
DROP FUNCTION det_shuffle(float8);
DROP TABLE det_run;
