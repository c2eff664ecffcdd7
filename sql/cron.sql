-- Scheduling with pg_cron: the documented command runs as a job, an
-- unchanged commit is a no-op (no re-ingest, no write), and a failing job
-- leaves its error in both cron.job_run_details and roadmap.run.
-- pg_cron lives in the database named by cron.database_name (postgres here).
\c postgres
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS pg_cron;
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
-- enrich once by hand (one commit), then read that commit
SELECT count(*) > 0 AS enriched_by_hand
  FROM roadmap.enrich(roadmap.next_version('/tmp/roadmap_enrich_fixtures/wb_cron'), '/tmp/roadmap_enrich_fixtures/wb_cron');
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/wb_cron') > 0 AS ingested;
SELECT max(run_id) AS last_run FROM roadmap.run \gset
RESET client_min_messages;
SELECT cron.schedule('re-enrich-test', '* * * * *',
       $$SELECT count(*) FROM roadmap.enrich(roadmap.next_version('/tmp/roadmap_enrich_fixtures/wb_cron'), '/tmp/roadmap_enrich_fixtures/wb_cron')$$) AS ok_job \gset
SELECT cron.schedule('re-enrich-fail', '* * * * *',
       $$SELECT count(*) FROM roadmap.enrich('0.9.0', '/tmp/roadmap_enrich_fixtures/wb_cronfail')$$) AS fail_job \gset
-- wait (at most 90 s) for one finished run of each job
\! for i in $(seq 1 90); do n=$(psql -X -At -h /tmp -p "$PGPORT" -d postgres -c "select count(distinct jobid) from cron.job_run_details where status in ('succeeded','failed') and jobid in (select jobid from cron.job where jobname like 're-enrich-%')"); [ "$n" = 2 ] && break; sleep 1; done; echo "jobs finished: $n"
SELECT status, return_message FROM cron.job_run_details WHERE jobid = :ok_job ORDER BY runid LIMIT 1;
SELECT status, return_message FROM cron.job_run_details WHERE jobid = :fail_job ORDER BY runid LIMIT 1;
SELECT cron.unschedule(:ok_job) AND cron.unschedule(:fail_job) AS unscheduled;
-- the scheduled run on the unchanged commit: a no-op ingest, no proposals, no new commit
SELECT r.kind, r.outcome, r.version, r.counts->>'reingested' AS reingested, r.counts->>'proposals' AS proposals,
       r.counts->>'pillars_already_enriched' AS pillars_already_enriched
  FROM roadmap.run r JOIN roadmap.repository p USING (repo_id)
 WHERE p.path = '/tmp/roadmap_enrich_fixtures/wb_cron' AND r.run_id > :last_run ORDER BY r.run_id;
\! git -C /tmp/roadmap_enrich_fixtures/wb_cron log --format=%s | grep -c 'roadmap: enrich v0.11.0'
-- the failing job, as roadmap.run recorded it (the worker that logs it may lag a moment)
\! for i in $(seq 1 50); do n=$(psql -X -At -h /tmp -p "$PGPORT" -d postgres -c "select count(*) from roadmap.run where outcome = 'error' and version = '0.9.0'"); [ "$n" -ge 1 ] && break; sleep 0.1; done
SELECT r.kind, r.outcome, r.version, r.error FROM roadmap.run r
 WHERE r.outcome = 'error' AND r.version = '0.9.0' ORDER BY r.run_id LIMIT 1;
SET client_min_messages = warning;
DROP EXTENSION roadmap_enrich;
\c contrib_regression
