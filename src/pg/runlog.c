/*
 * runlog.c — record failed runs in roadmap.run.
 *
 * An ERROR aborts the caller's transaction, taking any row it wrote with
 * it. So the catch block of each entry point copies the error into a pinned
 * dynamic shared memory segment and starts a short-lived background worker
 * that connects to the same database as the same role and inserts the
 * 'error' row in its own transaction. pg_cron's job_run_details and
 * roadmap.run then both say why a scheduled run failed.
 */
#include "postgres.h"

#include "access/xact.h"
#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "miscadmin.h"
#include "pgstat.h"
#include "postmaster/bgworker.h"
#include "storage/dsm.h"
#include "storage/ipc.h"
#include "utils/builtins.h"
#include "utils/resowner.h"
#include "utils/snapmgr.h"
#include "utils/timestamp.h"

#include "catalog.h"
#include "runlog.h"

typedef struct RunLogMsg
{
	Oid			dbid;
	Oid			roleid;
	TimestampTz started;
	char		kind[16];
	char		version[32];
	char		sqlstate[6];
	char		repo[1024];
	char		message[2048];
} RunLogMsg;

void
re_bgworker_init(BackgroundWorker *w, const char *function, const char *name)
{
	memset(w, 0, sizeof(*w));
	w->bgw_flags = BGWORKER_SHMEM_ACCESS | BGWORKER_BACKEND_DATABASE_CONNECTION;
	w->bgw_start_time = BgWorkerStart_RecoveryFinished;
	w->bgw_restart_time = BGW_NEVER_RESTART;
	strlcpy(w->bgw_library_name, "roadmap_enrich", BGW_MAXLEN);
	strlcpy(w->bgw_function_name, function, BGW_MAXLEN);
	strlcpy(w->bgw_name, name, BGW_MAXLEN);
	strlcpy(w->bgw_type, name, BGW_MAXLEN);
}

/* The fields every run-log message has. */
static void
msg_init(RunLogMsg *m, const char *kind, const char *version, const char *repo, TimestampTz started)
{
	memset(m, 0, sizeof(*m));
	m->dbid = MyDatabaseId;
	m->roleid = GetUserId();
	m->started = started;
	strlcpy(m->kind, kind, sizeof(m->kind));
	strlcpy(m->version, version ? version : "", sizeof(m->version));
	strlcpy(m->repo, repo ? repo : "", sizeof(m->repo));
}

/* Start the worker that inserts m; never throws. */
static void
launch(const RunLogMsg *src)
{
	dsm_segment *seg;
	BackgroundWorker w;
	BackgroundWorkerHandle *handle;

	seg = dsm_create(sizeof(RunLogMsg), DSM_CREATE_NULL_IF_MAXSEGMENTS);
	if (seg == NULL)
		return;
	memcpy(dsm_segment_address(seg), src, sizeof(RunLogMsg));

	re_bgworker_init(&w, "re_runlog_main", "roadmap_enrich run log");
	w.bgw_main_arg = UInt32GetDatum(dsm_segment_handle(seg));
	w.bgw_notify_pid = 0;

	/* the segment must outlive this (aborting) transaction until the worker reads it */
	dsm_pin_segment(seg);
	if (!RegisterDynamicBackgroundWorker(&w, &handle))
	{
		dsm_unpin_segment(dsm_segment_handle(seg));
		ereport(WARNING, (errmsg("roadmap_enrich could not record the failed run in roadmap.run"),
						  errhint("Raise max_worker_processes.")));
	}
	dsm_detach(seg);
}

void
re_log_failure(MemoryContext cxt, const char *kind, const char *version, const char *repo)
{
	MemoryContext old = MemoryContextSwitchTo(cxt);
	ErrorData  *ed = CopyErrorData();
	RunLogMsg	m;

	msg_init(&m, kind, version, repo, GetCurrentStatementStartTimestamp());
	strlcpy(m.sqlstate, unpack_sql_state(ed->sqlerrcode), sizeof(m.sqlstate));
	snprintf(m.message, sizeof(m.message), "%s: %s%s%s%s%s", m.sqlstate, ed->message ? ed->message : "",
			 ed->detail ? " — " : "", ed->detail ? ed->detail : "",
			 repo ? " (repository " : "", repo ? psprintf("%s)", repo) : "");
	launch(&m);
	FreeErrorData(ed);
	MemoryContextSwitchTo(old);
}

void
re_log_run(const char *kind, const char *version, const char *repo, const char *message)
{
	RunLogMsg	m;

	PG_TRY();
	{
		msg_init(&m, kind, version, repo, GetCurrentTimestamp());
		strlcpy(m.message, message, sizeof(m.message));
		launch(&m);
	}
	PG_CATCH();
	{
		FlushErrorState();		/* called from transaction callbacks: never throw */
	}
	PG_END_TRY();
}

/* Background worker: insert one 'error' row into roadmap.run. */
void
re_runlog_main(Datum arg)
{
	dsm_handle	h = DatumGetUInt32(arg);
	dsm_segment *seg;
	RunLogMsg	m;
	Oid			types[5] = {TEXTOID, TEXTOID, TEXTOID, TIMESTAMPTZOID, TEXTOID};
	Datum		vals[5];
	char		nulls[5];

	memset(nulls, ' ', sizeof(nulls));
	BackgroundWorkerUnblockSignals();
	CurrentResourceOwner = ResourceOwnerCreate(NULL, "roadmap_enrich run log");
	seg = dsm_attach(h);
	if (seg == NULL)
		proc_exit(1);
	memcpy(&m, dsm_segment_address(seg), sizeof(m));
	dsm_unpin_segment(h);
	dsm_detach(seg);

	BackgroundWorkerInitializeConnectionByOid(m.dbid, m.roleid, 0);
	SetCurrentStatementStartTimestamp();
	StartTransactionCommand();
	re_spi_connect();
	PushActiveSnapshot(GetTransactionSnapshot());
	pgstat_report_activity(STATE_RUNNING, "roadmap_enrich: recording a failed run");
	vals[0] = CStringGetTextDatum(m.repo);
	vals[1] = CStringGetTextDatum(m.kind);
	vals[2] = CStringGetTextDatum(m.version);
	if (m.version[0] == '\0')
		nulls[2] = 'n';
	vals[3] = TimestampTzGetDatum(m.started);
	vals[4] = CStringGetTextDatum(m.message);
	SPI_execute_with_args("INSERT INTO roadmap.run (repo_id, kind, version, started_at, finished_at, outcome, error) "
						  "SELECT (SELECT repo_id FROM roadmap.repository WHERE path = $1), "
						  "$2, $3, $4, clock_timestamp(), 'error', $5 "
						  "WHERE EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'roadmap')",
						  5, types, vals, nulls, false, 0);
	SPI_finish();
	PopActiveSnapshot();
	CommitTransactionCommand();
	pgstat_report_activity(STATE_IDLE, NULL);
	proc_exit(0);
}
